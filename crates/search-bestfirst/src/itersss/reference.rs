//! IterSSS\* as it was first written here, kept as the reference the
//! block-structured engine is tested against: OPEN one array in Dewey
//! order, every entry carrying its node, Dewey code and ancestors' widths;
//! selection, the memory rule, purges and inactivations scan it.

use tree_core::{Dewey, Tree, Value};

use super::arena::UNKNOWN;
use super::config::{Counts, NAME};
use crate::error::BestFirstError;
use crate::open::{Memory, Open, Outcome};
use crate::sss::Status;

/// Walks from `root` along `path`: regenerates a stored ancestor.
fn node_at<T: Tree + ?Sized>(tree: &T, root: &T::Node, path: &[u16]) -> T::Node {
    let mut n = root.clone();
    for &i in path {
        n = tree.child(&n, usize::from(i));
    }
    n
}

/// The reference's result: the outcome and the counts.
pub(crate) fn run<T: Tree + ?Sized>(
    tree: &T,
    b: usize,
    d: usize,
    capacity: usize,
    check: bool,
) -> (Result<Outcome, BestFirstError>, Counts) {
    let mut open = Open::with_capacity(capacity);
    let root = tree.root();
    let mut search = Search {
        tree,
        root: &root,
        open: &mut open,
        b,
        d,
        limit: capacity,
        check,
        counts: Counts::default(),
    };
    let result = search.run();
    let counts = search.counts;
    (
        result.map(|value| Outcome::new(value, None, Memory::of(&open))),
        counts,
    )
}

/// One OPEN entry: the state (n, status, h) of SSS\*, its type, and what the
/// operator needs to move on without re-expanding.
#[derive(Debug, Clone)]
pub(crate) struct IterEntry<N> {
    node: N,
    /// The node's Dewey code.
    dewey: Dewey,
    /// widths[i] = number of sons of the ancestor at depth i.
    widths: Dewey,
    status: Status,
    /// ACTIVE (true) or INACTIVE (false).
    active: bool,
    h: Value,
    /// The node's number of sons once asked, else [`UNKNOWN`].
    kids: u32,
}

struct Search<'a, T: Tree + ?Sized> {
    tree: &'a T,
    root: &'a T::Node,
    open: &'a mut Open<IterEntry<T::Node>>,
    b: usize,
    d: usize,
    /// M (as allocated).
    limit: usize,
    /// Whether the memory rule can ever refuse (M < b^⌈d/2⌉).
    check: bool,
    counts: Counts,
}

/// The expansion the memory rule is asked about: the entry at `index`
/// replaced by its `width` sons.
#[derive(Clone, Copy)]
struct Candidate {
    index: usize,
    width: usize,
}

