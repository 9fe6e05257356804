//! A pattern evaluation trained on this project's own exact endgame scores,
//! used only to order moves ([`Othello`](crate::Othello)'s
//! [`Game::order_evaluate`](tree_core::Game::order_evaluate)).
//!
//! The evaluation is linear, as in Buro's Logistello (Buro 1997, "Experiments
//! with Multi-ProbCut and a new high-quality evaluation function for
//! Othello") and Edax (Delorme, Edax 4.4): the predicted final disc
//! difference of a position, for the player to move, is the sum of one
//! weight per pattern instance (the contents — own, the opponent's, empty —
//! of a fixed set of squares, read as a base-3 number) and a few weighted
//! counts (mobility, potential mobility, parity), with one set of weights
//! per stage of the game (the number of empty squares, in steps of
//! [`STAGE_WIDTH`]).
//!
//! The patterns, each read on the 8 symmetric images of the board (so
//! every weight table serves every corner and edge alike):
//!
//! | pattern | squares (on the identity image) | weights |
//! |---|---|--:|
//! | edge | a1–h1 | 6,561 |
//! | second row | a2–h2 | 6,561 |
//! | corner 3×3 | a1–c3 | 19,683 |
//! | diagonal 8 | a1–h8 | 6,561 |
//! | diagonal 7 | b1–h7 | 2,187 |
//! | third row | a3–h3 | 6,561 |
//! | fourth row | a4–h4 | 6,561 |
//! | diagonal 6 | c1–h6 | 729 |
//! | diagonal 5 | d1–h5 | 243 |
//! | diagonal 4 | e1–h4 | 81 |
//! | corner 2×5 | a1–e1, a2–e2 | 59,049 |
//! | edge and X squares | a1–h1, b2, g2 | 59,049 |
//!
//! Only the configurations that occur in the training positions get a
//! weight other than 0.
//!
//! The weights are trained by `cargo xtask train-eval` (see
//! `docs/OTHELLO.md`) on positions of games played here whose exact scores
//! the project's own solver computed, and committed as
//! `data/eval.bin` ([`Weights::to_bytes`]: only the non-zero weights take
//! room). No weight changes a searched value: the evaluation orders moves.

use std::sync::OnceLock;

mod folded;

use crate::board::{self, final_score};
use crate::eval::WIN_SCALE;
use crate::position::Position;

/// Empty squares per stage: positions with `e` empty squares use the
/// weights of stage `e / STAGE_WIDTH`.
pub const STAGE_WIDTH: u32 = 4;

/// The number of stages (0–60 empty squares).
pub const STAGES: usize = 60 / STAGE_WIDTH as usize + 1;

/// Base-3 sizes of the patterns, in the order [`features`] reads them.
pub const PATTERN_SIZES: [usize; PATTERNS] = [
    6561, 6561, 19683, 6561, 2187, 6561, 6561, 729, 243, 81, 59049, 59049,
];

/// The number of patterns (each read on the 8 images of the board).
pub const PATTERNS: usize = 12;

/// The number of pattern instances of a position: every pattern on each of
/// the 8 symmetric images.
pub const INSTANCES: usize = 8 * PATTERNS;

/// The weighted counts after the patterns: own mobility, the opponent's
/// mobility, own potential mobility (empty squares next to the opponent's
/// discs), the opponent's, the parity of the empty squares, a constant 1,
/// and for each of the 10 classes of squares of [`SQUARE_CLASSES`] own
/// discs minus the opponent's.
pub const SCALARS: usize = 16;

/// The squares of each class of squares that the board's symmetries map
/// onto each other: a1, b1, c1, d1, b2, c2, d2, c3, d3, d4 and their images.
pub const SQUARE_CLASSES: [u64; 10] = [
    0x8100_0000_0000_0081,
    0x4281_0000_0000_8142,
    0x2400_8100_0081_0024,
    0x1800_0081_8100_0018,
    0x0042_0000_0000_4200,
    0x0024_4200_0042_2400,
    0x0018_0042_4200_1800,
    0x0000_2400_0024_0000,
    0x0000_1824_2418_0000,
    0x0000_0018_1800_0000,
];

