//! The trained evaluation with its symmetric instances folded together:
//! the same values as [`Weights::evaluate`], in about half the table reads.
//!
//! Every pattern is read on the 8 images of the board, but most patterns
//! are themselves symmetric, so several images read the same squares (in
//! another order): the edge a1–h1 is read forwards on the identity image
//! and backwards on the mirrored one, the diagonal a1–h8 four times. Their
//! weights always add up, so they can be added once, when the weights are
//! loaded: each group of images reading one set of squares becomes a single
//! read of a table whose entry for a configuration is the sum of the
//! group's weights for it. 50 reads instead of 96 per evaluation.

use super::{
    INSTANCES, PATTERN_OFFSETS, PATTERN_SIZES, PATTERNS, SCALARS, STAGE_WEIGHTS, TERNARY,
    WEIGHT_SCALE, Weights, gather, images, scalars, squash, stage,
};
use crate::board::{self, final_score};
use crate::eval::WIN_SCALE;
use crate::position::Position;

/// The most digits of a pattern.
const MAX_DIGITS: usize = 10;

/// No square (past a pattern's last digit).
const NONE: u8 = 64;

/// For image `s` and pattern `p`, the square (of the position itself)
/// that digit `k` of the instance reads; [`NONE`] past the pattern's
/// digits.
const READ: [[[u8; MAX_DIGITS]; PATTERNS]; 8] = {
    let mut out = [[[NONE; MAX_DIGITS]; PATTERNS]; 8];
    let mut q = 0;
    while q < 64 {
        let img = images(1 << q);
        let mut s = 0;
        while s < 8 {
            let g = gather(img[s]);
            let mut p = 0;
            while p < PATTERNS {
                if g[p] != 0 {
                    out[s][p][g[p].trailing_zeros() as usize] = q as u8;
                }
                p += 1;
            }
            s += 1;
        }
        q += 1;
    }
    out
};

/// The set of squares the instance of image `s`, pattern `p` reads.
const fn mask(s: usize, p: usize) -> u64 {
    let mut m = 0;
    let mut k = 0;
    while k < MAX_DIGITS {
        if READ[s][p][k] != NONE {
            m |= 1 << READ[s][p][k];
        }
        k += 1;
    }
    m
}

/// The representative of the group of image `s` for pattern `p`: the
/// first image that reads the same squares.
const fn representative(s: usize, p: usize) -> usize {
    let mut r = 0;
    while mask(r, p) != mask(s, p) {
        r += 1;
    }
    r
}

/// For each image, the patterns (bit `p`) it reads for its group.
const READS: [u16; 8] = {
    let mut out = [0; 8];
    let mut s = 0;
    while s < 8 {
        let mut p = 0;
        while p < PATTERNS {
            if representative(s, p) == s {
                out[s] |= 1 << p;
            }
            p += 1;
        }
        s += 1;
    }
    out
};

/// For image `s`, pattern `p`: the digit of the group representative's
/// instance that digit `k` of this instance reads the square of.
const PERM: [[[u8; MAX_DIGITS]; PATTERNS]; 8] = {
    let mut out = [[[0; MAX_DIGITS]; PATTERNS]; 8];
    let mut s = 0;
    while s < 8 {
        let mut p = 0;
        while p < PATTERNS {
            let r = representative(s, p);
            let mut k = 0;
            while k < MAX_DIGITS && READ[s][p][k] != NONE {
                let mut j = 0;
                while READ[r][p][j] != READ[s][p][k] {
                    j += 1;
                }
                out[s][p][k] = j as u8;
                k += 1;
            }
            p += 1;
        }
        s += 1;
    }
    out
};

/// Whether image `a`'s permutation of pattern `p` equals image `b`'s.
const fn same_perm(a: usize, b: usize, p: usize) -> bool {
    let mut k = 0;
    while k < MAX_DIGITS {
        if PERM[a][p][k] != PERM[b][p][k] {
            return false;
        }
        k += 1;
    }
    true
}

/// How many images of the group of `r` read pattern `p` through the
/// permutation of image `t`.
const fn count_perm(r: usize, t: usize, p: usize) -> usize {
    let mut n = 0;
    let mut s = 0;
    while s < 8 {
        if representative(s, p) == r && same_perm(s, t, p) {
            n += 1;
        }
        s += 1;
    }
    n
}

/// Every group of a pattern reads its squares through the same
/// permutations (counted with their multiplicity) as the group of the
/// identity image, so one folded table serves them all.
const fn groups_alike() -> bool {
    let mut p = 0;
    while p < PATTERNS {
        let mut s = 0;
        while s < 8 {
            let r = representative(s, p);
            if count_perm(r, s, p) != count_perm(0, s, p) {
                return false;
            }
            s += 1;
        }
        p += 1;
    }
    true
}

