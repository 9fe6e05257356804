//! A master's part (Figs. 10 and 12): its frames and their windows, the
//! `parfor` that hands successors to its slaves, and the bookkeeping of
//! their answers (terminations, late answers, silent slaves).

use std::time::{Duration, Instant};

use search_parallel::polled;
use tree_core::{Tree, Value};

use super::rank::{CUT_HISTORY, Frame, Rank, Running, Stop, check_depth, check_width, duration_ns};
use crate::error::DistError;
use crate::message::{Msg, NodeKind};
use crate::net::now_ns;
use crate::transport::Transport;

impl<T, X> Rank<'_, T, X>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
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
    pub(super) fn master(
        &mut self,
        node: &T::Node,
        path: &mut Vec<u16>,
        depth: usize,
        kind: NodeKind,
    ) -> Result<Value, Stop> {
        let w = self.counted.num_children(node);
        if w == 0 {
            return polled::leaf(self, node, depth);
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
    pub(super) fn pvsplit(
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
            return polled::leaf(self, node, depth);
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
    pub(super) fn late_answer(&mut self, job: u32, j: usize, finish: u64) {
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
    pub(super) fn catch_up(&mut self, at: u64) {
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
}
