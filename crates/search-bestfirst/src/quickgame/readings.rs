//! Which QuickGame-family search runs and how its pseudo-code is read:
//! [`Variant`] (with the readings and the investigation of the π-tree
//! counts), [`Readings`] (one field per ambiguous line, the default and
//! why) and [`Reading`], what the search runs (with one unsound setting
//! that only the tests try).

/// Which member of the QuickGame family to run.
///
/// All four share QuickGame's local OPENs, the initialisation of `h` to
/// `beta`, the selection of the highest `h` (ties to the lexicographically
/// smaller Dewey code, which is the smaller son index since a frame lists
/// its entries left to right: Remark 3), and the replacement of a grandson
/// by its right brother. They differ in the lower bound passed to the call
/// on the selected node and in what a call returns.
///
/// # QuickGame
///
/// Every call on the selected node passes `r` (the highest value of a
/// completely explored MIN son, or `alpha`) as its alpha; the call at an
/// interior node returns `r`, at a terminal `min(beta, v(p))`. The selected
/// grandson is replaced by its right brother whatever the call returned.
///
/// # The lower bound of QG1–3 (`SelectLowerBound`, Remark 4)
///
/// After each call the pseudo-code selects the new highest entry `k`, sets
/// `lb := SelectLowerBound(OPEN)` and then `If (lb = h[k]) then lb := r`.
/// The readings taken here:
///
/// * **"To the left of p"** means the entries of the local OPEN with a
///   smaller son index than the selected entry `k`, *whatever their state*:
///   fresh, unsolved, cut off (`h <= r`) or exhausted (the solved rightmost
///   grandson, which the pseudo-code leaves in OPEN). The pseudo-code never
///   removes an entry, so all of them are "in OPEN". (Leaving out the
///   exhausted entries, or keeping only those with `h > r`, changes nothing
///   on the worked examples.)
/// * **No node to the left** (QG1 and QG3 when `k` is the leftmost son):
///   §3 says "the current lower bound of the grandfather of p has to be
///   used", i.e. `r`. This is implemented as `SelectLowerBound` answering
///   `h[k]`, which the printed `If (lb = h[k]) then lb := r` turns into `r`
///   — the only case where that line fires for QG1 and QG3, since every
///   entry left of the leftmost maximum has a smaller `h`. For QG2 it
///   fires when all `h` are equal. (The call's `alpha` as the fallback
///   instead gives the wrong order on Table 1.)
/// * **QG3's "second highest h-value to the left of p"** is the highest `h`
///   strictly left of `k`: `p` itself is the highest of "p and the nodes to
///   its left", so the second highest is the best of the others. §3's own
///   b = 2 example forces this: it passes `h(p.0.1)`, the only node to the
///   left, to the call on `p.1.0`. The other reading (the second highest
///   among the nodes strictly left) makes QG3 = QuickGame on every b = 2
///   tree, with 9 leaves on Table 2 instead of the paper's 7.
/// * **QG2's "all the nodes in the local OPEN"** includes the selected
///   entry and the exhausted ones.
/// * **`lb` is not floored**: as printed, `lb` may lie below the call's
///   own `alpha` (when every entry to the left has fallen below it), a
///   weaker bound than QuickGame's `r`. This is the default because it is
///   what the pseudo-code says and because it is what the paper's Table 3
///   measured: on 100 Korf/Fuller (8,6) trees it gives QG1/QG2/QG3
///   1,681/1,723/1,563 leaves against the paper's 1,675/1,796/1,555, and
///   the paper's order QG3 < QG1 < QG2 on strong trees; with the floor
///   `lb := max(lb, alpha)` it gives 1,519/1,566/1,659 and the order
///   reverses. The cost: **QG3 then does examine leaves that Alpha-Beta
///   prunes**, contrary to §3 and §4 (d) — on almost every (6,6) and (8,6)
///   random or strong tree, and on 10–20% of (2,6) trees. With the floor
///   ([`Config::alpha_floor`](super::Config::alpha_floor), [`Readings::FLOORED`]) the claim holds on every tree tested,
///   but two other observations of the paper fail (see [`Readings`]).
///
/// # The π tree (Knuth & Moore's (3,4) tree of the digits of π)
///
/// The paper reports QuickGame 33, QG1 = QG2 = 32, QG3 = 30 leaves. These
/// readings give QuickGame 33 and **QG1 = QG2 = QG3 = 30**, and every other
/// reading of `SelectLowerBound` tried gives 30 for QG1 and QG2 too
/// (leaving out exhausted entries, keeping only entries with `h > r`,
/// `alpha` as the fallback, flooring at `alpha` or at `r`: the module's
/// unit tests tabulate them). No reading revisits a leaf of this tree, so
/// counting revisits or not changes nothing either. The reason: on this
/// tree only the lower bounds passed at the root matter (below it every
/// call is on a terminal, which ignores alpha), and trying every `lb` in
/// −∞, 0..9 at every call at the root shows that 32 arises only with
/// `lb = 2` at the call on `21` (Dewey codes 1-based) and `lb < 2` at the
/// later call on `32` (or with `lb = 4` at the call on `31`, above every
/// `h` then in OPEN, which no reading gives). At both instants `r = -inf` and the entries to the
/// left have `h = 2` (`12`, fresh since `11` was solved at 2; then also
/// `21`, which came back unsolved at 2), so their minimum, their maximum,
/// and the minimum over all entries (the selected one holds the maximum)
/// are 2 at both. What does reproduce every count of the paper (Tables 1
/// and 2, and 33/32/32/30 on π) is to read Remark 2's "its h-value < lb"
/// literally: an entry that came back unsolved with `h` counts as *just
/// below* `h` (`h − 1` on integers) in `SelectLowerBound`. Stored that way,
/// as an upper bound, it is unsound on integer trees (a node whose value
/// equals the `lb` it failed against is lost: wrong minimax values on
/// 12–15% of small random trees with ties); used only to choose `lb` it
/// is sound ([`Unsolved::BelowH`], part of [`Readings::KNUTH_MOORE`]), but
/// it costs QG3 its domination of Alpha-Beta on more trees with ties, even
/// with the floor, so it is not the default (see [`Readings`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// QuickGame (§2): lower bound `r`, no revisits.
    #[default]
    QuickGame,
    /// QG1: the lowest `h` to the left of the selected node.
    Qg1,
    /// QG2: the lowest `h` in the whole local OPEN.
    Qg2,
    /// QG3: the second highest `h` to the left of the selected node (the
    /// highest strictly to its left; see above).
    Qg3,
}

