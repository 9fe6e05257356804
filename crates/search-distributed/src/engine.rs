//! Every rank's part of the protocol: rank 0 drives the search as the root
//! master; every other rank serves its master, as a slave master (Fig. 10's
//! `treesplit` at a master) or as a leaf processor (alpha-beta, Fig. 4,
//! whose window UPDATE narrows, Fig. 11).
//!
//! A master's state is a stack of frames, one per ply it is working on
//! itself (the job's node, and below it the type-1 nodes of pv-splitting
//! or the type-3 nodes of the type-2 rule): each frame has its own best
//! score `m` and upper bound, and its effective window is narrowed by the
//! frame above, negated, exactly like `search_parallel::threads`' chain of
//! links but local to the rank. Only the innermost frame ever has slaves
//! running (a master runs one `parfor` at a time), so the slaves' table
//! lives in [`Rank::split`]'s loop.

use std::collections::{BTreeSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use search_depthfirst::SearchError;
use search_parallel::ProcessorTree;
use tree_core::{Counted, Dewey, MAX_DEPTH, Tree, Value};

use crate::message::{Clock, Msg, NodeKind};
use crate::net::{Net, now_ns};
use crate::report::{DistReport, RankStats};
use crate::{DistAlgorithm, DistConfig, DistError, PvReading, Transport};

/// Runs one distributed search: call it on every rank with the same tree
/// and configuration. Rank 0 returns the report; every other rank serves
/// its master until the search is over and returns `None`.
///
/// The ranks must be as many as the processor tree's processors; rank `r`
/// is processor `r` in preorder (0 the root master; slave `j` of master
/// `m`, whose slaves head processor subtrees of `s` processors, is
/// `m + 1 + j·s`). Nodes travel as Dewey codes: each rank rebuilds a job's
/// node from its own tree's root, so the tree must be the same on every
/// rank (every generator, tree file and `Horizon` game qualifies).
///
/// Calls may follow one another on the same ranks (one search after
/// another): each ends with every message of the search received.
///
/// # Errors
/// On every rank: [`DistError::ZeroWidth`],
/// [`DistError::TooManyProcessors`], [`DistError::WrongRankCount`],
/// [`DistError::BadConfig`] (checked before any message is sent). On rank
/// 0: whatever failed anywhere — [`DistError::Search`] (here),
/// [`DistError::Remote`] (on another rank), [`DistError::Silent`] (a rank
/// stopped answering: then call [`Transport::abort`] after reporting,
/// see [`DistError::needs_abort`]), [`DistError::Refused`],
/// [`DistError::Mismatch`], [`DistError::BadPath`],
/// [`DistError::Protocol`], [`DistError::Transport`]. On other ranks: their
/// own failure (already reported to rank 0) or [`DistError::Aborted`].
pub fn search<T, X>(
    algorithm: DistAlgorithm,
    tree: &T,
    transport: &mut X,
    config: &DistConfig,
) -> Result<Option<DistReport>, DistError>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
    check(config, transport.size())?;
    let mut rank = Rank::new(algorithm, tree, transport, config);
    if rank.place.rank == 0 {
        rank.run_root().map(Some)
    } else {
        rank.run_slave().map(|()| None)
    }
}

/// Takes part in a search as a rank that cannot search (its tree could not
/// be built): tells rank 0 why, so that it reports the reason and ends the
/// search on every rank, and returns the error to report. Call it instead
/// of [`search`] on that rank; on rank 0 it ends the search on every other
/// rank at once.
pub fn refuse<X: Transport + ?Sized>(
    transport: &mut X,
    config: &DistConfig,
    reason: &str,
) -> DistError {
    let me = transport.rank();
    let size = transport.size();
    if let Err(e) = check(config, size) {
        return e;
    }
    let mut net = Net::new(transport, config.idle_sleep, config.evaltime.is_some());
    if me == 0 {
        for r in 1..size {
            let _ = net.send(r, &Msg::Abort);
        }
        return DistError::Refused {
            rank: 0,
            reason: reason.into(),
        };
    }
    let refusal = Msg::Refuse {
        reason: reason.into(),
    };
    if let Err(e) = net.send(0, &refusal) {
        return e;
    }
    wait_for_abort(&mut net);
    DistError::Refused {
        rank: me,
        reason: reason.into(),
    }
}

