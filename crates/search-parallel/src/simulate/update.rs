//! Tree-splitting with Fig. 11's dynamic window update, in a time-stepped
//! simulator: every processor is a state machine, the terminal processors'
//! alpha-beta runs one terminal evaluation per time unit, so a bound can
//! reach a search while it runs.
//!
//! Each tick, every busy terminal processor (in processor order) evaluates
//! one terminal and unwinds what that evaluation finishes. Then the returns
//! of that instant are delivered, deepest processor first and, at equal
//! depth, lowest processor number first; a master handles one return at a
//! time, exactly as Fig. 10 and the job-replay simulator do (with updates
//! switched off the two simulators agree on every report: see the test
//! below). When a master's α rises, it sends UPDATE (Fig. 11) to each
//! running slave: the slave's β becomes min(β, −α), and the bound goes on
//! down the slave's stack, alternately as a lower and an upper bound, to
//! every frame (`alpha[depth]`, `beta[depth]` in Fig. 11) and, for a slave
//! that is itself a master, to its running slaves. A frame whose window
//! closes (α ≥ β) returns at once, without waiting for the next tick.

use tree_core::{Tree, Value};

use search_depthfirst::SearchError;

use super::error::{ParallelError, check_processors};
use super::processors::{ProcessorTree, subtree_sizes};
use super::report::Run;

/// A lower bound (raises α) or an upper bound (lowers β).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Lower,
    Upper,
}

impl Bound {
    fn flip(self) -> Bound {
        match self {
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
        }
    }
}

/// One frame of Fig. 4 in progress: `m` is α (the best so far).
struct Frame<N> {
    node: N,
    w: usize,
    next: usize,
    m: Value,
    beta: Value,
}

/// Fail-hard alpha-beta (Fig. 4) as a step machine over the subtree at a
/// job's node.
struct Ab<N> {
    /// The job's node when it is a terminal (evaluated on the first step).
    terminal: Option<N>,
    frames: Vec<Frame<N>>,
    /// Whether MIN is to move at the job's node.
    negate: bool,
    /// The search's value once it is finished.
    result: Option<Value>,
}

impl<N: Clone> Ab<N> {
    fn new<T: Tree<Node = N> + ?Sized>(
        tree: &T,
        node: N,
        negate: bool,
        alpha: Value,
        beta: Value,
    ) -> Ab<N> {
        let w = tree.num_children(&node);
        if w == 0 {
            Ab {
                terminal: Some(node),
                frames: Vec::new(),
                negate,
                result: None,
            }
        } else {
            Ab {
                terminal: None,
                frames: vec![Frame {
                    node,
                    w,
                    next: 0,
                    m: alpha,
                    beta,
                }],
                negate,
                result: None,
            }
        }
    }

    /// The static value of a terminal at relative depth `depth`, from the
    /// side to move there.
    fn score<T: Tree<Node = N> + ?Sized>(
        &self,
        tree: &T,
        node: &N,
        depth: usize,
    ) -> Result<Value, SearchError> {
        let v = tree.value(node);
        if v.is_infinite() {
            return Err(SearchError::SentinelLeaf { value: v, depth });
        }
        Ok(if self.negate ^ (depth % 2 == 1) {
            -v
        } else {
            v
        })
    }

    /// Evaluates the next terminal (one time unit) and unwinds every frame
    /// that finishes.
    fn step<T: Tree<Node = N> + ?Sized>(&mut self, tree: &T) -> Result<(), SearchError> {
        if let Some(node) = self.terminal.take() {
            self.result = Some(self.score(tree, &node, 0)?);
            return Ok(());
        }
        loop {
            let depth = self.frames.len();
            if depth >= tree_core::MAX_DEPTH {
                return Err(SearchError::TooDeep { depth });
            }
            let top = self
                .frames
                .last_mut()
                .expect("a running search has a frame");
            let child = tree.child(&top.node, top.next);
            top.next += 1;
            let w = tree.num_children(&child);
            if w == 0 {
                let v = self.score(tree, &child, depth)?;
                let top = self.frames.last_mut().expect("still there");
                if -v > top.m {
                    top.m = -v;
                }
                self.settle();
                return Ok(());
            }
            let (m, beta) = (-top.beta, -top.m);
            self.frames.push(Frame {
                node: child,
                w,
                next: 0,
                m,
                beta,
            });
        }
    }