impl Variant {
    /// The four variants, in the paper's order.
    pub const ALL: [Variant; 4] = [Variant::QuickGame, Variant::Qg1, Variant::Qg2, Variant::Qg3];

    /// The paper's name: `QuickGame`, `QG1`, `QG2`, `QG3`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::QuickGame => "QuickGame",
            Variant::Qg1 => "QG1",
            Variant::Qg2 => "QG2",
            Variant::Qg3 => "QG3",
        }
    }
}

tree_core::display_by_name!(Variant);

/// How the lines of the QG pseudo-code that admit more than one reading
/// are read: one field per ambiguous line. The default is
/// [`Readings::PRINTED`], the pseudo-code taken literally (the first value
/// of each field; see [`Variant`] for each); [`Readings::all`] enumerates
/// every combination, which the reproduction runs on the Knuth & Moore
/// tree, on the paper's Tables 1 and 2, on small trees with ties and on
/// every cell of Bhattacharya (1995), Table 3
/// (`docs/reproduction/qg-readings.md`). Every reading is exact: only the
/// lower bounds passed down and the status returned change, never a value.
///
/// QuickGame passes `r` and returns `r`, so no reading changes it; `second`
/// concerns QG3 only.
///
/// # The default
///
/// The reproduction ranks every combination by the paper's observations
/// (a)–(f) that hold in every cell of Table 3, then by the statements of
/// its text it matches (the Knuth–Moore counts QG1 = QG2 = 32 and QG3 =
/// 30, Example 3's orders on Tables 1 and 2, and §3's argument that QG3
/// examines no terminal Alpha-Beta prunes, checked on 1,800 small trees
/// with many ties); the count cells are reported, never used to choose. A
/// combination would replace the default only if it were at least as good
/// on every one of these and better on one. None is, on the full run (100
/// trees per cell):
///
/// * no combination holds more of the observations than the printed
///   reading (seven of nine: (d) and "QG1 beats QG2" fail);
/// * the best-ranked, [`Readings::KNUTH_MOORE`] (an unsolved entry counted
///   just below its `h` when `lb` is chosen, Remark 2's "its h-value < lb"
///   read literally, and a tie between an unsolved and a solved entry
///   returned SOLVED), gives the paper's 32/32/30 on the Knuth–Moore tree
///   with Example 3 and the same observations, but QG3 examines a terminal
///   Alpha-Beta prunes on more of the trees with ties (117 against 75)
///   and one fewer count cell is within 10%;
/// * the floor at alpha ([`Readings::FLOORED`], what
///   [`Config::alpha_floor`](super::Config::alpha_floor) sets) makes (d)
///   hold on every tree, Table 3's and the trees with ties, but costs two
///   other observations (QG3 below Alpha-Beta on strong trees, and QG1,
///   QG2 above QG3 there) and nine count cells, and gives 30/30/30 on the
///   Knuth–Moore tree.
///
/// So the pseudo-code as printed stays the default, and the others are
/// named here or by their fields.
///
/// ```
/// use search_bestfirst::quickgame::{Floor, Readings};
/// assert_eq!(Readings::default(), Readings::PRINTED);
/// assert_eq!(Readings::all().len(), 144);
/// assert_eq!(Readings::PRINTED.to_string(), "printed");
/// assert_eq!(Readings::KNUTH_MOORE.to_string(), "unsolved=below-h tie=solved");
/// assert_eq!(Readings { floor: Floor::Alpha, ..Readings::PRINTED }, Readings::FLOORED);
/// assert_eq!(Readings::FLOORED.to_string(), "floor=alpha");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Readings {
    /// "The nodes in OPEN which are … to the left of p" (QG1, QG3) and
    /// "all the nodes in the local OPEN" (QG2): which entries
    /// `SelectLowerBound` reads.
    pub left: Left,
    /// "When no such … h-value is available … the current lower bound of
    /// the grandfather of p has to be used" and the printed
    /// `If (lb = h[k]) then lb := r`: what replaces a missing value.
    pub fallback: Fallback,
    /// Whether `lb` may fall below the node's own bounds: the pseudo-code
    /// never compares `lb` with `α` or `r`.
    pub floor: Floor,
    /// Remark 2, "left in OPEN as it is with its h-value < lb": the `h` an
    /// unsolved entry contributes to `SelectLowerBound`.
    pub unsolved: Unsolved,
    /// QG3's "second highest h-value to the left of p".
    pub second: Second,
    /// "A call on a non-terminal MAX node p returns the status of the
    /// highest h-valued node in the local OPEN" when an unsolved entry and
    /// a solved one share the highest `h`.
    pub tie: Tie,
}