impl<T: Tree + ?Sized> Search<'_, T> {
    fn run(&mut self) -> Result<Value, BestFirstError> {
        self.open.push(
            NAME,
            IterEntry {
                node: self.root.clone(),
                dewey: Dewey::root(),
                widths: Dewey::root(),
                status: Status::Live,
                active: true,
                h: Value::INF,
                kids: UNKNOWN,
            },
        )?;
        // The state whose selection started the current activation chain.
        let mut chain: Option<Dewey> = None;
        loop {
            #[cfg(debug_assertions)]
            self.check_invariants();
            let i = self
                .select()
                .expect("the left-most OPEN entry is always ACTIVE");
            let (t, status) = {
                let e = &self.open.entries()[i];
                (e.dewey.depth(), e.status)
            };
            match status {
                Status::Solved if t == 0 => return Ok(self.open.entries()[i].h),
                Status::Solved if t % 2 == 1 => {
                    let p = self.open.entries()[i].dewey.clone();
                    if self.solved_min(i) {
                        chain.get_or_insert(p);
                        self.counts.activations += 1;
                    } else {
                        chain = None;
                    }
                }
                Status::Solved => self.solved_max(i),
                Status::Live => {
                    let w = self.width(i)?;
                    if w == 0 {
                        self.evaluate(i)?;
                        chain = None;
                    } else if t % 2 == 1 {
                        self.first_son(i, w);
                    } else if self.fits(Candidate { index: i, width: w }) {
                        self.expand(i, w)?;
                        chain = None;
                    } else {
                        let from = match chain.take() {
                            Some(origin) => {
                                self.counts.refused_chains += 1;
                                origin
                            }
                            None => self.open.entries()[i].dewey.clone(),
                        };
                        self.inactivate_from(&from);
                        self.counts.inactivations += 1;
                    }
                }
            }
        }
    }

    /// The ACTIVE entry of highest h, the left-most among equals.
    fn select(&self) -> Option<usize> {
        let es = self.open.entries();
        let mut best: Option<usize> = None;
        for (i, e) in es.iter().enumerate() {
            if e.active && best.is_none_or(|j| e.h > es[j].h) {
                best = Some(i);
            }
        }
        best
    }

    /// (b − 1)·⌈(d − t)/2⌉: the memory, beyond its own entry, of a minimal
    /// search below a MAX node at depth t of unknown width.
    fn need(&self, t: usize) -> usize {
        if t < self.d {
            (self.b - 1) * (self.d - t).div_ceil(2)
        } else {
            0
        }
    }

    /// The number of sons of entry `i`, asked once and kept.
    fn width(&mut self, i: usize) -> Result<usize, BestFirstError> {
        let e = &self.open.entries()[i];
        if e.kids != UNKNOWN {
            return Ok(e.kids as usize);
        }
        let t = e.dewey.depth();
        let w = self.tree.num_children(&e.node);
        if w > 0 && (w > self.b || t >= self.d) {
            return Err(BestFirstError::TreeShape {
                message: format!(
                    "{NAME}: node {} at depth {t} has {w} children, beyond the shape \
                     (branching {}, depth {}) the budget was computed from",
                    e.dewey, self.b, self.d
                ),
            });
        }
        let kids = u16::try_from(w).map_err(|_| BestFirstError::TreeShape {
            message: format!("a node has {w} children; at most 65,535 are supported"),
        })?;
        self.open.entries_mut()[i].kids = u32::from(kids);
        Ok(w)
    }

    /// Case 4: evaluate a terminal, h := min(h, v), SOLVED.
    fn evaluate(&mut self, i: usize) -> Result<(), BestFirstError> {
        let v = self.tree.value(&self.open.entries()[i].node);
        if v.is_infinite() {
            return Err(BestFirstError::SentinelLeaf { value: v });
        }
        let e = &mut self.open.entries_mut()[i];
        e.h = e.h.min(v);
        e.status = Status::Solved;
        Ok(())
    }

    /// Case 5: a LIVE MIN node is replaced by its first son.
    fn first_son(&mut self, i: usize, w: usize) {
        let node = self.tree.child(&self.open.entries()[i].node, 0);
        let e = &mut self.open.entries_mut()[i];
        e.node = node;
        e.dewey.push(0);
        e.widths.push(w);
        e.kids = UNKNOWN;
    }

    /// Case 6: a LIVE MAX node is replaced by all its sons, left to right.
    fn expand(&mut self, i: usize, w: usize) -> Result<(), BestFirstError> {
        let parent = self.open.entries()[i].clone();
        let mut widths = parent.widths.clone();
        widths.push(w);
        let son = |k: usize| IterEntry {
            node: self.tree.child(&parent.node, k),
            dewey: parent.dewey.child(k),
            widths: widths.clone(),
            status: Status::Live,
            active: true,
            h: parent.h,
            kids: UNKNOWN,
        };
        let first = son(0);
        for k in 1..w {
            self.open.insert(NAME, i + k, son(k))?;
        }
        self.open.entries_mut()[i] = first;
        Ok(())
    }

    /// Cases 2 and 3: a SOLVED MAX node passes its h to its next brother,
    /// or, being the last, solves its MIN parent.
    fn solved_max(&mut self, i: usize) {
        let e = &self.open.entries()[i];
        let k = e.dewey.last().expect("not the root");
        let t = e.dewey.depth();
        let w = usize::from(e.widths.digits()[t - 1]);
        let mut parent = e.dewey.clone();
        parent.pop();
        let pnode = node_at(self.tree, self.root, parent.digits());
        if k + 1 < w {
            let node = self.tree.child(&pnode, k + 1);
            let e = &mut self.open.entries_mut()[i];
            e.node = node;
            e.dewey = parent.child(k + 1);
            e.status = Status::Live;
            e.kids = UNKNOWN;
        } else {
            let e = &mut self.open.entries_mut()[i];
            e.node = pnode;
            e.dewey = parent;
            e.widths.pop();
            e.kids = UNKNOWN;
        }
    }

    /// The run of entries below `x` (contiguous in Dewey order) around `i`.
    fn range_below(&self, x: &Dewey, i: usize) -> (usize, usize) {
        let es = self.open.entries();
        let mut lo = i;
        while lo > 0 && x.is_prefix_of(&es[lo - 1].dewey) {
            lo -= 1;
        }
        let mut hi = i + 1;
        while hi < es.len() && x.is_prefix_of(&es[hi].dewey) {
            hi += 1;
        }
        (lo, hi)
    }

    /// A SOLVED MIN node p at `i` is selected. Either its parent x is solved
    /// (case 1, returns false) or, with an INACTIVE descendant of x above
    /// h(p), the states below x at or below h(p) other than p are purged and
    /// the left-most remaining INACTIVE one is activated (returns true).
    fn solved_min(&mut self, i: usize) -> bool {
        let (mut x, hp) = {
            let p = &self.open.entries()[i];
            (p.dewey.clone(), p.h)
        };
        x.pop();
        let (lo, hi) = self.range_below(&x, i);
        let waiting = self.open.entries()[lo..hi]
            .iter()
            .any(|e| !e.active && e.h > hp);
        if !waiting {
            let node = node_at(self.tree, self.root, x.digits());
            let mut widths = self.open.entries()[i].widths.clone();
            widths.pop();
            self.open.retain_from(lo, |e| !x.is_prefix_of(&e.dewey));
            let solved = IterEntry {
                node,
                dewey: x,
                widths,
                status: Status::Solved,
                active: true,
                h: hp,
                kids: UNKNOWN,
            };
            self.open
                .insert(NAME, lo, solved)
                .expect("the purge freed the room");
            return false;
        }
        let p = self.open.entries()[i].dewey.clone();
        self.open.retain_from(lo, |e| {
            !x.is_prefix_of(&e.dewey) || e.dewey == p || e.h > hp
        });
        // Everything ACTIVE below x was at or below h(p), so p is now the
        // first entry below x and the INACTIVE ones follow it.
        let es = self.open.entries_mut();
        debug_assert!(es[lo].dewey == p);
        debug_assert!(x.is_prefix_of(&es[lo + 1].dewey) && !es[lo + 1].active);
        es[lo + 1].active = true;
        true
    }

    /// Every ACTIVE entry at or to the right of `from` becomes INACTIVE.
    fn inactivate_from(&mut self, from: &Dewey) {
        for e in self.open.entries_mut() {
            if e.active && e.dewey >= *from {
                e.active = false;
            }
        }
    }

    /// The memory rule: whether Need, with the candidate expanded, is at
    /// most M.
    fn fits(&self, c: Candidate) -> bool {
        if !self.check {
            return true;
        }
        let after = self.open.len() + c.width - 1;
        // Need ≤ entries + the largest reserve, which is need(0).
        if after.saturating_add(self.need(0)) <= self.limit {
            return true;
        }
        if after > self.limit {
            return false;
        }
        let n = self.open.len();
        self.demand(0, n, 0, Some(c)).1 <= self.limit
    }

    /// (entries, demand) of the structure node at `depth` whose OPEN entries
    /// are `lo..hi`; see the module docs.
    fn demand(&self, lo: usize, hi: usize, depth: usize, c: Option<Candidate>) -> (usize, usize) {
        let es = self.open.entries();
        if hi - lo == 1 && es[lo].dewey.depth() == depth {
            return self.local(lo, c);
        }
        if depth.is_multiple_of(2) {
            // A MAX node: its branches one by one, those to the left
            // collapsed to one entry each, those to the right as they are.
            let extra = match c {
                Some(c) if (lo..hi).contains(&c.index) => c.width - 1,
                _ => 0,
            };
            let total = hi - lo + extra;
            let (mut left, mut before, mut worst) = (0usize, 0usize, 0usize);
            let mut j = lo;
            while j < hi {
                let digit = es[j].dewey.digits()[depth];
                let mut k = j + 1;
                while k < hi && es[k].dewey.digits()[depth] == digit {
                    k += 1;
                }
                let (entries, demand) = self.demand(j, k, depth + 1, c);
                worst = worst.max(left + demand + (total - before - entries));
                left += 1;
                before += entries;
                j = k;
            }
            (total, worst)
        } else {
            // A MIN node: its one current son, then a fresh search of the
            // next son if there is one.
            debug_assert!(
                es[lo..hi]
                    .iter()
                    .all(|e| e.dewey.digits()[depth] == es[lo].dewey.digits()[depth])
            );
            let (entries, demand) = self.demand(lo, hi, depth + 1, c);
            let son = usize::from(es[lo].dewey.digits()[depth]);
            let width = usize::from(es[lo].widths.digits()[depth]);
            let next = if son + 1 < width {
                1 + self.need(depth + 1)
            } else {
                0
            };
            (entries, demand.max(next))
        }
    }

    /// (entries, demand) of the single OPEN entry `k`.
    fn local(&self, k: usize, c: Option<Candidate>) -> (usize, usize) {
        let e = &self.open.entries()[k];
        let t = e.dewey.depth();
        if let Some(c) = c.filter(|c| c.index == k) {
            return (c.width, c.width + self.need(t + 2));
        }
        let demand = match (e.status, t % 2 == 1, e.kids) {
            (Status::Solved, _, _) | (Status::Live, _, 0) => 1,
            (Status::Live, true, _) => 1 + self.need(t + 1),
            (Status::Live, false, UNKNOWN) => 1 + self.need(t),
            (Status::Live, false, w) => w as usize + self.need(t + 2),
        };
        (1, demand)
    }

    /// OPEN is in strict Dewey order, no ACTIVE entry follows an INACTIVE
    /// one, and Need ≤ M (checked on OPENs of up to 256 entries, to keep
    /// debug builds usable on large budgets).
    #[cfg(debug_assertions)]
    fn check_invariants(&self) {
        let es = self.open.entries();
        assert!(es.windows(2).all(|w| w[0].dewey < w[1].dewey));
        assert!(
            es.windows(2).all(|w| w[0].active || !w[1].active),
            "an INACTIVE entry left of an ACTIVE one"
        );
        assert!(es.len() <= self.limit);
        if self.check && !es.is_empty() && es.len() <= 256 {
            assert!(self.demand(0, es.len(), 0, None).1 <= self.limit);
        }
    }
}