/// The checks every rank makes alike before any message.
fn check(config: &DistConfig, ranks: usize) -> Result<(), DistError> {
    let p = config.processors;
    if p.depth > 0 && p.width == 0 {
        return Err(DistError::ZeroWidth);
    }
    let needed = p
        .processors()
        .ok_or(DistError::TooManyProcessors { processors: p })?;
    if ranks as u64 != needed {
        return Err(DistError::WrongRankCount {
            ranks,
            processors: p,
            needed,
        });
    }
    if config.poll == 0 {
        return Err(DistError::BadConfig {
            message: "the poll interval must be at least one node".into(),
        });
    }
    if config.timeout <= config.heartbeat {
        return Err(DistError::BadConfig {
            message: format!(
                "the timeout ({:?}) must be longer than the heartbeat interval ({:?})",
                config.timeout, config.heartbeat
            ),
        });
    }
    Ok(())
}

/// Receives until rank 0's ABORT (or the transport's end).
fn wait_for_abort<X: Transport + ?Sized>(net: &mut Net<'_, X>) {
    loop {
        match net.recv(None) {
            Ok(Some((0, Msg::Abort, _))) | Err(_) => return,
            Ok(_) => {}
        }
    }
}

/// Where a rank sits in the processor tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) rank: usize,
    /// Levels of slaves below it (0: a leaf processor).
    pub(crate) levels: usize,
    pub(crate) master: Option<usize>,
    pub(crate) slaves: Vec<usize>,
}

/// Rank `rank`'s place in the processor tree `p` (preorder numbering).
pub(crate) fn place(rank: usize, p: ProcessorTree) -> Place {
    let mut sizes = vec![1usize];
    for l in 1..=p.depth {
        sizes.push(1 + p.width * sizes[l - 1]);
    }
    let (mut at, mut levels, mut master) = (0usize, p.depth, None);
    while at != rank && levels > 0 {
        let s = sizes[levels - 1];
        let j = (rank - at - 1) / s;
        master = Some(at);
        at += 1 + j * s;
        levels -= 1;
    }
    let slaves = if levels == 0 {
        Vec::new()
    } else {
        (0..p.width)
            .map(|j| at + 1 + j * sizes[levels - 1])
            .collect()
    };
    Place {
        rank,
        levels,
        master,
        slaves,
    }
}

