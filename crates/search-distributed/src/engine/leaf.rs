//! A leaf processor's part: the polled alpha-beta of
//! `search_parallel::polled` (Fig. 4, its window narrowed by UPDATE as
//! Fig. 11 has it), reading its messages every `poll` child visits.

use std::time::Duration;

use search_depthfirst::SearchError;
use search_parallel::polled::{self, PolledSearch};
use tree_core::{Tree, Value};

use super::rank::{POLL_HISTORY, Rank, Stop, duration_ns};
use crate::message::Msg;
use crate::net::now_ns;
use crate::transport::Transport;

impl<T, X> Rank<'_, T, X>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
    /// A leaf processor's job: alpha-beta at `node` under `(alpha, beta)`,
    /// narrowed by UPDATE as it runs ([`polled::alphabeta`]: Fig. 4 with
    /// the job's window as last read applied before every child, the same
    /// at even distances, negated at odd ones). A result is correct for the
    /// last window applied, which is all the master needs (see
    /// `docs/PARALLEL.md`).
    pub(super) fn leaf_search(
        &mut self,
        node: &T::Node,
        depth: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<Value, Stop> {
        self.window = (alpha, beta);
        self.countdown = 0;
        self.polls.clear();
        polled::alphabeta(self, node, depth, 0, Value::NEG_INF, Value::INF)
    }

    /// Counts a child visit; every `poll` visits (every visit under
    /// EVALTIME emulation, where an update must arrive in its EVALTIME)
    /// the leaf reads its messages.
    fn tick(&mut self) -> Result<(), Stop> {
        if self.countdown == 0 || self.cfg.evaltime.is_some() {
            self.countdown = self.cfg.poll;
            self.poll()?;
        }
        self.countdown -= 1;
        Ok(())
    }

    /// A leaf reads its messages: UPDATE narrows the job's window,
    /// TERMINATE stops the job, ABORT the search; then a heartbeat if due.
    fn poll(&mut self) -> Result<(), Stop> {
        let Some(master) = self.place.master else {
            return Ok(()); // rank 0 alone: nobody to hear from
        };
        if self.polls.len() == POLL_HISTORY {
            self.polls.pop_front();
        }
        self.polls.push_back((now_ns(), self.job_leaves));
        while let Some((from, msg, sent)) = self.net.try_recv()? {
            match msg {
                Msg::Update {
                    job,
                    alpha,
                    beta,
                    at,
                } if from == master => {
                    if self.job == Some(job) {
                        self.catch_up(at);
                        self.updated_at = Some(at);
                        self.window = (self.window.0.max(alpha), self.window.1.min(beta));
                    }
                }
                Msg::Terminate { job, at } if from == master => {
                    if self.job == Some(job) {
                        self.catch_up(at);
                        self.net.stats.after_terminate += self.evaluations_since(sent);
                        return Err(Stop::Terminated);
                    }
                }
                msg => self.unexpected(from, msg, "searching")?,
            }
        }
        self.heartbeat_if_due()
    }

    /// The current job's evaluations since wall-clock time `sent_ns`, to
    /// the resolution of the leaf's looks at its messages.
    fn evaluations_since(&self, sent_ns: u64) -> u64 {
        let before = self
            .polls
            .iter()
            .rev()
            .find(|&&(t, _)| t <= sent_ns)
            .or(self.polls.front())
            .map_or(0, |&(_, l)| l);
        self.job_leaves - before
    }

    /// EVALTIME emulation: waits until wall-clock time `due_ns`, a leaf
    /// reading its messages meanwhile (and once more at the end), sleeping
    /// at most an eighth of EVALTIME (`evaltime_ns`) at a time.
    fn wait_until(&mut self, due_ns: u64, evaltime_ns: u64) -> Result<(), Stop> {
        loop {
            if self.place.levels == 0 {
                self.poll()?;
            }
            let now = now_ns();
            if now >= due_ns {
                return Ok(());
            }
            // Sleeping, not yielding: on a loaded host a yield can cost a
            // whole time slice, while a sleeper is woken promptly (a sleep
            // overshoots by the timer slack, ~50 µs on Linux, which the
            // graces absorb).
            let step = (due_ns - now)
                .min(evaltime_ns / 8)
                .min(duration_ns(self.cfg.idle_sleep).max(1_000));
            std::thread::sleep(Duration::from_nanos(step));
        }
    }
}

/// What the polled alpha-beta asks of a leaf processor: the tree through
/// the rank's [`Counted`](tree_core::Counted), its job's window, read from
/// its messages every `poll` child visits.
impl<T, X> PolledSearch for Rank<'_, T, X>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
    type Node = T::Node;
    type Stop = Stop;

    #[inline]
    fn children(&mut self, node: &T::Node) -> usize {
        self.counted.num_children(node)
    }

    /// Counted by `children` ([`Counted`](tree_core::Counted)).
    #[inline]
    fn expanded(&mut self) {}

    #[inline]
    fn child(&mut self, node: &T::Node, i: usize) -> T::Node {
        self.counted.child(node, i)
    }

    /// Counted. Under EVALTIME emulation the evaluation is one tick of the
    /// rank's virtual clock and completes at that tick's wall-clock time
    /// (a leaf reads its messages while it waits, so a TERMINATE sent
    /// before then stops it first).
    #[inline]
    fn evaluate(&mut self, node: &T::Node) -> Result<Value, Stop> {
        self.job_leaves += 1;
        if let Some(e) = self.cfg.evaltime {
            let e = duration_ns(e);
            let due = self.clock.epoch_ns + (self.clock.start + 1).saturating_mul(e);
            self.wait_until(due, e)?;
            self.clock.start += 1;
        }
        Ok(self.counted.value(node))
    }

    fn fail(&mut self, e: SearchError) -> Stop {
        e.into()
    }

    /// The job's window, after a [`tick`](Rank::tick).
    #[inline]
    fn window(&mut self) -> Result<(Value, Value), Stop> {
        self.tick()?;
        Ok(self.window)
    }

    /// Rank 0 searching the root alone (a processor tree of depth 0)
    /// records its best move.
    #[inline]
    fn raised(&mut self, depth: usize, i: usize) {
        if depth == 0 {
            self.best = Some(i);
        }
    }
}