impl Default for Readings {
    fn default() -> Self {
        Readings::PRINTED
    }
}

/// Which entries of the local OPEN `SelectLowerBound` reads
/// ([`Readings::left`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Left {
    /// Every entry: the pseudo-code never removes one, so all are "in
    /// OPEN" (the default).
    #[default]
    All,
    /// Every entry but the exhausted ones (a solved terminal son, or the
    /// solved rightmost grandson), whose sons are finished.
    NotExhausted,
    /// Only the entries still in contention, `h > r`.
    Contending,
}

/// What replaces `SelectLowerBound`'s missing value, and `lb = h[k]`
/// ([`Readings::fallback`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Fallback {
    /// `r`, the node's current lower bound: "the current lower bound of the
    /// grandfather" and the printed `lb := r` (the default).
    #[default]
    R,
    /// `α`, the lower bound the node was called with.
    Alpha,
}

/// The floor under `lb` ([`Readings::floor`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Floor {
    /// None: `lb` as `SelectLowerBound` and the printed `If` give it (the
    /// default).
    #[default]
    None,
    /// `lb := maximum(lb, α)` (what [`Config::alpha_floor`](super::Config::alpha_floor) sets).
    Alpha,
    /// `lb := maximum(lb, r)`.
    R,
}

/// The `h` an unsolved entry contributes to `SelectLowerBound`
/// ([`Readings::unsolved`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Unsolved {
    /// Its `h`, the upper bound the call returned (the default).
    #[default]
    AtH,
    /// Just below it (`h − 1` on integer values): Remark 2's "its h-value
    /// < lb" read literally. Used only to choose `lb`, never stored, so it
    /// is sound.
    BelowH,
}

/// QG3's "second highest h-value to the left of p" ([`Readings::second`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Second {
    /// The highest `h` strictly left of `p`, `p` being the highest of `p`
    /// and the nodes to its left (the default; §3's b = 2 example).
    #[default]
    HighestLeft,
    /// The second highest among the entries strictly left of `p`.
    SecondOfLeft,
}