/// Weights per stage: every pattern's table, then the [`SCALARS`].
pub const STAGE_WEIGHTS: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < PATTERNS {
        n += PATTERN_SIZES[i];
        i += 1;
    }
    n + SCALARS
};

/// Where each pattern's table starts within a stage's weights.
pub const PATTERN_OFFSETS: [usize; PATTERNS] = {
    let mut out = [0; PATTERNS];
    let mut i = 1;
    while i < PATTERNS {
        out[i] = out[i - 1] + PATTERN_SIZES[i - 1];
        i += 1;
    }
    out
};

/// Weights are stored in units of 1/`WEIGHT_SCALE` disc.
pub const WEIGHT_SCALE: i32 = 64;

/// The committed weights ([`Weights::to_bytes`] form).
pub const WEIGHTS_FILE: &[u8] = include_bytes!("../data/eval.bin");

/// The value of each 10-bit mask read as base-3 digits 0/1 (bit k → 3^k).
const TERNARY: [u16; 1024] = {
    let mut out = [0; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut v, mut p, mut k) = (0u32, 1u32, 0);
        while k < 10 {
            if b & (1 << k) != 0 {
                v += p;
            }
            p *= 3;
            k += 1;
        }
        out[b] = v as u16;
        b += 1;
    }
    out
};

/// The board mirrored left to right (file a ↔ h).
#[inline]
const fn mirror(x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let x = ((x >> 1) & K1) | ((x & K1) << 1);
    let x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

/// The board flipped about the a1–h8 diagonal (file ↔ rank).
#[inline]
const fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The 8 symmetric images of a board: itself, mirrored, flipped top to
/// bottom, both, and the transposes of these four.
#[inline]
pub const fn images(x: u64) -> [u64; 8] {
    let m = mirror(x);
    let v = x.swap_bytes();
    let mv = m.swap_bytes();
    [
        x,
        m,
        v,
        mv,
        transpose(x),
        transpose(m),
        transpose(v),
        transpose(mv),
    ]
}

/// The bits of the squares of a diagonal (one per file), gathered into
/// the top byte by a multiplication, by file.
#[inline]
const fn diagonal(x: u64, mask: u64) -> usize {
    ((x & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// The masks of the identity image's patterns, each turned into 4 to 10
/// bits (by file, then by rank) by [`gather`].
#[inline]
const fn gather(x: u64) -> [usize; PATTERNS] {
    [
        (x & 0xff) as usize,
        ((x >> 8) & 0xff) as usize,
        ((x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1c0)) as usize,
        diagonal(x, 0x8040_2010_0804_0201),
        diagonal(x, 0x0080_4020_1008_0402) >> 1,
        ((x >> 16) & 0xff) as usize,
        ((x >> 24) & 0xff) as usize,
        diagonal(x, 0x0000_8040_2010_0804) >> 2,
        diagonal(x, 0x0000_0080_4020_1008) >> 3,
        diagonal(x, 0x0000_0000_8040_2010) >> 4,
        ((x & 0x1f) | ((x >> 3) & 0x3e0)) as usize,
        ((x & 0xff) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200)) as usize,
    ]
}

/// What the evaluation reads of a position (for the player to move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Features {
    /// The stage (`empty squares / STAGE_WIDTH`).
    pub stage: usize,
    /// For each instance (image-major: the [`PATTERNS`] patterns of image 0, then of
    /// image 1, …), the index of its weight within the stage's weights
    /// ([`PATTERN_OFFSETS`] included).
    pub indices: [u32; INSTANCES],
    /// The counts weighted by the [`SCALARS`] weights.
    pub scalars: [i32; SCALARS],
}

/// The features of the position with `me` to move against `opp`
/// (the game is not over).
pub fn features(me: u64, opp: u64) -> Features {
    let (mi, oi) = (images(me), images(opp));
    let mut indices = [0; INSTANCES];
    for s in 0..8 {
        let (gm, go) = (gather(mi[s]), gather(oi[s]));
        for p in 0..PATTERNS {
            indices[s * PATTERNS + p] = (PATTERN_OFFSETS[p]
                + usize::from(TERNARY[gm[p]])
                + 2 * usize::from(TERNARY[go[p]])) as u32;
        }
    }
    let own = board::legal_moves(me, opp);
    let theirs = board::legal_moves(opp, me);
    Features {
        stage: stage(me, opp),
        indices,
        scalars: scalars(me, opp, own, theirs),
    }
}

/// The stage of the position `me`, `opp` (`empty squares / STAGE_WIDTH`).
#[inline]
fn stage(me: u64, opp: u64) -> usize {
    ((me | opp).count_zeros() / STAGE_WIDTH) as usize
}

/// The counts [`Features::scalars`] holds for `me` to move against `opp`,
/// given the legal moves of each (`own`, `theirs`).
#[inline]
fn scalars(me: u64, opp: u64, own: u64, theirs: u64) -> [i32; SCALARS] {
    let empty = !(me | opp);
    let mut scalars = [0; SCALARS];
    scalars[..6].copy_from_slice(&[
        own.count_ones() as i32,
        theirs.count_ones() as i32,
        (board::neighbours(opp) & empty).count_ones() as i32,
        (board::neighbours(me) & empty).count_ones() as i32,
        (empty.count_ones() & 1) as i32,
        1,
    ]);
    for (k, &c) in SQUARE_CLASSES.iter().enumerate() {
        scalars[6 + k] = (me & c).count_ones() as i32 - (opp & c).count_ones() as i32;
    }
    scalars
}

/// One set of weights per stage, in units of 1/[`WEIGHT_SCALE`] disc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    stages: Vec<Vec<i16>>,
}

/// Why [`Weights::from_bytes`] refused a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightsError(pub String);

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad evaluation weights: {}", self.0)
    }
}

