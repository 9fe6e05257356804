//! [`Farm`]: the batches of a task farm, rank 0's part (handing out the
//! jobs and gathering the results) and every other rank's.

use std::collections::VecDeque;
use std::fmt;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use super::config::FarmConfig;
use super::error::FarmError;
use super::queue::{Answer, Queue, compute};
use super::wire::Msg;
use crate::error::DistError;
use crate::message::protocol;
use crate::transport::Transport;

/// A task farm over a [`Transport`]: batches of independent jobs spread
/// over the ranks, results gathered in job order on every rank.
///
/// Made for sweeps such as `cargo xtask reproduce --mpi`, where every rank
/// runs the same program in lockstep and each job is a pure function of its
/// index (every rank can rebuild the job list), so a job travels as its
/// index and its result as bytes. At each batch ([`Farm::run`], called on
/// every rank with the same job count) rank 0 hands out job indices one at
/// a time to whichever rank has a free compute thread (itself included: a
/// work queue, so fast and slow ranks balance), each rank computes its jobs
/// on [`FarmConfig::threads`] threads and sends the results back, and rank
/// 0 sends every rank all the results in job order, so that every rank
/// continues with the same data.
///
/// Messages, little-endian like the search protocol's: HELLO (a rank has
/// reached the batch: batch number, job count, the caller's fingerprint,
/// its threads), ASSIGN (job index), RESULT (job index, bytes), FAILED (job
/// index, the job's error), HEARTBEAT, DONE (every result), ERROR (the
/// batch's error: the first failing job in job order), ACK (a rank has
/// DONE or ERROR; after it, nothing of the batch is in flight), FAIL (the
/// farm itself failed; the receiver stops). Every rank's main thread only
/// talks and waits — the jobs run on its compute threads — so a rank sends
/// something at least every [`FarmConfig::heartbeat`] however long a job
/// takes, and a rank that stays silent for [`FarmConfig::timeout`] is
/// reported ([`DistError::Silent`]) instead of waited for.
pub struct Farm<X> {
    x: X,
    cfg: FarmConfig,
    /// The next batch's number (every rank counts alike).
    batch: u64,
    /// Rank 0: jobs each rank computed, over every batch.
    jobs_by_rank: Vec<u64>,
    /// Rank 0: messages of the next batch from ranks that have finished
    /// this one while others had not (a HELLO can overtake another rank's
    /// ACK).
    early: VecDeque<(usize, Vec<u8>)>,
}

impl<X> fmt::Debug for Farm<X> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Farm")
            .field("cfg", &self.cfg)
            .field("batch", &self.batch)
            .field("jobs_by_rank", &self.jobs_by_rank)
            .finish_non_exhaustive()
    }
}

/// The first sleep of a waiting rank; each further one doubles, up to
/// [`FarmConfig::idle_sleep`].
const FIRST_NAP: Duration = Duration::from_micros(5);

/// The idle wait of a batch loop: none after a round that did something
/// (the wait starts again at [`FIRST_NAP`]), else a wait for this rank's
/// own answer that doubles up to `idle`.
fn rest<T>(active: bool, nap: &mut Duration, rx: &Receiver<T>, idle: Duration) -> Option<T> {
    if active {
        *nap = FIRST_NAP;
        None
    } else {
        let woke = rx.recv_timeout(*nap).ok();
        *nap = (*nap * 2).min(idle);
        woke
    }
}

impl<X: Transport> Farm<X> {
    /// A farm on this rank of `x`.
    ///
    /// # Errors
    /// [`DistError::BadConfig`] if the timeout does not exceed the
    /// heartbeat, or this rank would have no compute thread where it needs
    /// one (any rank but 0, or a lone rank 0).
    pub fn new(x: X, cfg: FarmConfig) -> Result<Farm<X>, DistError> {
        if cfg.timeout <= cfg.heartbeat {
            return Err(DistError::BadConfig {
                message: format!(
                    "the timeout ({:?}) must be longer than the heartbeat interval ({:?})",
                    cfg.timeout, cfg.heartbeat
                ),
            });
        }
        if cfg.threads == 0 && (x.rank() != 0 || x.size() == 1) {
            return Err(DistError::BadConfig {
                message: format!(
                    "rank {} of {} needs at least one compute thread",
                    x.rank(),
                    x.size()
                ),
            });
        }
        let size = x.size();
        Ok(Farm {
            x,
            cfg,
            batch: 0,
            jobs_by_rank: vec![0; size],
            early: VecDeque::new(),
        })
    }

