//! The Γ operator over a plain OPEN list, as SSS* was first written here:
//! one array of states (the front at its end), each state carrying its
//! node, Dewey code and ancestors' widths, ancestors regenerated from the
//! root, case 1 purging by a scan, case 4 inserting by a scan (Stockman,
//! left-biased) or a binary search (left-most). Slow and obviously
//! faithful to Campbell's Table 11; the tests run the block-structured
//! engine against it step by step.

use tree_core::{Dewey, Tree, Value};

use super::config::{Params, Variant};
use super::run::Start;
use super::trace::Status;
use crate::error::BestFirstError;

/// One state (n, s, h), with what the operator needs to move on.
#[derive(Debug, Clone)]
pub(crate) struct RefEntry<N> {
    pub node: N,
    pub dewey: Dewey,
    /// widths[i] = number of children of the ancestor at relative depth i.
    widths: Dewey,
    pub status: Status,
    pub h: Value,
}

/// What sees OPEN after every step (front first).
pub(crate) type RefObserver<'a, N> = &'a mut dyn FnMut(&[RefEntry<N>]);

/// OPEN: the states in order, the front last, never more than `capacity`.
#[derive(Debug)]
pub(crate) struct RefOpen<N> {
    v: Vec<RefEntry<N>>,
    capacity: usize,
    pub peak: usize,
}

impl<N: Clone> RefOpen<N> {
    pub fn new(capacity: usize) -> RefOpen<N> {
        RefOpen {
            v: Vec::new(),
            capacity,
            peak: 0,
        }
    }

    fn add(
        &mut self,
        algorithm: &'static str,
        i: Option<usize>,
        e: RefEntry<N>,
    ) -> Result<(), BestFirstError> {
        if self.v.len() >= self.capacity {
            return Err(BestFirstError::BudgetTooSmall {
                algorithm,
                given: self.capacity,
                minimum: self.capacity + 1,
            });
        }
        match i {
            None => self.v.push(e),
            Some(i) => self.v.insert(i, e),
        }
        self.peak = self.peak.max(self.v.len());
        Ok(())
    }

    /// The states from `base` on, front first.
    pub fn front_first(&self, base: usize) -> Vec<RefEntry<N>> {
        self.v[base..].iter().rev().cloned().collect()
    }
}

fn node_at<T: Tree + ?Sized>(tree: &T, root: &T::Node, path: &[u16]) -> T::Node {
    let mut n = root.clone();
    for &i in path {
        n = tree.child(&n, usize::from(i));
    }
    n
}

fn leftmost_before(h: Value, dewey: &Dewey, h2: Value, dewey2: &Dewey) -> bool {
    h > h2 || (h == h2 && dewey < dewey2)
}

/// Case 4's insertion (every addition under the left-most rule).
fn insert<N: Clone>(
    open: &mut RefOpen<N>,
    base: usize,
    e: RefEntry<N>,
    p: &Params,
) -> Result<(), BestFirstError> {
    let i = match p.variant {
        Variant::Leftmost => {
            // OPEN[base..] is sorted on (h, left-most first), front last.
            let (mut lo, mut hi) = (base, open.v.len());
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                let m = &open.v[mid];
                if leftmost_before(m.h, &m.dewey, e.h, &e.dewey) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            lo
        }
        Variant::Stockman | Variant::LeftBiased => {
            let mut i = open.v.len();
            while i > base {
                let s = &open.v[i - 1];
                let skip = match p.variant {
                    Variant::Stockman => s.h >= e.h,
                    _ => leftmost_before(s.h, &s.dewey, e.h, &e.dewey),
                };
                if !skip {
                    break;
                }
                i -= 1;
            }
            i
        }
    };
    open.add(p.algorithm, Some(i), e)
}

/// "Stack" (front) for Stockman and left-biased, the left-most insertion
/// for left-most.
fn stack<N: Clone>(
    open: &mut RefOpen<N>,
    base: usize,
    e: RefEntry<N>,
    p: &Params,
) -> Result<(), BestFirstError> {
    match p.variant {
        Variant::Stockman | Variant::LeftBiased => open.add(p.algorithm, None, e),
        Variant::Leftmost => insert(open, base, e, p),
    }
}