impl std::error::Error for WeightsError {}

/// The first bytes of a weights file.
const MAGIC: &[u8; 8] = b"GTEVAL03";

impl Weights {
    /// All weights 0 (every position evaluates to 0).
    pub fn zero() -> Weights {
        Weights {
            stages: vec![vec![0; STAGE_WEIGHTS]; STAGES],
        }
    }

    /// The weights of `stage` (`STAGE_WEIGHTS` of them).
    ///
    /// # Panics
    /// If `stage >= STAGES`; [`Weights::try_stage`] is the checked
    /// alternative.
    pub fn stage(&self, stage: usize) -> &[i16] {
        &self.stages[stage]
    }

    /// The weights of `stage`, to change.
    ///
    /// # Panics
    /// If `stage >= STAGES`; [`Weights::try_stage_mut`] is the checked
    /// alternative.
    pub fn stage_mut(&mut self, stage: usize) -> &mut [i16] {
        &mut self.stages[stage]
    }

    /// As [`Weights::stage`], or `None` if `stage >= STAGES`.
    pub fn try_stage(&self, stage: usize) -> Option<&[i16]> {
        self.stages.get(stage).map(Vec::as_slice)
    }

    /// As [`Weights::stage_mut`], or `None` if `stage >= STAGES`.
    pub fn try_stage_mut(&mut self, stage: usize) -> Option<&mut [i16]> {
        self.stages.get_mut(stage).map(Vec::as_mut_slice)
    }

    /// The predicted final disc difference of the position with these
    /// features, in 1/[`WEIGHT_SCALE`] disc.
    ///
    /// # Panics
    /// If `f` was not made by [`features`]: a stage of `STAGES` or more, or
    /// an index past the stage's weights. [`Weights::try_score`] is the
    /// checked alternative.
    #[inline]
    pub fn score(&self, f: &Features) -> i32 {
        let w = &self.stages[f.stage];
        let mut s: i32 = f.indices.iter().map(|&i| i32::from(w[i as usize])).sum();
        let scalars = &w[STAGE_WEIGHTS - SCALARS..];
        for (x, &k) in f.scalars.iter().zip(scalars) {
            s += x * i32::from(k);
        }
        s
    }

    /// As [`Weights::score`], or `None` for features that [`features`]
    /// does not make (a stage or an index out of range).
    pub fn try_score(&self, f: &Features) -> Option<i32> {
        let w = self.stages.get(f.stage)?;
        let in_range = f
            .indices
            .iter()
            .all(|&i| (i as usize) < w.len().saturating_sub(SCALARS));
        in_range.then(|| self.score(f))
    }