    /// This rank's number.
    pub fn rank(&self) -> usize {
        self.x.rank()
    }

    /// The number of ranks.
    pub fn size(&self) -> usize {
        self.x.size()
    }

    /// How this rank runs.
    pub fn config(&self) -> &FarmConfig {
        &self.cfg
    }

    /// On rank 0, the jobs each rank computed over every batch so far
    /// (index = rank); zeros elsewhere.
    pub fn jobs_by_rank(&self) -> &[u64] {
        &self.jobs_by_rank
    }

    /// The transport, e.g. to [`abort`](Transport::abort) after an error
    /// that [needs it](FarmError::needs_abort).
    pub fn transport_mut(&mut self) -> &mut X {
        &mut self.x
    }

    /// Runs jobs `0..jobs` over every rank and returns their results in
    /// job order, on every rank. Call it on every rank with the same
    /// `jobs` and `fingerprint` (anything that identifies the batch:
    /// rank 0 checks that they agree). `work(i)` computes job `i` (on
    /// whichever rank; it must give the same bytes everywhere) or says why
    /// it failed; on rank 0, `done(i)` is called as each job's result
    /// arrives (for progress).
    ///
    /// # Errors
    /// [`FarmError::Job`]: the first failing job in job order (jobs are
    /// handed out in order, and once one has failed no further one is);
    /// a panicking job counts as failing. [`FarmError::Dist`]: see there
    /// (on rank 0 [`DistError::BadConfig`] for more jobs than memory holds
    /// results for); after it the farm cannot go on.
    pub fn run<F, P>(
        &mut self,
        jobs: usize,
        fingerprint: u64,
        work: F,
        mut done: P,
    ) -> Result<Vec<Vec<u8>>, FarmError>
    where
        F: Fn(usize) -> Result<Vec<u8>, String> + Sync,
        P: FnMut(usize),
    {
        let queue = Queue::default();
        let (tx, rx) = mpsc::channel();
        let leading = self.x.rank() == 0;
        let outcome = std::thread::scope(|s| {
            for _ in 0..self.cfg.threads {
                let (queue, tx, work) = (&queue, tx.clone(), &work);
                s.spawn(move || compute(queue, &tx, work));
            }
            let outcome = if leading {
                self.lead(jobs, fingerprint, &queue, &rx, &mut done)
            } else {
                self.follow(jobs, fingerprint, &queue, &rx)
            };
            // Threads still in a job (after a failure of the farm) finish
            // it and stop.
            queue.close();
            outcome
        });
        match outcome {
            Ok(outcome) => {
                self.batch += 1;
                outcome
            }
            Err(e) => {
                // Best effort: tell the others, so that they stop rather
                // than time out.
                if !matches!(e, DistError::Aborted | DistError::Remote { .. }) {
                    let fail = Msg::Fail {
                        message: &e.to_string(),
                    }
                    .encode();
                    if leading {
                        for r in 1..self.x.size() {
                            let _ = self.x.send(r, &fail);
                        }
                    } else if !matches!(e, DistError::Silent { rank: 0, .. }) {
                        let _ = self.x.send(0, &fail);
                    }
                }
                Err(FarmError::Dist(e))
            }
        }
    }

    fn send(&mut self, to: usize, msg: &Msg<'_>) -> Result<(), DistError> {
        self.x.send(to, &msg.encode())
    }