/// The status returned when an unsolved entry and a solved (exhausted)
/// one share the highest `h` at the end of the loop ([`Readings::tie`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tie {
    /// The leftmost such entry's (Remark 3's tie rule, as `k` is chosen;
    /// the default).
    #[default]
    Leftmost,
    /// SOLVED: the solved entry's value is then the node's (every other son
    /// is at most its `h`), so the node needs no revisit.
    Solved,
}

impl Readings {
    /// The pseudo-code taken literally: every field at its default.
    pub const PRINTED: Readings = Readings {
        left: Left::All,
        fallback: Fallback::R,
        floor: Floor::None,
        unsolved: Unsolved::AtH,
        second: Second::HighestLeft,
        tie: Tie::Leftmost,
    };

    /// The combination the reproduction ranks first: unsolved entries
    /// counted just below their `h` when `lb` is chosen, ties returned
    /// SOLVED; the paper's Knuth–Moore counts (see [the
    /// default](Readings#the-default)).
    pub const KNUTH_MOORE: Readings = Readings {
        unsolved: Unsolved::BelowH,
        tie: Tie::Solved,
        ..Readings::PRINTED
    };

    /// The lower bound floored at the node's alpha, which keeps the paper's
    /// claim (d) on every tree tested (what
    /// [`Config::alpha_floor`](super::Config::alpha_floor) sets).
    pub const FLOORED: Readings = Readings {
        floor: Floor::Alpha,
        ..Readings::PRINTED
    };

    /// Every combination of the readings (3 · 2 · 3 · 2 · 2 · 2 = 144),
    /// [`Readings::PRINTED`] first, then in the order of the fields (the
    /// last field varying fastest).
    pub fn all() -> Vec<Readings> {
        let mut out = Vec::with_capacity(144);
        for left in [Left::All, Left::NotExhausted, Left::Contending] {
            for fallback in [Fallback::R, Fallback::Alpha] {
                for floor in [Floor::None, Floor::Alpha, Floor::R] {
                    for unsolved in [Unsolved::AtH, Unsolved::BelowH] {
                        for second in [Second::HighestLeft, Second::SecondOfLeft] {
                            for tie in [Tie::Leftmost, Tie::Solved] {
                                out.push(Readings {
                                    left,
                                    fallback,
                                    floor,
                                    unsolved,
                                    second,
                                    tie,
                                });
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The readings `variant` depends on: `self` with the fields it ignores
    /// at their defaults (QuickGame ignores all, QG1 and QG2 ignore
    /// [`Readings::second`]). Two readings with the same `relevant` search
    /// identically.
    pub fn relevant(self, variant: Variant) -> Readings {
        match variant {
            Variant::QuickGame => Readings::PRINTED,
            Variant::Qg1 | Variant::Qg2 => Readings {
                second: Second::HighestLeft,
                ..self
            },
            Variant::Qg3 => self,
        }
    }

    /// The fields away from their defaults, as `name=value` separated by
    /// spaces (`printed` if none), the names the reproduction uses.
    pub fn code(&self) -> String {
        let parts: Vec<&str> = [
            (self.left == Left::NotExhausted, "left=not-exhausted"),
            (self.left == Left::Contending, "left=contending"),
            (self.fallback == Fallback::Alpha, "fallback=alpha"),
            (self.floor == Floor::Alpha, "floor=alpha"),
            (self.floor == Floor::R, "floor=r"),
            (self.unsolved == Unsolved::BelowH, "unsolved=below-h"),
            (self.second == Second::SecondOfLeft, "second=of-left"),
            (self.tie == Tie::Solved, "tie=solved"),
        ]
        .into_iter()
        .filter_map(|(away, part)| away.then_some(part))
        .collect();
        if parts.is_empty() {
            "printed".to_string()
        } else {
            parts.join(" ")
        }
    }
}

impl std::fmt::Display for Readings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.code())
    }
}

/// A [`Readings`] as the search runs it, with one more setting that only
/// the tests try because it is unsound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reading {
    /// The readings of the pseudo-code.
    pub(super) readings: Readings,
    /// An unsolved return is stored as `h − 1` (unsound on integer trees).
    pub(super) strict_store: bool,
}

impl Reading {
    /// Whether `SelectLowerBound` reads plain h-values of every entry, so
    /// that [`LeftStats`](super::search::LeftStats) gives it without a scan.
    pub(super) fn incremental(&self) -> bool {
        let r = &self.readings;
        r.left == Left::All && r.unsolved == Unsolved::AtH && r.second == Second::HighestLeft
    }
}
