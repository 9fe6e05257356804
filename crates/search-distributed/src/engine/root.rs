//! Rank 0: the root master, which drives the search and reports it.

use std::time::Instant;

use tree_core::{Tree, Value};

use super::rank::{Frame, Rank, Stop, duration_ns, leftmost_path};
use crate::config::{DistAlgorithm, PvReading};
use crate::error::DistError;
use crate::message::{Clock, Msg, NodeKind};
use crate::net::now_ns;
use crate::report::DistReport;
use crate::transport::Transport;

impl<T, X> Rank<'_, T, X>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
    pub(super) fn run_root(&mut self) -> Result<DistReport, DistError> {
        let result = self.start_up().and_then(|()| {
            let start = Instant::now();
            self.clock = Clock {
                epoch_ns: now_ns(),
                start: 0,
            };
            let value = self.root_search()?;
            let elapsed = start.elapsed();
            self.net.stats.busy_ns = duration_ns(elapsed);
            let virtual_elapsed = self.cfg.evaltime.map(|_| self.clock.start);
            let per_rank = self.gather()?;
            self.release()?;
            Ok((value, elapsed, virtual_elapsed, per_rank))
        });
        match result {
            Ok((value, elapsed, virtual_elapsed, entries)) => {
                let size = self.cfg.processors.processors().unwrap_or(1) as usize;
                let mut per_rank = vec![None; size];
                for (r, s) in entries {
                    match per_rank.get_mut(r as usize) {
                        Some(slot @ None) => *slot = Some(s),
                        _ => {
                            return Err(DistError::Protocol {
                                message: format!("statistics of rank {r} twice or out of range"),
                            });
                        }
                    }
                }
                let per_rank = per_rank
                    .into_iter()
                    .enumerate()
                    .map(|(r, s)| {
                        s.ok_or_else(|| DistError::Protocol {
                            message: format!("no statistics from rank {r}"),
                        })
                    })
                    .collect::<Result<_, _>>()?;
                Ok(DistReport {
                    algorithm: self.algorithm,
                    value,
                    best: self.best,
                    processors: self.cfg.processors,
                    per_rank,
                    elapsed,
                    virtual_elapsed,
                })
            }
            Err(stop) => {
                let e = match stop {
                    Stop::Fail(e) => e,
                    Stop::Terminated | Stop::Aborted => DistError::Protocol {
                        message: "rank 0 was told to stop".into(),
                    },
                };
                let size = self.cfg.processors.processors().unwrap_or(1) as usize;
                for r in 1..size {
                    if Some(r) != e.silent_rank() {
                        let _ = self.net.send(r, &Msg::Abort);
                    }
                }
                Err(e)
            }
        }
    }

    /// The root's search: the value clamped into the window.
    fn root_search(&mut self) -> Result<Value, Stop> {
        let root = self.tree.root();
        let (alpha, beta) = (self.cfg.window.alpha(), self.cfg.window.beta());
        let v = if self.place.levels == 0 {
            self.leaf_search(&root, 0, alpha, beta)?
        } else {
            self.frames = vec![Frame { m: alpha, b: beta }];
            let mut path = Vec::new();
            let v = match self.algorithm {
                DistAlgorithm::TreeSplit => self.master(&root, &mut path, 0, NodeKind::Unknown)?,
                DistAlgorithm::PvSplit => {
                    let (plies, bottom) = match self.cfg.pv {
                        PvReading::Fig12 => (
                            leftmost_path(self.tree).saturating_sub(self.cfg.processors.depth),
                            NodeKind::Type1,
                        ),
                        PvReading::Simulated => (1, NodeKind::Unknown),
                    };
                    self.pvsplit(&root, &mut path, 0, plies, bottom)?
                }
            };
            self.frames.clear();
            v
        };
        Ok(self.cfg.window.clamp(v))
    }
}