    /// Rank 0's part of a batch: the outer `Result` is the farm's, the
    /// inner the batch's (results, or the first failing job).
    #[allow(clippy::type_complexity)]
    fn lead(
        &mut self,
        n: usize,
        fingerprint: u64,
        queue: &Queue,
        rx: &Receiver<Answer>,
        done: &mut dyn FnMut(usize),
    ) -> Result<Result<Vec<Vec<u8>>, FarmError>, DistError> {
        let batch = self.batch;
        let (size, cfg) = (self.x.size(), self.cfg);
        let start = Instant::now();
        let mut ranks: Vec<Peer> = (0..size).map(|_| Peer::new(start)).collect();
        ranks[0].threads = Some(cfg.threads);
        // A batch larger than memory holds is an error, not an abort.
        let too_many = |_| DistError::BadConfig {
            message: format!("a batch of {n} jobs: more results than memory holds"),
        };
        let mut results: Vec<Option<Vec<u8>>> = Vec::new();
        results.try_reserve_exact(n).map_err(too_many)?;
        results.resize(n, None);
        let mut owner = Vec::new();
        owner.try_reserve_exact(n).map_err(too_many)?;
        owner.resize(n, usize::MAX);
        let mut next = 0;
        let mut failed: Option<(usize, String)> = None;
        let mut beat = start;
        let mut nap = FIRST_NAP;
        let mut woke: Option<Answer> = None;
        loop {
            // Hand out jobs in order to ranks with a free thread, this
            // rank first, then the least loaded.
            while failed.is_none() && next < n {
                let Some(r) = (0..size)
                    .filter(|&r| ranks[r].threads.is_some_and(|t| ranks[r].running < t))
                    .min_by_key(|&r| (r != 0, ranks[r].running))
                else {
                    break;
                };
                if r == 0 {
                    queue.push(next);
                } else {
                    self.send(
                        r,
                        &Msg::Assign {
                            batch,
                            job: next as u64,
                        },
                    )?;
                }
                owner[next] = r;
                ranks[r].running += 1;
                next += 1;
            }
            let mut active = false;
            while let Some((from, bytes)) = self
                .early
                .pop_front()
                .map_or_else(|| self.x.try_recv(), |m| Ok(Some(m)))?
            {
                active = true;
                if from == 0 || from >= size {
                    return Err(protocol(format!("a message from rank {from}")));
                }
                ranks[from].heard = Instant::now();
                match Msg::decode(&bytes)? {
                    Msg::Hello {
                        batch: b,
                        jobs,
                        fingerprint: f,
                        threads,
                    } => {
                        if b != batch || jobs != n as u64 || f != fingerprint {
                            return Err(protocol(format!(
                                "rank {from} reached batch {b} of {jobs} jobs (fingerprint \
                                 {f:#x}) where rank 0 is at batch {batch} of {n} jobs \
                                 (fingerprint {fingerprint:#x}): every rank must run the same \
                                 command"
                            )));
                        }
                        if ranks[from].threads.is_some() {
                            return Err(protocol(format!("rank {from} said hello twice")));
                        }
                        ranks[from].threads = Some(threads as usize);
                    }
                    Msg::Result {
                        batch: b,
                        job,
                        bytes,
                    } if b == batch => {
                        let job = answered(&owner, &results, from, job)?;
                        results[job] = Some(bytes.to_vec());
                        ranks[from].running -= 1;
                        self.jobs_by_rank[from] += 1;
                        done(job);
                    }
                    Msg::Failed {
                        batch: b,
                        job,
                        message,
                    } if b == batch => {
                        let job = answered(&owner, &results, from, job)?;
                        ranks[from].running -= 1;
                        first_failure(&mut failed, job, message.to_string());
                    }
                    Msg::Heartbeat { batch: b } if b <= batch => {}
                    m => return Err(out_of_place(from, &m, format_args!("in batch {batch}"))),
                }
            }
            for (job, answer) in woke.take().into_iter().chain(rx.try_iter()) {
                active = true;
                ranks[0].running -= 1;
                match answer {
                    Ok(bytes) => {
                        results[job] = Some(bytes);
                        self.jobs_by_rank[0] += 1;
                        done(job);
                    }
                    Err(message) => first_failure(&mut failed, job, message),
                }
            }
            let running: usize = ranks.iter().map(|p| p.running).sum();
            let all_here = ranks.iter().all(|p| p.threads.is_some());
            if running == 0 && all_here && (next == n || failed.is_some()) {
                break;
            }
            if running == 0 && all_here && ranks.iter().all(|p| p.threads == Some(0)) {
                return Err(DistError::BadConfig {
                    message: "no rank has a compute thread".into(),
                });
            }
            let now = Instant::now();
            for (r, p) in ranks.iter().enumerate().skip(1) {
                let waited = now - p.heard;
                if waited > cfg.timeout {
                    return Err(DistError::Silent {
                        rank: r,
                        waited,
                        during: if p.threads.is_none() {
                            "the other ranks started a batch of jobs"
                        } else if p.running > 0 {
                            "running jobs"
                        } else {
                            "waiting for jobs"
                        },
                    });
                }
            }
            if now - beat >= cfg.heartbeat {
                for r in 1..size {
                    self.send(r, &Msg::Heartbeat { batch })?;
                }
                beat = now;
            }
            // `woke` was taken above: an active round leaves it empty.
            woke = rest(active, &mut nap, rx, cfg.idle_sleep);
        }
        // Every rank is here and nothing is running: the verdict, then
        // wait until every rank has it.
        // Without a failure every job was handed out and answered.
        debug_assert!(failed.is_some() || results.iter().all(Option::is_some));
        let verdict = match &failed {
            Some((job, message)) => Msg::Error {
                batch,
                job: *job as u64,
                message,
            },
            None => Msg::Done {
                batch,
                results: results.iter().flatten().map(Vec::as_slice).collect(),
            },
        }
        .encode();
        let outcome = match failed {
            Some((job, message)) => Err(FarmError::Job { job, message }),
            None => Ok(results.into_iter().flatten().collect()),
        };
        for r in 1..size {
            self.x.send(r, &verdict)?;
        }
        let mut acked = vec![false; size];
        acked[0] = true;
        let mut nap = FIRST_NAP;
        while !acked.iter().all(|&a| a) {
            let Some((from, bytes)) = self.x.try_recv()? else {
                let now = Instant::now();
                if let Some(r) =
                    (1..size).find(|&r| !acked[r] && now - ranks[r].heard > cfg.timeout)
                {
                    return Err(DistError::Silent {
                        rank: r,
                        waited: now - ranks[r].heard,
                        during: "receiving the results of a batch",
                    });
                }
                std::thread::sleep(nap);
                nap = (nap * 2).min(cfg.idle_sleep);
                continue;
            };
            if from == 0 || from >= size {
                return Err(protocol(format!("a message from rank {from}")));
            }
            ranks[from].heard = Instant::now();
            if acked[from] {
                // Already in the next batch.
                self.early.push_back((from, bytes));
                continue;
            }
            match Msg::decode(&bytes)? {
                Msg::Ack { batch: b } if b == batch => acked[from] = true,
                Msg::Heartbeat { batch: b } if b <= batch => {}
                m => {
                    return Err(out_of_place(
                        from,
                        &m,
                        format_args!("at the end of batch {batch}"),
                    ));
                }
            }
        }
        Ok(outcome)
    }