    /// The evaluation of `pos` for the player to move, in the units of
    /// [`crate::eval::evaluate`]: at the end of the game the final score ×
    /// [`WIN_SCALE`], otherwise the predicted disc difference ×
    /// [`WIN_SCALE`], [`squash`]ed strictly within ±64 discs.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let (me, opp) = pos.mine_theirs();
        if board::legal_moves(me, opp) == 0 && board::legal_moves(opp, me) == 0 {
            return final_score(me, opp) * WIN_SCALE;
        }
        let s = i64::from(self.score(&features(me, opp)));
        squash(s * i64::from(WIN_SCALE) / i64::from(WEIGHT_SCALE))
    }

    /// The compact file form: a header, then per stage a byte, 1 if the
    /// stage's weights are the previous stage's, else 0 and the weights in
    /// order as runs of zero weights and the non-zero weights between
    /// them, in LEB128 numbers (a run's length, then a zigzag-coded weight;
    /// a stage ends with its last run).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        push_varint(&mut out, STAGES as u64);
        push_varint(&mut out, STAGE_WEIGHTS as u64);
        for (k, w) in self.stages.iter().enumerate() {
            if k > 0 && self.stages[k - 1] == *w {
                out.push(1);
                continue;
            }
            out.push(0);
            let mut run = 0u64;
            for &x in w {
                if x == 0 {
                    run += 1;
                } else {
                    push_varint(&mut out, run);
                    let z = (i32::from(x) << 1) ^ (i32::from(x) >> 31);
                    push_varint(&mut out, z as u64);
                    run = 0;
                }
            }
            push_varint(&mut out, run);
        }
        out
    }

    /// Reads [`to_bytes`](Self::to_bytes)' form.
    ///
    /// # Errors
    /// A [`WeightsError`] naming what does not fit: the header, the sizes,
    /// a number cut short, a run past a stage's end, bytes left over.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let err = |s: &str| WeightsError(s.to_owned());
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or_else(|| err("not a weights file (header)"))?;
        let mut r = Reader { bytes: rest, at: 0 };
        if r.varint()? != STAGES as u64 || r.varint()? != STAGE_WEIGHTS as u64 {
            return Err(err("made for other patterns or stages"));
        }
        let mut weights = Weights::zero();
        for k in 0..STAGES {
            match r.varint()? {
                0 => {}
                1 if k > 0 => {
                    weights.stages[k] = weights.stages[k - 1].clone();
                    continue;
                }
                _ => return Err(err("a stage neither new nor repeated")),
            }
            let w = &mut weights.stages[k];
            let mut i = 0usize;
            loop {
                let run = usize::try_from(r.varint()?).map_err(|_| err("run too long"))?;
                i = i
                    .checked_add(run)
                    .filter(|&i| i <= STAGE_WEIGHTS)
                    .ok_or_else(|| err("a run past the end of a stage"))?;
                if i == STAGE_WEIGHTS {
                    break;
                }
                let z = r.varint()?;
                let x = ((z >> 1) as i64) ^ -((z & 1) as i64);
                w[i] = i16::try_from(x).map_err(|_| err("a weight out of range"))?;
                i += 1;
            }
        }
        if r.at != r.bytes.len() {
            return Err(err("bytes after the last stage"));
        }
        Ok(weights)
    }

    /// How many weights are not 0.
    pub fn non_zero(&self) -> usize {
        self.stages.iter().flatten().filter(|&&x| x != 0).count()
    }
}

/// Appends `x` as LEB128.
fn push_varint(out: &mut Vec<u8>, mut x: u64) {
    loop {
        let b = (x & 0x7f) as u8;
        x >>= 7;
        if x == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// A cursor over LEB128 numbers.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn varint(&mut self) -> Result<u64, WeightsError> {
        let mut x = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self
                .bytes
                .get(self.at)
                .ok_or_else(|| WeightsError("a number cut short".to_owned()))?;
            self.at += 1;
            x |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(x);
            }
        }
        Err(WeightsError("a number too long".to_owned()))
    }
}