const _: () = assert!(
    groups_alike(),
    "one folded table per pattern must serve every group"
);

/// The number of instances read after folding.
pub(super) const READ_INSTANCES: usize = {
    let mut n = 0;
    let mut s = 0;
    while s < 8 {
        n += READS[s].count_ones() as usize;
        s += 1;
    }
    n
};

const _: () = assert!(READ_INSTANCES <= INSTANCES);

/// The most folded instances that read one square.
const MAX_TOUCH: usize = 12;

/// For each square, the folded instances that read it (numbered as
/// [`image_indices`] writes them): the instance and the power of 3 of its
/// digit for the square.
const TOUCH: [[(u8, u32); MAX_TOUCH]; 64] = {
    let mut out = [[(0, 0); MAX_TOUCH]; 64];
    let mut len = [0usize; 64];
    let mut inst = 0;
    let mut s = 0;
    while s < 8 {
        let mut p = 0;
        while p < PATTERNS {
            if READS[s] & (1 << p) != 0 {
                let mut k = 0;
                let mut pow = 1;
                while k < MAX_DIGITS && READ[s][p][k] != NONE {
                    let q = READ[s][p][k] as usize;
                    assert!(len[q] < MAX_TOUCH, "a square in too many instances");
                    out[q][len[q]] = (inst as u8, pow);
                    len[q] += 1;
                    k += 1;
                    pow *= 3;
                }
                inst += 1;
            }
            p += 1;
        }
        s += 1;
    }
    out
};

/// The index, in a pattern's table, of the configuration `index` of the
/// representative's digits read through `perm` (digit `k` of the result is
/// digit `perm[k]` of `index`).
fn permuted(index: usize, perm: &[u8; MAX_DIGITS], digits: usize) -> usize {
    let mut d = [0; MAX_DIGITS];
    let mut x = index;
    for dj in d.iter_mut().take(digits) {
        *dj = x % 3;
        x /= 3;
    }
    (0..digits)
        .rev()
        .fold(0, |acc, k| acc * 3 + d[usize::from(perm[k])])
}

/// The weights with each pattern's symmetric instances folded into one
/// table per pattern (the counts' weights as they are).
#[derive(Debug, Clone)]
pub(super) struct Folded {
    stages: Vec<Vec<i16>>,
}