    /// A rank's part of a batch other than rank 0's.
    #[allow(clippy::type_complexity)]
    fn follow(
        &mut self,
        n: usize,
        fingerprint: u64,
        queue: &Queue,
        rx: &Receiver<Answer>,
    ) -> Result<Result<Vec<Vec<u8>>, FarmError>, DistError> {
        let batch = self.batch;
        let cfg = self.cfg;
        let hello = Msg::Hello {
            batch,
            jobs: n as u64,
            fingerprint,
            threads: u32::try_from(cfg.threads).unwrap_or(u32::MAX),
        };
        self.send(0, &hello)?;
        let (mut heard, mut said) = (Instant::now(), Instant::now());
        let mut assigned = vec![false; n];
        let mut running = 0usize;
        let mut nap = FIRST_NAP;
        let mut woke: Option<Answer> = None;
        let outcome = loop {
            let mut active = false;
            let mut verdict = None;
            while let Some((from, bytes)) = self.x.try_recv()? {
                active = true;
                if from != 0 {
                    return Err(protocol(format!("a message from rank {from}")));
                }
                heard = Instant::now();
                match Msg::decode(&bytes)? {
                    Msg::Assign { batch: b, job } if b == batch => {
                        let job = usize::try_from(job)
                            .ok()
                            .filter(|&j| j < n && !assigned[j])
                            .ok_or_else(|| {
                                protocol(format!("job {job} assigned twice or out of range"))
                            })?;
                        assigned[job] = true;
                        running += 1;
                        queue.push(job);
                    }
                    Msg::Heartbeat { batch: b } if b == batch => {}
                    Msg::Done { batch: b, results } if b == batch => {
                        if running != 0 || results.len() != n {
                            return Err(protocol(format!(
                                "{} results of {n} jobs while {running} are running",
                                results.len()
                            )));
                        }
                        verdict = Some(Ok(results.into_iter().map(<[u8]>::to_vec).collect()));
                        break;
                    }
                    Msg::Error {
                        batch: b,
                        job,
                        message,
                    } if b == batch => {
                        verdict = Some(Err(FarmError::Job {
                            job: usize::try_from(job).unwrap_or(usize::MAX),
                            message: message.to_string(),
                        }));
                        break;
                    }
                    m => return Err(out_of_place(0, &m, format_args!("in batch {batch}"))),
                }
            }
            if let Some(v) = verdict {
                break v;
            }
            for (job, answer) in woke.take().into_iter().chain(rx.try_iter()) {
                active = true;
                running -= 1;
                let job = job as u64;
                let msg = match &answer {
                    Ok(bytes) => Msg::Result { batch, job, bytes },
                    Err(message) => Msg::Failed {
                        batch,
                        job,
                        message,
                    },
                };
                self.send(0, &msg)?;
                said = Instant::now();
            }
            let now = Instant::now();
            if now - heard > cfg.timeout {
                return Err(DistError::Silent {
                    rank: 0,
                    waited: now - heard,
                    during: "leading a batch of jobs",
                });
            }
            if now - said >= cfg.heartbeat {
                self.send(0, &Msg::Heartbeat { batch })?;
                said = now;
            }
            // `woke` was taken above: an active round leaves it empty.
            woke = rest(active, &mut nap, rx, cfg.idle_sleep);
        };
        self.send(0, &Msg::Ack { batch })?;
        Ok(outcome)
    }
}