/// One Γ search on `open` from position `base` on, as `super::gamma_search`
/// does it; `frontier` evaluates the nodes at the horizon, `observer` sees
/// OPEN after every step.
pub(crate) fn gamma_search<T, F>(
    tree: &T,
    p: &Params,
    open: &mut RefOpen<T::Node>,
    start: Start<'_, T::Node>,
    frontier: &mut F,
    observer: RefObserver<'_, T::Node>,
) -> Result<Value, BestFirstError>
where
    T: Tree + ?Sized,
    F: FnMut(&mut RefOpen<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    let Start {
        root,
        depth: root_depth,
        lower,
        upper,
    } = start;
    let base = open.v.len();
    open.add(
        p.algorithm,
        None,
        RefEntry {
            node: root.clone(),
            dewey: Dewey::root(),
            widths: Dewey::root(),
            status: Status::Live,
            h: upper,
        },
    )?;
    let and_at = |rel: usize| (root_depth + rel).is_multiple_of(2) == p.chooser_even;
    let end = |open: &mut RefOpen<T::Node>, v: Value| {
        open.v.truncate(base);
        Ok(v)
    };
    loop {
        let e = open.v.pop().expect("OPEN holds the root's state");
        let rel = e.dewey.depth();
        match e.status {
            Status::Solved if rel == 0 => return end(open, e.h),
            Status::Solved if !and_at(rel) => {
                // Case 1: purge below the parent m, stack m solved.
                let m = e.dewey.parent().expect("not the root");
                let kept: Vec<RefEntry<T::Node>> = open
                    .v
                    .drain(base..)
                    .filter(|s| !m.is_prefix_of(&s.dewey))
                    .collect();
                open.v.extend(kept);
                let node = node_at(tree, root, m.digits());
                let mut widths = e.widths;
                widths.pop();
                stack(
                    open,
                    base,
                    RefEntry {
                        node,
                        dewey: m,
                        widths,
                        status: Status::Solved,
                        h: e.h,
                    },
                    p,
                )?;
            }
            Status::Solved => {
                let k = e.dewey.last().expect("not the root");
                let w = usize::from(*e.widths.digits().last().expect("not the root"));
                let parent = e.dewey.parent().expect("not the root");
                let pnode = node_at(tree, root, parent.digits());
                let next = if k + 1 < w {
                    // Case 2: the next brother, LIVE.
                    RefEntry {
                        node: tree.child(&pnode, k + 1),
                        dewey: parent.child(k + 1),
                        widths: e.widths,
                        status: Status::Live,
                        h: e.h,
                    }
                } else {
                    // Case 3: the OR parent, SOLVED.
                    let mut widths = e.widths;
                    widths.pop();
                    RefEntry {
                        node: pnode,
                        dewey: parent,
                        widths,
                        status: Status::Solved,
                        h: e.h,
                    }
                };
                stack(open, base, next, p)?;
            }
            Status::Live => {
                if e.h <= lower {
                    return end(open, e.h);
                }
                let w = if rel == p.horizon {
                    0
                } else {
                    tree.num_children(&e.node)
                };
                if w == 0 {
                    // Case 4.
                    let v = if rel == p.horizon {
                        frontier(open, &e.node, root_depth + rel, e.h)?
                    } else {
                        let v = tree.value(&e.node);
                        if v.is_infinite() {
                            return Err(BestFirstError::SentinelLeaf { value: v });
                        }
                        if p.negate { -v } else { v }
                    };
                    let solved = RefEntry {
                        h: e.h.min(v),
                        status: Status::Solved,
                        ..e
                    };
                    insert(open, base, solved, p)?;
                } else {
                    if w > usize::from(u16::MAX) {
                        return Err(BestFirstError::TreeShape {
                            message: format!(
                                "a node has {w} children; at most 65,535 are supported"
                            ),
                        });
                    }
                    if root_depth + rel >= tree_core::MAX_DEPTH {
                        return Err(BestFirstError::TreeShape {
                            message: format!("the tree is deeper than {}", tree_core::MAX_DEPTH),
                        });
                    }
                    let mut widths = e.widths.clone();
                    widths.push(w);
                    let make = |i: usize| RefEntry {
                        node: tree.child(&e.node, i),
                        dewey: e.dewey.child(i),
                        widths: widths.clone(),
                        status: Status::Live,
                        h: e.h,
                    };
                    if !and_at(rel) {
                        // Case 5.
                        stack(open, base, make(0), p)?;
                    } else if p.variant == Variant::Stockman {
                        // Case 6 as printed: the last child ends up in front.
                        for i in 0..w {
                            stack(open, base, make(i), p)?;
                        }
                    } else {
                        for i in (0..w).rev() {
                            stack(open, base, make(i), p)?;
                        }
                    }
                }
            }
        }
        observer(&open.front_first(base));
    }
}
