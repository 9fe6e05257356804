//! [`Rank`]: one rank's state in a search, and what every rank does alike
//! (the start-up handshake, messages out of place, the statistics wave at
//! the end). What a rank does as rank 0, as a slave, as a master and as a
//! leaf processor is in the sibling modules, as further `impl` blocks.

use std::collections::{BTreeSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use search_depthfirst::SearchError;
use tree_core::{Counted, Dewey, MAX_DEPTH, Tree, Value};

use super::place::{Place, place};
use crate::config::{DistAlgorithm, DistConfig};
use crate::error::DistError;
use crate::message::{Clock, Msg};
use crate::net::Net;
use crate::report::RankStats;
use crate::transport::Transport;

/// Receives until rank 0's ABORT (or the transport's end).
pub(super) fn wait_for_abort<X: Transport + ?Sized>(net: &mut Net<'_, X>) {
    loop {
        match net.recv(None) {
            Ok(Some((0, Msg::Abort, _))) | Err(_) => return,
            Ok(_) => {}
        }
    }
}

/// Why a search on a rank stopped before its value was known.
#[derive(Debug)]
pub(super) enum Stop {
    /// The master terminated this rank's job.
    Terminated,
    /// Rank 0 abandoned the search.
    Aborted,
    /// Something failed.
    Fail(DistError),
}

impl From<DistError> for Stop {
    fn from(e: DistError) -> Stop {
        match e {
            DistError::Aborted => Stop::Aborted,
            e => Stop::Fail(e),
        }
    }
}

impl From<SearchError> for Stop {
    fn from(e: SearchError) -> Stop {
        Stop::Fail(DistError::Search(e))
    }
}

pub(super) fn protocol(message: String) -> Stop {
    Stop::Fail(DistError::Protocol { message })
}

/// One ply a master works on itself: its best score `m` so far and its own
/// upper bound; the effective window also depends on the frames above.
#[derive(Debug, Clone, Copy)]
pub(super) struct Frame {
    pub(super) m: Value,
    pub(super) b: Value,
}

impl Frame {
    /// A ply below another: its window comes from above until it scores.
    pub(super) const OPEN: Frame = Frame {
        m: Value::NEG_INF,
        b: Value::INF,
    };
}

/// A job a slave is running, as its master sees it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Running {
    pub(super) job: u32,
    /// The successor it searches.
    pub(super) child: usize,
    /// Its answer (value, virtual finishing time, cut by an update at
    /// that instant), received and not yet consumed.
    pub(super) answer: Option<(Value, u64, bool)>,
}

/// Terminated jobs a master remembers, to recognise their late answers.
pub(super) const CUT_HISTORY: usize = 64;

/// Recent (time, evaluations) pairs of a leaf's job, for estimating the
/// evaluations made after a TERMINATE was sent.
pub(super) const POLL_HISTORY: usize = 64;

pub(super) struct Rank<'a, T: ?Sized, X: ?Sized> {
    pub(super) tree: &'a T,
    pub(super) counted: Counted<&'a T>,
    pub(super) net: Net<'a, X>,
    pub(super) cfg: &'a DistConfig,
    pub(super) algorithm: DistAlgorithm,
    pub(super) place: Place,
    /// The job this rank is running for its master, if any.
    pub(super) job: Option<u32>,
    /// Evaluations in the current job.
    pub(super) job_leaves: u64,
    /// EVALTIME emulation: the virtual clock (the job's, or rank 0's), in
    /// EVALTIMEs since `clock.epoch_ns`.
    pub(super) clock: Clock,
    /// The last message to the master (heartbeats are due after a
    /// quiet `heartbeat`).
    pub(super) last_to_master: Instant,
    /// A master's frames (innermost last).
    pub(super) frames: Vec<Frame>,
    /// A leaf job's window at its root, narrowed by UPDATE.
    pub(super) window: (Value, Value),
    /// Child visits until the leaf's next look at its messages.
    pub(super) countdown: u32,
    /// (time, job evaluations) at the leaf's recent looks.
    pub(super) polls: VecDeque<(u64, u64)>,
    /// The next job number this master hands out.
    pub(super) next_job: u32,
    /// EVALTIME emulation: the virtual time of the last UPDATE of the
    /// current job.
    pub(super) updated_at: Option<u64>,
    /// The last job answered, and its virtual finishing time.
    pub(super) answered: Option<(u32, u64)>,
    /// EVALTIME emulation: recently terminated jobs (job, slave, the
    /// event that stopped them).
    pub(super) cut_jobs: VecDeque<(u32, usize, (u64, usize))>,
    /// Rank 0: the root's successor whose value last raised the root's
    /// α (its best move so far).
    pub(super) best: Option<usize>,
}