/// The weights [`evaluate`] uses: set once, by [`use_weights`] or at the
/// first evaluation.
static WEIGHTS: OnceLock<Weights> = OnceLock::new();

/// The weights [`evaluate`] uses: those given to [`use_weights`], else the
/// committed ones ([`WEIGHTS_FILE`]), read once.
pub fn weights() -> &'static Weights {
    WEIGHTS.get_or_init(|| {
        Weights::from_bytes(WEIGHTS_FILE).expect("the committed weights file reads")
    })
}

/// Makes [`evaluate`] (and so [`Othello`](crate::Othello)'s ordering
/// evaluation) use `w` instead of the committed weights, for the rest of
/// the process — for experiments with weights trained elsewhere, without
/// a rebuild. Only the order of moves changes, never a searched value.
///
/// # Errors
/// Gives `w` back if the weights were already set: by an earlier call, or
/// by an evaluation made before this call.
///
/// ```
/// use othello::pattern::{self, Weights};
/// let mine = Weights::from_bytes(pattern::WEIGHTS_FILE).unwrap();
/// assert!(pattern::use_weights(mine).is_ok());
/// // Set once: a second call is refused.
/// assert!(pattern::use_weights(Weights::zero()).is_err());
/// ```
pub fn use_weights(w: Weights) -> Result<(), Weights> {
    WEIGHTS.set(w)
}

/// The trained evaluation of `pos` for the player to move, by the
/// weights of [`weights`]: [`Weights::evaluate`]'s value, computed from
/// the weights folded at load (the images that read the same squares read
/// one table whose entries are their weights' sums: 50 reads instead of
/// 96), or from the weights as they are if they do not fold.
pub fn evaluate(pos: &Position) -> i32 {
    match folded() {
        Some(f) => f.evaluate(pos),
        None => weights().evaluate(pos),
    }
}

/// [`evaluate`] of each of `children`, the positions after the moves of
/// `parent`, given in order to `emit`: with folded weights the parent's
/// patterns are read once and updated for each child by the squares its
/// move changes (a position that is not such a child is evaluated in
/// full). The same values as [`evaluate`], for less work.
pub fn evaluate_children(parent: &Position, children: &[Position], mut emit: impl FnMut(i32)) {
    match folded() {
        Some(f) => f.evaluate_children(parent, children, emit),
        None => children.iter().for_each(|c| emit(weights().evaluate(c))),
    }
}

/// [`weights`] folded ([`folded::Folded`]: the same values, fewer
/// reads), if they fold.
fn folded() -> Option<&'static folded::Folded> {
    static FOLDED: OnceLock<Option<folded::Folded>> = OnceLock::new();
    FOLDED
        .get_or_init(|| folded::Folded::new(weights()))
        .as_ref()
}

/// Predictions of more than this many discs (× [`WIN_SCALE`]) either way
/// are [`squash`]ed.
pub const SQUASH_FROM: i32 = 62 * WIN_SCALE;

