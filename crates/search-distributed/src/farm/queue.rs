//! The jobs waiting for a rank's compute threads, and the threads' loop.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::Sender;
use std::sync::{Condvar, Mutex};

/// A job's index and its result.
pub(super) type Answer = (usize, Result<Vec<u8>, String>);

/// A compute thread: jobs from `queue` until it closes, answers to `tx`.
pub(super) fn compute<F>(queue: &Queue, tx: &Sender<Answer>, work: &F)
where
    F: Fn(usize) -> Result<Vec<u8>, String> + Sync,
{
    while let Some(job) = queue.pop() {
        let answer = catch_unwind(AssertUnwindSafe(|| work(job))).unwrap_or_else(|panic| {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(format!("the job panicked: {what}"))
        });
        if tx.send((job, answer)).is_err() {
            return;
        }
    }
}

/// Jobs waiting for this rank's compute threads.
#[derive(Default)]
pub(super) struct Queue {
    /// The jobs, and whether the queue is closed.
    state: Mutex<(VecDeque<usize>, bool)>,
    ready: Condvar,
}

impl Queue {
    pub(super) fn push(&self, job: usize) {
        self.state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .push_back(job);
        self.ready.notify_one();
    }

    pub(super) fn close(&self) {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).1 = true;
        self.ready.notify_all();
    }

    /// The next job, waiting for one; `None` once closed.
    pub(super) fn pop(&self) -> Option<usize> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if state.1 {
                return None;
            }
            if let Some(job) = state.0.pop_front() {
                return Some(job);
            }
            state = self.ready.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn the_queue_hands_each_job_out_once_and_closes() {
        let q = Queue::default();
        let taken = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| {
                    while let Some(j) = q.pop() {
                        taken.lock().unwrap().push(j);
                    }
                });
            }
            for j in 0..100 {
                q.push(j);
            }
            while taken.lock().unwrap().len() < 100 {
                std::thread::yield_now();
            }
            q.close();
        });
        let mut taken = taken.into_inner().unwrap();
        taken.sort_unstable();
        assert_eq!(taken, (0..100).collect::<Vec<_>>());
    }
}