impl Folded {
    /// `w` folded; `None` if a folded weight leaves the range of `i16`
    /// (then [`Weights::evaluate`] is the way).
    pub(super) fn new(w: &Weights) -> Option<Folded> {
        // For each pattern, each image of the identity's group: the index
        // its instance reads for each configuration of the identity's.
        let maps: Vec<Vec<Vec<u32>>> = (0..PATTERNS)
            .map(|p| {
                let digits = PATTERN_SIZES[p].ilog(3) as usize;
                (0..8)
                    .filter(|&s| representative(s, p) == 0)
                    .map(|s| {
                        (0..PATTERN_SIZES[p])
                            .map(|i| permuted(i, &PERM[s][p], digits) as u32)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let mut stages: Vec<Vec<i16>> = Vec::with_capacity(w.stages.len());
        for (k, src) in w.stages.iter().enumerate() {
            if k > 0 && w.stages[k - 1] == *src {
                stages.push(stages[k - 1].clone());
                continue;
            }
            let mut out = vec![0i16; STAGE_WEIGHTS];
            for (p, group) in maps.iter().enumerate() {
                let off = PATTERN_OFFSETS[p];
                let table = &src[off..off + PATTERN_SIZES[p]];
                for (i, o) in out[off..off + PATTERN_SIZES[p]].iter_mut().enumerate() {
                    let sum: i32 = group.iter().map(|m| i32::from(table[m[i] as usize])).sum();
                    *o = i16::try_from(sum).ok()?;
                }
            }
            out[STAGE_WEIGHTS - SCALARS..].copy_from_slice(&src[STAGE_WEIGHTS - SCALARS..]);
            stages.push(out);
        }
        Some(Folded { stages })
    }

    /// [`Folded::evaluate`] of each of `children`, the positions after the
    /// moves of `parent`, given in order to `emit`: the same values, the
    /// patterns read once for the parent and updated square by square for
    /// each child (the squares its move fills and flips).
    pub(super) fn evaluate_children(
        &self,
        parent: &Position,
        children: &[Position],
        mut emit: impl FnMut(i32),
    ) {
        let (m, o) = parent.mine_theirs();
        // The children's side: digit 1 for `o`'s discs (who moves there),
        // 2 for `m`'s.
        let base = indices(o, m);
        for child in children {
            let (cm, co) = child.mine_theirs();
            // Anything but a move of `m` from `parent` (a pass): in full.
            let changed = co & !m;
            if cm != o & !changed || co != m | changed || changed & (m | o) == changed {
                emit(self.evaluate(child));
                continue;
            }
            let (own, theirs) = (board::legal_moves(cm, co), board::legal_moves(co, cm));
            if own == 0 && theirs == 0 {
                emit(final_score(cm, co) * WIN_SCALE);
                continue;
            }
            let mut idx = base;
            let mut squares = changed;
            while squares != 0 {
                let q = squares.trailing_zeros() as usize;
                squares &= squares - 1;
                // A flipped disc goes from digit 1 to 2, the disc played
                // from 0 to 2.
                let add = if o & (1 << q) != 0 { 1 } else { 2 };
                for &(inst, pow) in TOUCH[q].iter().take_while(|t| t.1 != 0) {
                    idx[usize::from(inst)] += add * pow;
                }
            }
            let w = &self.stages[stage(cm, co)];
            let patterns = idx.iter().map(|&i| i32::from(w[i as usize])).sum();
            emit(finish(w, patterns, cm, co, own, theirs));
        }
    }

    /// [`Weights::evaluate`] of the weights folded, the same value.
    #[inline]
    pub(super) fn evaluate(&self, pos: &Position) -> i32 {
        let (me, opp) = pos.mine_theirs();
        let (own, theirs) = (board::legal_moves(me, opp), board::legal_moves(opp, me));
        if own == 0 && theirs == 0 {
            return final_score(me, opp) * WIN_SCALE;
        }
        let w = &self.stages[stage(me, opp)];
        let (mi, oi) = (images(me), images(opp));
        let patterns = image_sum::<0>(w, mi[0], oi[0])
            + image_sum::<1>(w, mi[1], oi[1])
            + image_sum::<2>(w, mi[2], oi[2])
            + image_sum::<3>(w, mi[3], oi[3])
            + image_sum::<4>(w, mi[4], oi[4])
            + image_sum::<5>(w, mi[5], oi[5])
            + image_sum::<6>(w, mi[6], oi[6])
            + image_sum::<7>(w, mi[7], oi[7]);
        finish(w, patterns, me, opp, own, theirs)
    }
}

/// The evaluation of `me` to move against `opp` (the game not over) from
/// the sum `patterns` of its folded instances' weights in the stage's
/// weights `w`, given the legal moves of each side (`own`, `theirs`).
#[inline]
fn finish(w: &[i16], patterns: i32, me: u64, opp: u64, own: u64, theirs: u64) -> i32 {
    let mut s = patterns;
    let counts = scalars(me, opp, own, theirs);
    for (x, &k) in counts.iter().zip(&w[STAGE_WEIGHTS - SCALARS..]) {
        s += x * i32::from(k);
    }
    squash(i64::from(s) * i64::from(WIN_SCALE) / i64::from(WEIGHT_SCALE))
}

/// The weight indices (offsets included) of the folded instances of `me`
/// to move against `opp`.
#[inline]
fn indices(me: u64, opp: u64) -> [u32; READ_INSTANCES] {
    let (mi, oi) = (images(me), images(opp));
    let mut out = [0u32; READ_INSTANCES];
    let mut at = image_indices::<0>(mi[0], oi[0], &mut out, 0);
    at = image_indices::<1>(mi[1], oi[1], &mut out, at);
    at = image_indices::<2>(mi[2], oi[2], &mut out, at);
    at = image_indices::<3>(mi[3], oi[3], &mut out, at);
    at = image_indices::<4>(mi[4], oi[4], &mut out, at);
    at = image_indices::<5>(mi[5], oi[5], &mut out, at);
    at = image_indices::<6>(mi[6], oi[6], &mut out, at);
    at = image_indices::<7>(mi[7], oi[7], &mut out, at);
    debug_assert_eq!(at, READ_INSTANCES);
    out
}

/// Writes into `out[at..]` the weight indices (offsets included) of the
/// folded instances of image `S`, its own discs `me`, the opponent's
/// `opp`; gives the next free place.
#[inline(always)]
fn image_indices<const S: usize>(
    me: u64,
    opp: u64,
    out: &mut [u32; READ_INSTANCES],
    at: usize,
) -> usize {
    let (gm, go) = (gather(me), gather(opp));
    let mut at = at;
    for p in 0..PATTERNS {
        if READS[S] & (1 << p) != 0 {
            out[at] = (PATTERN_OFFSETS[p]
                + usize::from(TERNARY[gm[p]])
                + 2 * usize::from(TERNARY[go[p]])) as u32;
            at += 1;
        }
    }
    at
}

/// The folded weights `w` of the patterns that image `S` reads for its
/// group ([`READS`]), its own discs `me`, the opponent's `opp`, summed. A
/// constant image, so that the patterns it does not read are not even
/// gathered.
#[inline(always)]
fn image_sum<const S: usize>(w: &[i16], me: u64, opp: u64) -> i32 {
    let (gm, go) = (gather(me), gather(opp));
    let mut s = 0;
    for p in 0..PATTERNS {
        if READS[S] & (1 << p) != 0 {
            let i =
                PATTERN_OFFSETS[p] + usize::from(TERNARY[gm[p]]) + 2 * usize::from(TERNARY[go[p]]);
            s += i32::from(w[i]);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;
    use crate::pattern::weights;

    #[test]
    fn fifty_reads_instead_of_ninety_six() {
        // Edge, second, third and fourth rows, diagonals of 7 to 4 squares,
        // the corner 3×3 and the edge with its X squares: 4 groups of 2;
        // the diagonal a1–h8: 2 groups of 4; the corner 2×5: 8 alone.
        assert_eq!(READ_INSTANCES, 10 * 4 + 2 + 8);
        assert_eq!(READS[0], (1 << PATTERNS) - 1);
    }

    /// Random positions of every stage (discs of both colours placed at
    /// random, so many are not reachable; the evaluation reads any).
    fn positions(n: usize) -> Vec<Position> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..n)
            .map(|i| {
                // Occupied squares at densities 1/4, 1/2, 3/4 and 7/8.
                let (a, b, c) = (next(), next(), next());
                let keep = match i % 4 {
                    0 => a & b,
                    1 => a,
                    2 => a | b,
                    _ => a | b | c,
                };
                let black = keep & next();
                let to_move = if i % 3 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                Position::new(black, keep & !black, to_move).expect("no overlap")
            })
            .collect()
    }

    #[test]
    fn the_folded_weights_evaluate_as_the_weights() {
        let w = weights();
        let f = Folded::new(w).expect("the committed weights fold");
        for pos in positions(20_000) {
            assert_eq!(f.evaluate(&pos), w.evaluate(&pos), "{pos:?}");
        }
    }

    /// Every child of `n` random positions (a pass and an unrelated
    /// position among them) evaluated by [`Folded::evaluate_children`] as
    /// by [`Weights::evaluate`]; gives the number of children checked.
    fn check_children(w: &Weights, n: usize) -> usize {
        let f = Folded::new(w).expect("the weights fold");
        let mut out = Vec::new();
        let mut children = 0;
        for pos in positions(n) {
            let mut all: Vec<Position> = (0..pos.num_moves()).map(|i| pos.play_nth(i)).collect();
            children += all.len();
            // A pass and an unrelated position are evaluated in full.
            all.push(Position::initial());
            out.clear();
            f.evaluate_children(&pos, &all, |v| out.push(v));
            assert_eq!(out.len(), all.len());
            for (c, &v) in all.iter().zip(&out) {
                assert_eq!(v, w.evaluate(c), "{pos:?} -> {c:?}");
            }
        }
        children
    }

    #[test]
    fn children_evaluate_as_positions() {
        let children = check_children(weights(), 3_000);
        assert!(children > 10_000, "{children} children");
    }

    /// Weights of every stage at random within ±2,048 (they fold).
    fn random_weights() -> Weights {
        let mut x = 12345u64;
        let mut w = Weights::zero();
        for st in 0..w.stages.len() {
            for v in w.stage_mut(st) {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                *v = ((x >> 40) as i16) >> 4;
            }
        }
        w
    }

    #[test]
    fn children_evaluate_as_positions_with_random_weights() {
        // The committed weights are nearly symmetric: random ones also
        // show an instance updated with the wrong digit or power.
        let children = check_children(&random_weights(), 3_000);
        assert!(children > 10_000, "{children} children");
    }

    #[test]
    fn random_weights_fold_exactly_or_are_refused() {
        let mut w = random_weights();
        let f = Folded::new(&w).expect("weights within ±2,048 fold");
        for pos in positions(5_000) {
            assert_eq!(f.evaluate(&pos), w.evaluate(&pos), "{pos:?}");
        }
        w.stage_mut(2)[0] = i16::MAX;
        w.stage_mut(2)[1] = i16::MAX;
        // a1..h1 all empty is index 0 on both edge readings: 2 × MAX.
        assert!(Folded::new(&w).is_none());
    }
}