/// What rank 0 knows of a rank during a batch.
struct Peer {
    /// Its compute threads, once it has said hello.
    threads: Option<usize>,
    /// Jobs handed to it and not answered.
    running: usize,
    /// When it was last heard from.
    heard: Instant,
}

impl Peer {
    fn new(now: Instant) -> Peer {
        Peer {
            threads: None,
            running: 0,
            heard: now,
        }
    }
}

/// The error for a message from `from` that has no place `when`: its
/// rank's failure (FAIL), or a protocol error.
fn out_of_place(from: usize, m: &Msg<'_>, when: fmt::Arguments<'_>) -> DistError {
    match m {
        Msg::Fail { message } => DistError::Remote {
            rank: from,
            message: (*message).to_string(),
            silent: None,
        },
        m => protocol(format!("unexpected {} from rank {from} {when}", m.name())),
    }
}

/// Checks that `from` owes an answer for `job`; returns it as an index.
fn answered(
    owner: &[usize],
    results: &[Option<Vec<u8>>],
    from: usize,
    job: u64,
) -> Result<usize, DistError> {
    usize::try_from(job)
        .ok()
        .filter(|&j| j < owner.len() && owner[j] == from && results[j].is_none())
        .ok_or_else(|| {
            protocol(format!(
                "rank {from} answered job {job}, which it does not run"
            ))
        })
}

/// Keeps the failure of the lowest job.
fn first_failure(failed: &mut Option<(usize, String)>, job: usize, message: String) {
    if failed.as_ref().is_none_or(|(j, _)| job < *j) {
        *failed = Some((job, message));
    }
}