    /// Returns from every frame at the top whose window is closed or whose
    /// successors are all in.
    fn settle(&mut self) {
        while let Some(top) = self.frames.last() {
            if top.m < top.beta && top.next < top.w {
                return;
            }
            let v = top.m;
            self.frames.pop();
            match self.frames.last_mut() {
                Some(parent) => {
                    if -v > parent.m {
                        parent.m = -v;
                    }
                }
                None => self.result = Some(v),
            }
        }
    }

    /// Fig. 11's UPDATE from the job's node down: `score` as a `bound` at
    /// depth 0, negated and flipped at each level.
    fn update(&mut self, mut bound: Bound, mut score: Value) {
        for f in &mut self.frames {
            match bound {
                Bound::Lower => f.m = f.m.max(score),
                Bound::Upper => f.beta = f.beta.min(score),
            }
            bound = bound.flip();
            score = -score;
        }
        self.settle();
    }
}

/// A master running Fig. 10.
struct Master<N> {
    node: N,
    negate: bool,
    w: usize,
    next: usize,
    alpha: Value,
    beta: Value,
    running: Vec<bool>,
    /// The successor each slave is searching (meaningful while running).
    child: Vec<usize>,
}

enum State<N> {
    Idle,
    Leaf(Ab<N>),
    Master(Master<N>),
}

/// A processor's return at the current instant.
struct Event {
    processor: usize,
    generation: u64,
    value: Value,
}

struct Engine<'a, T: Tree + ?Sized> {
    tree: &'a T,
    width: usize,
    update: bool,
    /// Per processor: levels of slaves below it, parent, index among the
    /// parent's slaves, first slave's number, slave stride.
    levels: Vec<usize>,
    parent: Vec<usize>,
    index: Vec<usize>,
    sizes: Vec<usize>,
    state: Vec<State<T::Node>>,
    generation: Vec<u64>,
    /// Runs of evaluations per processor (the current run is extended).
    work: Vec<Run>,
    events: Vec<Event>,
    now: u64,
    /// The root's successor whose score last raised the root's α.
    best: Option<usize>,
}

/// Simulates tree-splitting from the root with the full window, with Fig.
/// 11's update when `update` is set; returns (value, finish, work, the
/// root's best move if the root master knows it).
pub(super) fn run<T: Tree + ?Sized>(
    tree: &T,
    processors: ProcessorTree,
    update: bool,
) -> Result<(Value, u64, Vec<Run>, Option<usize>), ParallelError> {
    let count = check_processors(processors)?;
    let sizes = subtree_sizes(processors);
    let mut levels = vec![0; count];
    let mut parent = vec![usize::MAX; count];
    let mut index = vec![0; count];
    // Preorder numbering: slave j of m (heading `l` levels) is m + 1 + j*sizes[l-1].
    let mut stack = vec![(0usize, processors.depth)];
    while let Some((m, l)) = stack.pop() {
        levels[m] = l;
        if l > 0 {
            for j in 0..processors.width {
                let s = m + 1 + j * sizes[l - 1];
                parent[s] = m;
                index[s] = j;
                stack.push((s, l - 1));
            }
        }
    }
    let mut e = Engine {
        tree,
        width: processors.width,
        update,
        levels,
        parent,
        index,
        sizes,
        state: (0..count).map(|_| State::Idle).collect(),
        generation: vec![0; count],
        work: Vec::new(),
        events: Vec::new(),
        now: 0,
        best: None,
    };
    e.start(0, tree.root(), false, Value::NEG_INF, Value::INF);
    loop {
        if let Some(v) = e.deliver()? {
            return Ok((v, e.now, e.work, e.best));
        }
        e.tick()?;
    }
}

