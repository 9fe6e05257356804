//! Every rank but 0: it serves its master, running the jobs it is given
//! (as a slave master or as a leaf processor) until the search is over.

use std::time::Instant;

use tree_core::{Tree, Value};

use super::rank::{Frame, Rank, Stop, duration_ns, wait_for_abort};
use crate::error::DistError;
use crate::message::{Msg, NodeKind};
use crate::transport::Transport;

impl<T, X> Rank<'_, T, X>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
    pub(super) fn run_slave(&mut self) -> Result<(), DistError> {
        match self.start_up().and_then(|()| self.serve()) {
            Ok(()) => Ok(()),
            Err(Stop::Aborted) => Err(DistError::Aborted),
            Err(Stop::Terminated) => Err(DistError::Protocol {
                message: "a job ended outside the job".into(),
            }),
            Err(Stop::Fail(e)) => {
                let report = Msg::Error {
                    origin: self.place.rank as u32,
                    silent: e.silent_rank().map(|r| r as u32),
                    message: e.to_string(),
                };
                let _ = self.net.send(0, &report);
                wait_for_abort(&mut self.net);
                Err(e)
            }
        }
    }

    /// Serves the master: runs its jobs until FINISH (or ABORT).
    fn serve(&mut self) -> Result<(), Stop> {
        let master = self.place.master;
        loop {
            let Some((from, msg, _)) = self.net.recv(None)? else {
                continue;
            };
            let from_master = Some(from) == master;
            match msg {
                Msg::Assign {
                    job,
                    kind,
                    alpha,
                    beta,
                    clock,
                    path,
                } if from_master => {
                    self.clock = clock;
                    self.run_job(job, kind, alpha, beta, path)?;
                }
                // For a job already over: under EVALTIME emulation, one
                // that ran past the message's instant has left the clock.
                Msg::Update { job, at, .. } | Msg::Terminate { job, at } if from_master => {
                    if self.cfg.evaltime.is_some()
                        && self
                            .answered
                            .is_some_and(|(j, finish)| j == job && finish > at)
                    {
                        self.net.stats.late += 1;
                    }
                }
                Msg::Finish if from_master => {
                    let stats = self.gather()?;
                    let m = master.expect("a rank other than 0 has a master");
                    self.net.send(m, &Msg::Stats { ranks: stats })?;
                    self.done()?;
                    return Ok(());
                }
                // Late answers of terminated jobs.
                Msg::Result { job, finish, .. } if self.place.slaves.contains(&from) => {
                    let j = self.place.slaves.iter().position(|&s| s == from);
                    self.late_answer(job, j.unwrap_or(0), finish);
                }
                Msg::Heartbeat { .. } if self.place.slaves.contains(&from) => {}
                msg => self.unexpected(from, msg, "waiting for a job")?,
            }
        }
    }

    /// One job from the master: its value goes back unless it is
    /// terminated.
    fn run_job(
        &mut self,
        job: u32,
        kind: NodeKind,
        alpha: Value,
        beta: Value,
        mut path: Vec<u16>,
    ) -> Result<(), Stop> {
        let node = self.node_at(&path)?;
        let start = Instant::now();
        self.net.stats.jobs += 1;
        self.job = Some(job);
        self.job_leaves = 0;
        self.updated_at = None;
        self.last_to_master = start;
        let depth = path.len();
        let result = if self.place.levels == 0 {
            self.leaf_search(&node, depth, alpha, beta)
        } else {
            self.frames = vec![Frame { m: alpha, b: beta }];
            let v = self.master(&node, &mut path, depth, kind);
            self.frames.clear();
            v
        };
        self.job = None;
        self.net.stats.busy_ns += duration_ns(start.elapsed());
        match result {
            Ok(value) => {
                let m = self.place.master.expect("a slave has a master");
                let finish = self.clock.start;
                let cut = self.updated_at == Some(finish);
                let answer = Msg::Result {
                    job,
                    value,
                    finish,
                    cut,
                };
                self.net.send(m, &answer)?;
                self.answered = Some((job, finish));
                Ok(())
            }
            Err(Stop::Terminated) => {
                self.net.stats.terminated += 1;
                Ok(())
            }
            Err(e) => Err(e),
        }
    }
}