/// A prediction `v` (discs × [`WIN_SCALE`]) as the evaluation gives it:
/// itself within ±[`SQUASH_FROM`], beyond it mapped strictly increasingly
/// into the 2 discs left before ±64. So a heuristic never reaches a
/// wipeout's score, yet lopsided positions keep their order: a clamp at
/// 63 discs made them all equal, and the ordering searches of a wipeout
/// then chose among them blindly (FFO #39, +64 at 26 empty squares:
/// 14,819,402 nodes with the clamp, 118,291 without; `docs/OTHELLO.md`,
/// "Lopsided positions").
#[inline]
pub fn squash(v: i64) -> i32 {
    let (from, room) = (i64::from(SQUASH_FROM), i64::from(2 * WIN_SCALE));
    let x = v.abs() - from;
    let s = if x <= 0 {
        v
    } else {
        v.signum() * (from + room * x / (x + room))
    };
    s as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_squash_keeps_the_order_within_64_discs() {
        let w = i64::from(WIN_SCALE);
        let edge = i64::from(SQUASH_FROM);
        // Every 0.01 disc up to ±300 discs, and the extremes.
        let mut cases: Vec<i64> = (-3_000_000..=3_000_000).step_by(100).collect();
        cases.extend([
            edge - 1,
            edge + 1,
            -edge - 1,
            -edge + 1,
            i64::from(i32::MAX) * 64,
        ]);
        cases.sort_unstable();
        for pair in cases.windows(2) {
            let (u, v) = (pair[0], pair[1]);
            let (t, s) = (squash(u), squash(v));
            assert!(t <= s, "{u} -> {t}, {v} -> {s}");
            assert_eq!(squash(-v), -s, "{v}");
            assert!(s.abs() < 64 * WIN_SCALE, "{v} -> {s}");
            if v.abs() <= edge {
                assert_eq!(i64::from(s), v);
            }
        }
        // Whole discs stay apart up to 200 discs either way.
        for d in -200..200 {
            assert!(squash(d * w) < squash((d + 1) * w), "{d}");
        }
    }

    #[test]
    fn images_are_the_eight_symmetries() {
        // b1 (square 1) goes to g1, b8, g8, a2, h2, a7, h7.
        let img = images(1 << 1);
        let sq: Vec<u32> = img.iter().map(|b| b.trailing_zeros()).collect();
        assert_eq!(sq, vec![1, 6, 57, 62, 8, 48, 15, 55]);
    }

    #[test]
    fn each_pattern_reads_its_squares_and_no_other() {
        // The squares of each pattern on the identity image (a1 = bit 0,
        // h1 = bit 7, a2 = bit 8), as in the module's table.
        let sq = |name: &str| {
            let b = name.as_bytes();
            1u64 << (u32::from(b[1] - b'1') * 8 + u32::from(b[0] - b'a'))
        };
        let squares: [&[&str]; PATTERNS] = [
            &["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"],
            &["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"],
            &["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"],
            &["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"],
            &["b1", "c2", "d3", "e4", "f5", "g6", "h7"],
            &["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"],
            &["a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"],
            &["c1", "d2", "e3", "f4", "g5", "h6"],
            &["d1", "e2", "f3", "g4", "h5"],
            &["e1", "f2", "g3", "h4"],
            &["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"],
            &["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "g2"],
        ];
        for (p, names) in squares.iter().enumerate() {
            let mask: u64 = names.iter().map(|n| sq(n)).fold(0, |a, b| a | b);
            assert_eq!(3usize.pow(names.len() as u32), PATTERN_SIZES[p]);
            assert_eq!(gather(mask)[p], (1 << names.len()) - 1, "pattern {p}");
            assert_eq!(gather(!mask)[p], 0, "pattern {p}");
            // Each square lands on its own digit, in the listed order.
            for (k, n) in names.iter().enumerate() {
                assert_eq!(gather(sq(n))[p], 1 << k, "pattern {p}, {n}");
            }
        }
    }

    #[test]
    fn the_square_classes_cover_the_board_once_and_are_symmetric() {
        let mut all = 0;
        for &c in &SQUARE_CLASSES {
            assert_eq!(all & c, 0);
            all |= c;
            assert!(images(c).iter().all(|&i| i == c));
        }
        assert_eq!(all, u64::MAX);
    }

    #[test]
    fn weights_round_trip() {
        let mut w = Weights::zero();
        w.stage_mut(3)[17] = -5;
        w.stage_mut(3)[STAGE_WEIGHTS - 1] = 300;
        w.stage_mut(15)[0] = i16::MIN;
        let copy = w.stage(3).to_vec();
        w.stage_mut(4).copy_from_slice(&copy);
        let bytes = w.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes).unwrap(), w);
        assert!(Weights::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Weights::from_bytes(b"nonsense").is_err());
    }

    #[test]
    fn the_committed_weights_read_and_are_symmetric() {
        let w = weights();
        let p = Position::initial();
        // The start is symmetric; any of its images scores the same.
        let (me, opp) = p.mine_theirs();
        let f = features(me, opp);
        let (im, io) = (images(me), images(opp));
        for s in 0..8 {
            assert_eq!(w.score(&features(im[s], io[s])), w.score(&f));
        }
    }
}