impl<'a, T, X> Rank<'a, T, X>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
    pub(super) fn new(
        algorithm: DistAlgorithm,
        tree: &'a T,
        transport: &'a mut X,
        cfg: &'a DistConfig,
    ) -> Rank<'a, T, X> {
        let me = transport.rank();
        let now = Instant::now();
        Rank {
            tree,
            counted: Counted::new(tree),
            net: Net::new(transport, cfg.idle_sleep, cfg.evaltime.is_some()),
            cfg,
            algorithm,
            place: place(me, cfg.processors),
            job: None,
            job_leaves: 0,
            clock: Clock::default(),
            last_to_master: now,
            frames: Vec::new(),
            window: (Value::NEG_INF, Value::INF),
            countdown: 0,
            polls: VecDeque::with_capacity(POLL_HISTORY),
            next_job: 0,
            updated_at: None,
            answered: None,
            cut_jobs: VecDeque::new(),
            best: None,
        }
    }

    /// What every rank must agree on: the inputs that decide the search.
    fn fingerprint(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let c = self.cfg;
        (
            self.algorithm.name(),
            c.processors,
            c.window,
            c.update,
            c.type2,
        )
            .hash(&mut h);
        (c.pv, c.evaltime).hash(&mut h);
        self.tree.bounds().hash(&mut h);
        // A cheap look at the tree itself (not counted): the root's
        // branching and the leftmost and rightmost terminals' values.
        let root = self.tree.root();
        self.tree.num_children(&root).hash(&mut h);
        for rightmost in [false, true] {
            let mut n = root.clone();
            for _ in 0..MAX_DEPTH {
                let w = self.tree.num_children(&n);
                if w == 0 {
                    break;
                }
                n = self.tree.child(&n, if rightmost { w - 1 } else { 0 });
            }
            if self.tree.num_children(&n) == 0 {
                self.tree.value(&n).get().hash(&mut h);
            }
        }
        h.finish()
    }

    /// The start-up handshake, up the processor tree: a master waits for
    /// READY from each slave and checks its fingerprint, then (below rank
    /// 0) sends its own READY to its master once its whole subtree is
    /// ready; a leaf processor just sends READY. READY goes to the master,
    /// not to rank 0, so that a rank's READY for the next search cannot
    /// overtake its statistics of the last one (messages between two ranks
    /// stay in order). A master waits up to `timeout` × its levels, so
    /// that the master nearest a silent rank reports it.
    pub(super) fn start_up(&mut self) -> Result<(), Stop> {
        let mine = self.fingerprint();
        self.hear_every_slave(
            "starting (no READY)",
            |rank, from, awaited, msg| match msg {
                Msg::Ready { fingerprint } if awaited => {
                    if fingerprint != mine {
                        return Err(Stop::Fail(DistError::Mismatch { rank: from }));
                    }
                    Ok(true)
                }
                Msg::Refuse { reason } if rank.place.rank == 0 => {
                    Err(Stop::Fail(DistError::Refused { rank: from, reason }))
                }
                msg => rank.unexpected(from, msg, "starting").map(|()| false),
            },
        )?;
        if let Some(m) = self.place.master {
            self.net.send(m, &Msg::Ready { fingerprint: mine })?;
        }
        Ok(())
    }

    /// Waits until every slave has sent the message `accept` takes
    /// (`Ok(true)`; `Ok(false)` for one that is not it), all within the
    /// master's patience; the first slave still awaited then is silent
    /// `during` what it was doing. `accept` gets the sender and whether it
    /// is still awaited.
    fn hear_every_slave(
        &mut self,
        during: &'static str,
        mut accept: impl FnMut(&mut Self, usize, bool, Msg) -> Result<bool, Stop>,
    ) -> Result<(), Stop> {
        let mut pending: BTreeSet<usize> = self.place.slaves.iter().copied().collect();
        let patience = self.patience();
        let deadline = Instant::now() + patience;
        while let Some(&first) = pending.first() {
            let Some((from, msg, _)) = self.net.recv(Some(deadline))? else {
                return Err(Stop::Fail(DistError::Silent {
                    rank: first,
                    waited: patience,
                    during,
                }));
            };
            let awaited = pending.contains(&from);
            if accept(self, from, awaited, msg)? {
                pending.remove(&from);
            }
        }
        Ok(())
    }

    /// How long a master waits for its slaves' start-up and statistics:
    /// the timeout once per level below it.
    fn patience(&self) -> Duration {
        self.cfg
            .timeout
            .saturating_mul(u32::try_from(self.place.levels.max(1)).unwrap_or(u32::MAX))
    }

    /// A message that has no place where it arrived: rank 0's ABORT, an
    /// ERROR reported to rank 0, or a protocol violation.
    pub(super) fn unexpected(&self, from: usize, msg: Msg, doing: &str) -> Result<(), Stop> {
        match msg {
            Msg::Abort if from == 0 => Err(Stop::Aborted),
            Msg::Error {
                origin,
                silent,
                message,
            } if self.place.rank == 0 => Err(Stop::Fail(DistError::Remote {
                rank: origin as usize,
                message,
                silent: silent.map(|s| s as usize),
            })),
            msg => Err(protocol(format!(
                "rank {} got an unexpected {} from rank {from} while {doing}",
                self.place.rank,
                msg.kind()
            ))),
        }
    }

    /// The node at `path` in this rank's tree, rebuilt from the root (move
    /// generation only; not counted).
    pub(super) fn node_at(&self, path: &[u16]) -> Result<T::Node, Stop> {
        let mut n = self.tree.root();
        for (k, &d) in path.iter().enumerate() {
            if usize::from(d) >= self.tree.num_children(&n) {
                return Err(Stop::Fail(DistError::BadPath {
                    path: Dewey::from_digits(&path[..=k]).to_string(),
                }));
            }
            n = self.tree.child(&n, usize::from(d));
        }
        Ok(n)
    }

    /// Sends every slave FINISH and gathers the statistics of the processor
    /// subtree, this rank's last.
    pub(super) fn gather(&mut self) -> Result<Vec<(u32, RankStats)>, Stop> {
        let slaves = self.place.slaves.clone();
        for &s in &slaves {
            self.net.send(s, &Msg::Finish)?;
        }
        let mut entries = Vec::new();
        self.hear_every_slave("finishing (no statistics)", |rank, from, awaited, msg| {
            match msg {
                Msg::Stats { ranks } if awaited => {
                    entries.extend(ranks);
                    Ok(true)
                }
                // Late answers of terminated jobs.
                Msg::Result { job, finish, .. } if slaves.contains(&from) => {
                    let j = slaves.iter().position(|&s| s == from).unwrap_or(0);
                    rank.late_answer(job, j, finish);
                    Ok(false)
                }
                Msg::Heartbeat { .. } if slaves.contains(&from) => Ok(false),
                msg => rank.unexpected(from, msg, "finishing").map(|()| false),
            }
        })?;
        let stats = self.counted.stats();
        let mut mine = self.net.stats.clone();
        mine.leaves = stats.leaves;
        mine.interior = stats.interior;
        entries.push((self.place.rank as u32, mine));
        Ok(entries)
    }

    /// The end of a search on a rank other than 0: waits for its master's
    /// DONE (sent once rank 0 has every statistic) and passes it on. Only
    /// then does the rank leave [`search`](super::search), so that its READY for a next
    /// search cannot reach a master still gathering this one's statistics.
    pub(super) fn done(&mut self) -> Result<(), Stop> {
        loop {
            let Some((from, msg, _)) = self.net.recv(None)? else {
                continue;
            };
            match msg {
                Msg::Done if Some(from) == self.place.master => break,
                msg => self.unexpected(from, msg, "finishing")?,
            }
        }
        self.release()
    }

    /// Sends DONE to every slave.
    pub(super) fn release(&mut self) -> Result<(), Stop> {
        for s in self.place.slaves.clone() {
            self.net.send(s, &Msg::Done)?;
        }
        Ok(())
    }

    /// A busy rank tells its master it is alive when it has said nothing
    /// for `heartbeat`.
    pub(super) fn heartbeat_if_due(&mut self) -> Result<(), Stop> {
        if let (Some(job), Some(m)) = (self.job, self.place.master)
            && self.last_to_master.elapsed() >= self.cfg.heartbeat
        {
            self.net.send(m, &Msg::Heartbeat { job })?;
            self.last_to_master = Instant::now();
        }
        Ok(())
    }
}

/// The length of the leftmost path (move generation only, not counted),
/// capped at `MAX_DEPTH`.
pub(super) fn leftmost_path<T: Tree + ?Sized>(tree: &T) -> usize {
    let mut n = tree.root();
    let mut plies = 0;
    while plies < MAX_DEPTH && tree.num_children(&n) > 0 {
        n = tree.child(&n, 0);
        plies += 1;
    }
    plies
}

pub(super) fn check_depth(depth: usize) -> Result<(), Stop> {
    if depth >= MAX_DEPTH {
        Err(SearchError::TooDeep { depth: depth + 1 }.into())
    } else {
        Ok(())
    }
}

/// Dewey digits are `u16`: a master cannot name a 65,537th successor.
pub(super) fn check_width(w: usize) -> Result<(), Stop> {
    if w > usize::from(u16::MAX) + 1 {
        Err(SearchError::TooManyChildren { children: w }.into())
    } else {
        Ok(())
    }
}

pub(super) fn duration_ns(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}