impl<T: Tree + ?Sized> Engine<'_, T> {
    fn slave(&self, m: usize, j: usize) -> usize {
        m + 1 + j * self.sizes[self.levels[m] - 1]
    }

    /// Gives processor `q` the job treesplit(node, α, β) now.
    fn start(&mut self, q: usize, node: T::Node, negate: bool, alpha: Value, beta: Value) {
        self.generation[q] += 1;
        let w = self.tree.num_children(&node);
        if self.levels[q] == 0 || w == 0 {
            self.state[q] = State::Leaf(Ab::new(self.tree, node, negate, alpha, beta));
            return;
        }
        let mut m = Master {
            node,
            negate,
            w,
            next: 0,
            alpha,
            beta,
            running: vec![false; self.width],
            child: vec![0; self.width],
        };
        let mut jobs = Vec::new();
        for j in 0..self.width {
            if m.next == w {
                break;
            }
            jobs.push((j, self.tree.child(&m.node, m.next)));
            m.running[j] = true;
            m.child[j] = m.next;
            m.next += 1;
        }
        self.state[q] = State::Master(m);
        for (j, c) in jobs {
            let s = self.slave(q, j);
            self.start(s, c, !negate, -beta, -alpha);
        }
    }

    /// Stops processor `q` and everything below it: returns of theirs not
    /// yet delivered are dropped.
    fn terminate(&mut self, q: usize) {
        self.generation[q] += 1;
        self.terminate_slaves(q);
        self.state[q] = State::Idle;
    }

    /// terminate(): stops the running slaves of `q` (Fig. 10).
    fn terminate_slaves(&mut self, q: usize) {
        let running: Vec<usize> = match &self.state[q] {
            State::Master(m) => (0..self.width).filter(|&j| m.running[j]).collect(),
            _ => return,
        };
        for j in running {
            let s = self.slave(q, j);
            self.terminate(s);
        }
        if let State::Master(m) = &mut self.state[q] {
            m.running.iter_mut().for_each(|r| *r = false);
        }
    }

    /// `q` returns `value` now.
    fn finish(&mut self, q: usize, value: Value) {
        self.events.push(Event {
            processor: q,
            generation: self.generation[q],
            value,
        });
    }

    /// One time unit: every busy terminal processor evaluates a terminal.
    fn tick(&mut self) -> Result<(), ParallelError> {
        self.now += 1;
        for q in 0..self.state.len() {
            if let State::Leaf(ab) = &mut self.state[q] {
                if ab.result.is_some() {
                    continue;
                }
                ab.step(self.tree)?;
                let done = ab.result;
                match self.work.last_mut() {
                    Some(r) if r.processor == q && r.start + r.count + 1 == self.now => {
                        r.count += 1;
                    }
                    _ => self.work.push(Run {
                        processor: q,
                        start: self.now - 1,
                        count: 1,
                    }),
                }
                if let Some(v) = done {
                    self.finish(q, v);
                }
            }
        }
        Ok(())
    }

    /// Delivers this instant's returns; the root's value once it returns.
    fn deliver(&mut self) -> Result<Option<Value>, ParallelError> {
        loop {
            let Some(i) = (0..self.events.len()).max_by_key(|&i| {
                let q = self.events[i].processor;
                (std::cmp::Reverse(self.levels[q]), std::cmp::Reverse(q))
            }) else {
                return Ok(None);
            };
            let ev = self.events.swap_remove(i);
            let q = ev.processor;
            if self.generation[q] != ev.generation {
                continue; // terminated before its return was delivered
            }
            self.state[q] = State::Idle;
            if q == 0 {
                return Ok(Some(ev.value));
            }
            self.on_return(self.parent[q], self.index[q], ev.value);
        }
    }

    /// Master `m` hears slave `j` return `value` (Fig. 10's loop body).
    fn on_return(&mut self, m: usize, j: usize, value: Value) {
        let State::Master(ms) = &mut self.state[m] else {
            unreachable!("a slave's master is running")
        };
        ms.running[j] = false;
        let t = -value;
        let raised = t > ms.alpha;
        if raised {
            ms.alpha = t;
            if m == 0 {
                self.best = Some(ms.child[j]);
            }
        }
        if ms.alpha >= ms.beta {
            let a = ms.alpha;
            self.terminate_slaves(m);
            self.finish(m, a);
            return;
        }
        let (alpha, beta, negate) = (ms.alpha, ms.beta, ms.negate);
        let next = if ms.next < ms.w {
            ms.child[j] = ms.next;
            ms.next += 1;
            ms.running[j] = true;
            Some(self.tree.child(&ms.node, ms.next - 1))
        } else {
            None
        };
        let idle = ms.running.iter().all(|r| !r);
        if raised && self.update {
            self.update_slaves(m, Bound::Upper, -alpha, Some(j));
        }
        match next {
            Some(c) => {
                let s = self.slave(m, j);
                self.start(s, c, !negate, -beta, -alpha);
            }
            None if idle => self.finish(m, alpha),
            None => {}
        }
    }

    /// Sends UPDATE(bound, score) to every running slave of `m` but `skip`.
    fn update_slaves(&mut self, m: usize, bound: Bound, score: Value, skip: Option<usize>) {
        let running: Vec<usize> = match &self.state[m] {
            State::Master(ms) => (0..self.width)
                .filter(|&j| ms.running[j] && Some(j) != skip)
                .collect(),
            _ => return,
        };
        for j in running {
            let s = self.slave(m, j);
            self.receive(s, bound, score);
        }
    }

    /// Processor `q` receives UPDATE(bound, score) for its job's node.
    fn receive(&mut self, q: usize, bound: Bound, score: Value) {
        match &mut self.state[q] {
            State::Idle => {}
            State::Leaf(ab) => {
                if ab.result.is_some() {
                    return;
                }
                ab.update(bound, score);
                if let Some(v) = ab.result {
                    self.finish(q, v);
                }
            }
            State::Master(ms) => {
                match bound {
                    Bound::Lower => ms.alpha = ms.alpha.max(score),
                    Bound::Upper => ms.beta = ms.beta.min(score),
                }
                if ms.alpha >= ms.beta {
                    let a = ms.alpha;
                    self.terminate_slaves(q);
                    self.finish(q, a);
                    return;
                }
                self.update_slaves(q, bound.flip(), -score, None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{SimAlgorithm, simulate};
    use super::*;
    use tree_core::{BestChild, Generator, corpus};

    /// With updates off, the step engine is the job-replay simulator: same
    /// value, time and evaluations per processor, on random, ordered and
    /// non-uniform trees and several processor trees. (Checks the step
    /// machine, the instant ordering and terminate().)
    #[test]
    fn without_update_it_is_treesplit() {
        let shapes = [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (0, 1)];
        let check = |tree: &dyn Fn(ProcessorTree) -> (SimReportLite, SimReportLite)| {
            for (d, w) in shapes {
                let (a, b) = tree(ProcessorTree { depth: d, width: w });
                assert_eq!(a, b, "({d}, {w})");
            }
        };
        for (_, t) in tree_core::corpus::random_trees(5, 150) {
            check(&|p| (lite_step(&t, p), lite_replay(&t, p)));
        }
        for g in [
            BestChild::Uniform,
            BestChild::Geometric(0.8),
            BestChild::First,
        ] {
            for seed in 0..4 {
                let t = corpus::generated(Generator::campbell(g), 6, 4, seed);
                check(&|p| (lite_step(&t, p), lite_replay(&t, p)));
            }
        }
    }

    type SimReportLite = (Value, u64, Vec<u64>);

    fn lite_step<T: Tree + ?Sized>(t: &T, p: ProcessorTree) -> SimReportLite {
        let (v, f, work, _) = run(t, p, false).unwrap();
        (v, f, per_processor(&work, p))
    }

    fn lite_replay<T: Tree + ?Sized>(t: &T, p: ProcessorTree) -> SimReportLite {
        let r = simulate(SimAlgorithm::TreeSplit, t, p).unwrap();
        (r.value, r.elapsed, r.evaluations)
    }

    fn per_processor(work: &[Run], p: ProcessorTree) -> Vec<u64> {
        let mut e = vec![0; p.processors().unwrap() as usize];
        for r in work {
            e[r.processor] += r.count;
        }
        e
    }
}