/// Why a search on a rank stopped before its value was known.
#[derive(Debug)]
enum Stop {
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

fn protocol(message: String) -> Stop {
    Stop::Fail(DistError::Protocol { message })
}

/// One ply a master works on itself: its best score `m` so far and its own
/// upper bound; the effective window also depends on the frames above.
#[derive(Debug, Clone, Copy)]
struct Frame {
    m: Value,
    b: Value,
}

impl Frame {
    /// A ply below another: its window comes from above until it scores.
    const OPEN: Frame = Frame {
        m: Value::NEG_INF,
        b: Value::INF,
    };
}

/// A job a slave is running, as its master sees it.
#[derive(Debug, Clone, Copy)]
struct Running {
    job: u32,
    /// The successor it searches.
    child: usize,
    /// Its answer (value, virtual finishing time, cut by an update at
    /// that instant), received and not yet consumed.
    answer: Option<(Value, u64, bool)>,
}

/// Terminated jobs a master remembers, to recognise their late answers.
const CUT_HISTORY: usize = 64;

/// Recent (time, evaluations) pairs of a leaf's job, for estimating the
/// evaluations made after a TERMINATE was sent.
const POLL_HISTORY: usize = 64;

struct Rank<'a, T: ?Sized, X: ?Sized> {
    tree: &'a T,
    counted: Counted<&'a T>,
    net: Net<'a, X>,
    cfg: &'a DistConfig,
    algorithm: DistAlgorithm,
    place: Place,
    /// The job this rank is running for its master, if any.
    job: Option<u32>,
    /// Evaluations in the current job.
    job_leaves: u64,
    /// EVALTIME emulation: the virtual clock (the job's, or rank 0's), in
    /// EVALTIMEs since `clock.epoch_ns`.
    clock: Clock,
    /// The last message to the master (heartbeats are due after a
    /// quiet `heartbeat`).
    last_to_master: Instant,
    /// A master's frames (innermost last).
    frames: Vec<Frame>,
    /// A leaf job's window at its root, narrowed by UPDATE.
    window: (Value, Value),
    /// Child visits until the leaf's next look at its messages.
    countdown: u32,
    /// (time, job evaluations) at the leaf's recent looks.
    polls: VecDeque<(u64, u64)>,
    /// The next job number this master hands out.
    next_job: u32,
    /// EVALTIME emulation: the virtual time of the last UPDATE of the
    /// current job.
    updated_at: Option<u64>,
    /// The last job answered, and its virtual finishing time.
    answered: Option<(u32, u64)>,
    /// EVALTIME emulation: recently terminated jobs (job, slave, the
    /// event that stopped them).
    cut_jobs: VecDeque<(u32, usize, (u64, usize))>,
    /// Rank 0: the root's successor whose value last raised the root's
    /// α (its best move so far).
    best: Option<usize>,
}

