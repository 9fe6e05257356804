//! [`Link`]: a master's shared best score and the chain to its own
//! master, the window of Fig. 11 that slaves read (see the
//! [module docs](super)).

use std::sync::Arc;
use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

use search_depthfirst::Window;
use tree_core::Value;

/// A `Value` from the raw `i32` of an atomic cell (sentinels included).
fn from_raw(x: i32) -> Value {
    match Value::new(x) {
        Ok(v) => v,
        Err(_) if x > 0 => Value::INF,
        Err(_) => Value::NEG_INF,
    }
}

/// A master's (or a YBWC split node's) shared best score, and the chain to
/// its own master: the Fig. 11 window that slaves read.
#[derive(Debug)]
pub(crate) struct Link {
    /// The node's current best score m (negamax, side to move there).
    alpha: AtomicI32,
    /// The node's own upper bound (the root's β; +∞ elsewhere).
    beta: Value,
    /// The link one ply up, if any.
    parent: Option<Arc<Link>>,
}

impl Link {
    /// The root's link: the search window itself.
    pub(crate) fn root(window: Window) -> Arc<Link> {
        Arc::new(Link {
            alpha: AtomicI32::new(window.alpha().get()),
            beta: window.beta(),
            parent: None,
        })
    }

    /// The link of a child of `parent`'s node; its window comes from the
    /// chain until it improves its own score.
    pub(crate) fn child(parent: &Arc<Link>) -> Arc<Link> {
        Arc::new(Link {
            alpha: AtomicI32::new(Value::NEG_INF.get()),
            beta: Value::INF,
            parent: Some(Arc::clone(parent)),
        })
    }

    /// The node's current effective window (α, β): its own score and upper
    /// bound narrowed by the window of the node above, negated.
    pub(crate) fn window(&self) -> (Value, Value) {
        let own = from_raw(self.alpha.load(Relaxed));
        match &self.parent {
            None => (own, self.beta),
            Some(p) => {
                let (pa, pb) = p.window();
                (own.max(-pb), self.beta.min(-pa))
            }
        }
    }

    /// The window `r` plies below this link's node: the same at even
    /// distances, negated and swapped at odd ones (Fig. 11's UPDATE).
    pub(crate) fn window_at(&self, r: usize) -> (Value, Value) {
        let (a, b) = self.window();
        if r.is_multiple_of(2) {
            (a, b)
        } else {
            (-b, -a)
        }
    }

    /// Fig. 10's `if (t > α) α = t`, atomically; whether `t` was above
    /// the node's own score.
    pub(crate) fn raise(&self, t: Value) -> bool {
        self.alpha.fetch_max(t.get(), Relaxed) < t.get()
    }

    /// The node's score as Fig. 10 returns it: its effective α.
    pub(crate) fn score(&self) -> Value {
        self.window().0
    }

    /// Whether the window is empty: a cutoff here or above.
    pub(crate) fn closed(&self) -> bool {
        let (a, b) = self.window();
        a >= b
    }
}