impl<'a, T, X> Rank<'a, T, X>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
    fn new(
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

    // ----- rank 0 -------------------------------------------------------

    fn run_root(&mut self) -> Result<DistReport, DistError> {
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

    /// The start-up handshake, up the processor tree: a master waits for
    /// READY from each slave and checks its fingerprint, then (below rank
    /// 0) sends its own READY to its master once its whole subtree is
    /// ready; a leaf processor just sends READY. READY goes to the master,
    /// not to rank 0, so that a rank's READY for the next search cannot
    /// overtake its statistics of the last one (messages between two ranks
    /// stay in order). A master waits up to `timeout` × its levels, so
    /// that the master nearest a silent rank reports it.
    fn start_up(&mut self) -> Result<(), Stop> {
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
    fn unexpected(&self, from: usize, msg: Msg, doing: &str) -> Result<(), Stop> {
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

    // ----- other ranks ----------------------------------------------------

    fn run_slave(&mut self) -> Result<(), DistError> {
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

    /// The node at `path` in this rank's tree, rebuilt from the root (move
    /// generation only; not counted).
    fn node_at(&self, path: &[u16]) -> Result<T::Node, Stop> {
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
    fn gather(&mut self) -> Result<Vec<(u32, RankStats)>, Stop> {
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
    /// then does the rank leave [`search`], so that its READY for a next
    /// search cannot reach a master still gathering this one's statistics.
    fn done(&mut self) -> Result<(), Stop> {
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
    fn release(&mut self) -> Result<(), Stop> {
        for s in self.place.slaves.clone() {
            self.net.send(s, &Msg::Done)?;
        }
        Ok(())
    }

    // ----- masters ----------------------------------------------------

    /// The effective window of frame `i`: its own score and bound, narrowed
    /// by the frame above, negated.
    fn window_of(&self, i: usize) -> (Value, Value) {
        let (mut a, mut b) = (self.frames[0].m, self.frames[0].b);
        for f in &self.frames[1..=i] {
            let (pa, pb) = (a, b);
            a = f.m.max(-pb);
            b = f.b.min(-pa);
        }
        (a, b)
    }

    fn top(&self) -> usize {
        self.frames.len() - 1
    }

    fn closed(&self) -> bool {
        let (a, b) = self.window_of(self.top());
        a >= b
    }

    /// Fig. 10's result: the innermost frame's effective α.
    fn score(&self) -> Value {
        self.window_of(self.top()).0
    }

    /// `if (t > α) α = t` at the innermost frame, whose node is at `path`,
    /// for its successor `child`; at the root that successor becomes the
    /// best move when it raises α.
    fn raise(&mut self, t: Value, path: &[u16], child: usize) {
        let top = self.top();
        let f = &mut self.frames[top];
        if t > f.m && top == 0 && path.is_empty() {
            self.best = Some(child);
        }
        f.m = f.m.max(t);
    }

    /// Fig. 10 at a master: the value of `node` (at `path`, absolute
    /// `depth`) from its side to move, under the innermost frame's window.
    fn master(
        &mut self,
        node: &T::Node,
        path: &mut Vec<u16>,
        depth: usize,
        kind: NodeKind,
    ) -> Result<Value, Stop> {
        let w = self.counted.num_children(node);
        if w == 0 {
            return self.evaluate(node, depth);
        }
        check_depth(depth)?;
        check_width(w)?;
        if self.cfg.type2 && kind == NodeKind::Type2 {
            // p. 47: walk the type-3 successors here, split theirs.
            for i in 0..w {
                if self.closed() {
                    break;
                }
                let c = self.counted.child(node, i);
                path.push(i as u16);
                self.frames.push(Frame::OPEN);
                let r = self.master(&c, path, depth + 1, NodeKind::Type3);
                self.frames.pop();
                path.pop();
                self.raise(-r?, path, i);
            }
            return Ok(self.score());
        }
        self.split(path, w, 0, kind)?;
        Ok(self.score())
    }

    /// Fig. 12 on the root processor: `plies` more type-1 levels before the
    /// pv node is tree-split (typed `bottom`).
    fn pvsplit(
        &mut self,
        node: &T::Node,
        path: &mut Vec<u16>,
        depth: usize,
        plies: usize,
        bottom: NodeKind,
    ) -> Result<Value, Stop> {
        if plies == 0 {
            return self.master(node, path, depth, bottom);
        }
        let w = self.counted.num_children(node);
        if w == 0 {
            return self.evaluate(node, depth);
        }
        check_depth(depth)?;
        check_width(w)?;
        let first = self.counted.child(node, 0);
        path.push(0);
        self.frames.push(Frame::OPEN);
        let r = self.pvsplit(&first, path, depth + 1, plies - 1, bottom);
        self.frames.pop();
        path.pop();
        self.raise(-r?, path, 0);
        if !self.closed() {
            self.split(path, w, 1, NodeKind::Type1)?;
        }
        Ok(self.score())
    }

    /// The `parfor` of Figs. 10 and 12: successors `first..w` of the node
    /// at `path` go to the slaves in order, each under the innermost
    /// frame's current window, negated; each answer raises α; a cutoff
    /// (α ≥ β) terminates the running slaves (Fig. 10's `terminate()`);
    /// with `update`, every narrowing of the window is sent to the running
    /// slaves (Fig. 11). Returns when every successor is in or the window
    /// has closed.
    fn split(
        &mut self,
        path: &mut Vec<u16>,
        w: usize,
        first: usize,
        kind: NodeKind,
    ) -> Result<(), Stop> {
        let slaves = self.place.slaves.clone();
        let mut running: Vec<Option<Running>> = vec![None; slaves.len()];
        let mut heard = vec![Instant::now(); slaves.len()];
        let mut next = first;
        let mut sent_window = self.child_window();
        // The last answer consumed: (virtual finishing time, slave).
        let mut last = (0, 0);
        loop {
            if !self.closed() {
                for (j, &slave) in slaves.iter().enumerate() {
                    if next >= w {
                        break;
                    }
                    if running[j].is_some() {
                        continue;
                    }
                    let job = self.next_job;
                    self.next_job = self.next_job.wrapping_add(1);
                    path.push(next as u16);
                    let msg = Msg::Assign {
                        job,
                        kind: kind.child(next),
                        alpha: sent_window.0,
                        beta: sent_window.1,
                        clock: self.clock,
                        path: path.clone(),
                    };
                    path.pop();
                    self.net.send(slave, &msg)?;
                    running[j] = Some(Running {
                        job,
                        child: next,
                        answer: None,
                    });
                    heard[j] = Instant::now();
                    next += 1;
                }
            }
            if running.iter().all(Option::is_none) {
                return Ok(());
            }
            match self.next_answer(&running) {
                Some((j, 0)) => {
                    // Fig. 10: `if (t > α) α = t`.
                    let (child, (value, finish, _)) = running[j]
                        .take()
                        .and_then(|r| Some((r.child, r.answer?)))
                        .expect("an answer is waiting");
                    self.clock.start = self.clock.start.max(finish);
                    last = (finish, j);
                    self.raise(-value, path, child);
                }
                waiting => {
                    let mut deadline = self.deadline(&running, &heard);
                    if let Some((_, wait)) = waiting {
                        deadline = deadline.min(Instant::now() + Duration::from_nanos(wait));
                    }
                    if let Some((from, msg, _)) = self.net.recv(Some(deadline))? {
                        let j = slaves.iter().position(|&s| s == from);
                        if let Some(j) = j {
                            heard[j] = Instant::now();
                        }
                        if matches!(msg, Msg::Update { .. }) {
                            // An instant's answers come before its
                            // updates from above (deepest first).
                            last = last.max((self.clock.start, usize::MAX));
                        }
                        self.on_message(from, j, msg, &mut running, &slaves)?;
                        // Under EVALTIME emulation, an answer that should
                        // have been consumed before the last one came too
                        // late: the run has left the simulator's schedule.
                        // (One cut short by an update of the same instant
                        // comes after that instant's answers there too.)
                        if let Some((_, f, cut)) = j.and_then(|j| running[j]?.answer)
                            && self.cfg.evaltime.is_some()
                            && (f, j.unwrap_or(0)) < last
                            && !(cut && f == last.0)
                        {
                            self.net.stats.late += 1;
                        }
                    }
                }
            }
            if self.closed() {
                self.terminate_all(&mut running, &slaves, last)?;
                return Ok(());
            }
            let now_window = self.child_window();
            if now_window != sent_window {
                sent_window = now_window;
                if self.cfg.update {
                    for (j, r) in running.iter().enumerate() {
                        if let Some(r) = r.filter(|r| r.answer.is_none()) {
                            let update = Msg::Update {
                                job: r.job,
                                alpha: sent_window.0,
                                beta: sent_window.1,
                                at: self.clock.start,
                            };
                            self.net.send(slaves[j], &update)?;
                        }
                    }
                }
            }
            self.check_slaves(&running, &heard, &slaves)?;
            self.heartbeat_if_due()?;
        }
    }

    /// The answer to consume next — the earliest on the virtual clock, ties
    /// to the lowest slave, as the simulator has it — and how many
    /// nanoseconds until it may be consumed (0: now). Without EVALTIME
    /// emulation an answer is consumed as soon as it is in (the lowest
    /// slave's first when several are). With it, an answer finishing at virtual time `f` waits
    /// until wall-clock time `f` plus a grace of `levels` × EVALTIME /
    /// (D + 1), by when every answer finishing at `f` or before has
    /// arrived — the slowest from the deepest masters, which consume their
    /// own slaves' answers after a shorter grace — as long as messages take
    /// less than the grace (else the rank counts itself late); and a
    /// TERMINATE or UPDATE sent then still reaches the leaf processors
    /// before their next evaluation, EVALTIME / (D + 1) later.
    fn next_answer(&self, running: &[Option<Running>]) -> Option<(usize, u64)> {
        let (j, finish) = running
            .iter()
            .enumerate()
            .filter_map(|(j, r)| r.and_then(|r| r.answer).map(|(_, f, _)| (j, f)))
            .min_by_key(|&(j, f)| (f, j))?;
        let Some(e) = self.cfg.evaltime else {
            return Some((j, 0));
        };
        let e = duration_ns(e);
        let grace =
            e.saturating_mul(self.place.levels as u64) / (self.cfg.processors.depth as u64 + 1);
        let due = self.clock.epoch_ns + finish.saturating_mul(e) + grace;
        Some((j, due.saturating_sub(now_ns())))
    }

    /// The window a slave searches the innermost frame's successors with.
    fn child_window(&self) -> (Value, Value) {
        let (a, b) = self.window_of(self.top());
        (-b, -a)
    }

    /// A message to a master in a split, from slave `j` (if it is one).
    fn on_message(
        &mut self,
        from: usize,
        j: Option<usize>,
        msg: Msg,
        running: &mut [Option<Running>],
        slaves: &[usize],
    ) -> Result<(), Stop> {
        let from_master = Some(from) == self.place.master;
        match msg {
            Msg::Result {
                job,
                value,
                finish,
                cut,
            } if j.is_some() => {
                let j = j.expect("checked");
                if let Some(r) = running[j].as_mut().filter(|r| r.job == job) {
                    r.answer = Some((value, finish, cut));
                } else {
                    self.late_answer(job, j, finish);
                }
            }
            Msg::Heartbeat { .. } if j.is_some() => {}
            Msg::Update {
                job,
                alpha,
                beta,
                at,
            } if from_master => {
                if self.job == Some(job) {
                    self.catch_up(at);
                    self.clock.start = self.clock.start.max(at);
                    self.updated_at = Some(at);
                    let f = &mut self.frames[0];
                    f.m = f.m.max(alpha);
                    f.b = f.b.min(beta);
                }
            }
            Msg::Terminate { job, at } if from_master => {
                if self.job == Some(job) {
                    self.catch_up(at);
                    // A master's clock is now the instant of the message.
                    self.clock.start = self.clock.start.max(at);
                    self.terminate_all(running, slaves, (at, usize::MAX))?;
                    return Err(Stop::Terminated);
                }
            }
            msg => self.unexpected(from, msg, "waiting for its slaves")?,
        }
        Ok(())
    }

    /// Fig. 10's `terminate()`: every running slave is told to stop and is
    /// idle from now on (a late answer is recognised by its job number).
    ///
    /// `cause` is the event that stopped the split, as (virtual time,
    /// slave; `usize::MAX` for a message from above): under EVALTIME
    /// emulation an answer of a terminated job that comes later but should
    /// have been consumed before it counts as late ([`Rank::late_answer`]).
    fn terminate_all(
        &mut self,
        running: &mut [Option<Running>],
        slaves: &[usize],
        cause: (u64, usize),
    ) -> Result<(), Stop> {
        let at = self.clock.start;
        for (j, r) in running.iter_mut().enumerate() {
            if let Some(r) = r.take().filter(|r| r.answer.is_none()) {
                self.net
                    .send(slaves[j], &Msg::Terminate { job: r.job, at })?;
                if self.cfg.evaltime.is_some() {
                    if self.cut_jobs.len() == CUT_HISTORY {
                        self.cut_jobs.pop_front();
                    }
                    self.cut_jobs.push_back((r.job, j, cause));
                }
            }
        }
        Ok(())
    }

    /// EVALTIME emulation: the answer (`finish`, from slave `j`) of a job
    /// this master had terminated came after the event that stopped it
    /// although it should have been consumed first: the run has left the
    /// simulator's schedule.
    fn late_answer(&mut self, job: u32, j: usize, finish: u64) {
        if self
            .cut_jobs
            .iter()
            .any(|&(cut, k, cause)| cut == job && k == j && (finish, j) < cause)
        {
            self.net.stats.late += 1;
        }
    }

    /// EVALTIME emulation: a message from the master sent at virtual time
    /// `at`. A master whose clock (its last consumed answer) is past `at`
    /// consumed an answer it should have heard of the message before; a
    /// leaf processor on schedule is exactly at `at` (its evaluations
    /// follow one another without a gap), so one ahead evaluated too much
    /// and one behind too little. Either way the run has left the
    /// simulator's schedule.
    fn catch_up(&mut self, at: u64) {
        let off = if self.place.levels == 0 {
            self.clock.start != at
        } else {
            self.clock.start > at
        };
        if self.cfg.evaltime.is_some() && off {
            self.net.stats.late += 1;
        }
    }

    /// When a master waiting in a split must next look up: a running
    /// slave's time-out, or its own heartbeat.
    fn deadline(&self, running: &[Option<Running>], heard: &[Instant]) -> Instant {
        let mut d = running
            .iter()
            .zip(heard)
            .filter(|(r, _)| r.is_some_and(|r| r.answer.is_none()))
            .map(|(_, &h)| h + self.cfg.timeout)
            .min()
            .unwrap_or_else(|| Instant::now() + self.cfg.timeout);
        if self.job.is_some() {
            d = d.min(self.last_to_master + self.cfg.heartbeat);
        }
        d
    }

    /// A running slave silent for longer than the timeout is dead.
    fn check_slaves(
        &self,
        running: &[Option<Running>],
        heard: &[Instant],
        slaves: &[usize],
    ) -> Result<(), Stop> {
        let now = Instant::now();
        for (j, r) in running.iter().enumerate() {
            if r.is_some_and(|r| r.answer.is_none())
                && now.duration_since(heard[j]) > self.cfg.timeout
            {
                return Err(Stop::Fail(DistError::Silent {
                    rank: slaves[j],
                    waited: now.duration_since(heard[j]),
                    during: "searching a job",
                }));
            }
        }
        Ok(())
    }

    /// A busy rank tells its master it is alive when it has said nothing
    /// for `heartbeat`.
    fn heartbeat_if_due(&mut self) -> Result<(), Stop> {
        if let (Some(job), Some(m)) = (self.job, self.place.master)
            && self.last_to_master.elapsed() >= self.cfg.heartbeat
        {
            self.net.send(m, &Msg::Heartbeat { job })?;
            self.last_to_master = Instant::now();
        }
        Ok(())
    }

    // ----- leaf processors ------------------------------------------------

    /// A leaf processor's job: alpha-beta at `node` under `(alpha, beta)`,
    /// narrowed by UPDATE as it runs.
    fn leaf_search(
        &mut self,
        node: &T::Node,
        depth: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<Value, Stop> {
        self.window = (alpha, beta);
        self.countdown = 0;
        self.polls.clear();
        self.ab(node, depth, 0, Value::NEG_INF, Value::INF)
    }

    /// Fig. 4 at `node` (absolute `depth`, `r` plies below the job's root)
    /// with the local window (a, b), narrowed before every child by the
    /// job's window as last read (Fig. 11: the same at even distances,
    /// negated at odd ones). A result is correct for the last window
    /// applied, which is all the master needs (see `docs/PARALLEL.md`).
    fn ab(
        &mut self,
        node: &T::Node,
        depth: usize,
        r: usize,
        a: Value,
        b: Value,
    ) -> Result<Value, Stop> {
        let w = self.counted.num_children(node);
        if w == 0 {
            return self.evaluate(node, depth);
        }
        check_depth(depth)?;
        let mut m = a;
        for i in 0..w {
            self.tick()?;
            let (ja, jb) = self.window;
            let (ea, eb) = if r.is_multiple_of(2) {
                (ja, jb)
            } else {
                (-jb, -ja)
            };
            m = m.max(ea);
            let hi = b.min(eb);
            if m >= hi {
                return Ok(m);
            }
            let child = self.counted.child(node, i);
            let t = -self.ab(&child, depth + 1, r + 1, -hi, -m)?;
            if t > m {
                m = t;
                if depth == 0 {
                    // Rank 0 searching the root alone (a processor tree
                    // of depth 0).
                    self.best = Some(i);
                }
            }
        }
        Ok(m)
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

    /// A terminal's value from the side to move at `depth` (negamax),
    /// counted. Under EVALTIME emulation the evaluation is one tick of the
    /// rank's virtual clock and completes at that tick's wall-clock time
    /// (a leaf reads its messages while it waits, so a TERMINATE sent
    /// before then stops it first).
    fn evaluate(&mut self, node: &T::Node, depth: usize) -> Result<Value, Stop> {
        self.job_leaves += 1;
        if let Some(e) = self.cfg.evaltime {
            let e = duration_ns(e);
            let due = self.clock.epoch_ns + (self.clock.start + 1).saturating_mul(e);
            self.wait_until(due, e)?;
            self.clock.start += 1;
        }
        let v = self.counted.value(node);
        if v.is_infinite() {
            return Err(SearchError::SentinelLeaf { value: v, depth }.into());
        }
        Ok(if depth.is_multiple_of(2) { v } else { -v })
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

/// The length of the leftmost path (move generation only, not counted),
/// capped at `MAX_DEPTH`.
fn leftmost_path<T: Tree + ?Sized>(tree: &T) -> usize {
    let mut n = tree.root();
    let mut plies = 0;
    while plies < MAX_DEPTH && tree.num_children(&n) > 0 {
        n = tree.child(&n, 0);
        plies += 1;
    }
    plies
}

fn check_depth(depth: usize) -> Result<(), Stop> {
    if depth >= MAX_DEPTH {
        Err(SearchError::TooDeep { depth: depth + 1 }.into())
    } else {
        Ok(())
    }
}

/// Dewey digits are `u16`: a master cannot name a 65,537th successor.
fn check_width(w: usize) -> Result<(), Stop> {
    if w > usize::from(u16::MAX) + 1 {
        Err(SearchError::TooManyChildren { children: w }.into())
    } else {
        Ok(())
    }
}

fn duration_ns(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(depth: usize, width: usize) -> ProcessorTree {
        ProcessorTree { depth, width }
    }

    #[test]
    fn places_follow_the_preorder() {
        // (2, 2): 0 → {1, 4}, 1 → {2, 3}, 4 → {5, 6}.
        let t = p(2, 2);
        assert_eq!(place(0, t).slaves, vec![1, 4]);
        assert_eq!(place(0, t).master, None);
        assert_eq!(place(1, t).slaves, vec![2, 3]);
        assert_eq!(place(4, t).slaves, vec![5, 6]);
        assert_eq!(place(4, t).master, Some(0));
        for (r, m) in [(2, 1), (3, 1), (5, 4), (6, 4)] {
            let pl = place(r, t);
            assert_eq!((pl.master, pl.levels, pl.slaves.len()), (Some(m), 0, 0));
        }
        // (1, 3) and (0, 5).
        assert_eq!(place(0, p(1, 3)).slaves, vec![1, 2, 3]);
        assert_eq!(place(3, p(1, 3)).master, Some(0));
        assert_eq!(place(0, p(0, 5)).slaves, Vec::<usize>::new());
        // Every rank of (3, 3) is a slave of the master that lists it.
        let t = p(3, 3);
        let n = t.processors().unwrap() as usize;
        for r in 1..n {
            let m = place(r, t).master.unwrap();
            assert!(place(m, t).slaves.contains(&r), "{r}");
            assert_eq!(place(m, t).levels, place(r, t).levels + 1);
        }
    }
}
