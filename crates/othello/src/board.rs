//! The bitboard primitives: legal-move generation by shifts, the discs a
//! move flips, stable discs and the final score. The squares, colours and
//! moves are at the crate root ([`Square`](crate::Square),
//! [`Color`](crate::Color), [`Move`](crate::Move)).
//!
//! A board is two `u64` masks, one per colour. Bit `i` is square `i`, with
//! `i = 8 × (rank − 1) + file` for files a–h = 0–7 and ranks 1–8: `a1` = 0,
//! `h1` = 7, `a8` = 56, `h8` = 63.

/// Every square but those of file a.
const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but those of file h.
const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The four corners a1, h1, a8, h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// `b` moved one step in direction `dir` (0–7: east, west, north, south,
/// north-east, north-west, south-east, south-west); discs that would leave
/// the board vanish.
#[inline(always)]
const fn shift(b: u64, dir: usize) -> u64 {
    match dir {
        0 => (b << 1) & NOT_FILE_A,
        1 => (b >> 1) & NOT_FILE_H,
        2 => b << 8,
        3 => b >> 8,
        4 => (b << 9) & NOT_FILE_A,
        5 => (b << 7) & NOT_FILE_H,
        6 => (b >> 7) & NOT_FILE_A,
        _ => (b >> 9) & NOT_FILE_H,
    }
}

/// The squares where the player owning `me` may play against `opp`: empty
/// squares from which a line of one or more `opp` discs runs, in one of
/// the 8 directions, to a `me` disc. Per direction, a parallel-prefix
/// (Kogge–Stone) fill: three shifts find runs of up to six opponent discs.
#[inline]
pub fn legal_moves(me: u64, opp: u64) -> u64 {
    let empty = !(me | opp);
    // Opponent discs that can be inside a horizontal or diagonal run (not
    // on files a and h, where a run would wrap around the board).
    let inner = opp & 0x7e7e_7e7e_7e7e_7e7e;
    let mut moves = 0;
    for (o, s) in [(inner, 1), (opp, 8), (inner, 7), (inner, 9)] {
        // Towards higher squares.
        let mut x = o & (me << s);
        x |= o & (x << s);
        let p = o & (o << s);
        x |= p & (x << (2 * s));
        x |= p & (x << (2 * s));
        moves |= x << s;
        // Towards lower squares.
        let mut x = o & (me >> s);
        x |= o & (x >> s);
        let p = o & (o >> s);
        x |= p & (x >> (2 * s));
        x |= p & (x >> (2 * s));
        moves |= x >> s;
    }
    moves & empty
}

/// The squares from square `sq` (exclusive) to the edge of the board in
/// direction `(df, dr)` (file and rank steps, each −1, 0 or 1).
const fn ray(sq: usize, df: i32, dr: i32) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
    let mut mask = 0;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        mask |= 1 << (r * 8 + f);
        f += df;
        r += dr;
    }
    mask
}

/// The rays of every square in the 4 directions of increasing index
/// (east, north-west, north, north-east: steps +1, +7, +8, +9) and the 4 of
/// decreasing index (west, south-east, south, south-west).
const fn rays(up: bool) -> [[u64; 4]; 64] {
    let steps: [(i32, i32); 4] = if up {
        [(1, 0), (-1, 1), (0, 1), (1, 1)]
    } else {
        [(-1, 0), (1, -1), (0, -1), (-1, -1)]
    };
    let mut out = [[0; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            out[sq][d] = ray(sq, steps[d].0, steps[d].1);
            d += 1;
        }
        sq += 1;
    }
    out
}

/// [`rays`] towards higher square indices.
static RAYS_UP: [[u64; 4]; 64] = rays(true);
/// [`rays`] towards lower square indices.
static RAYS_DOWN: [[u64; 4]; 64] = rays(false);

/// The `opp` discs flipped when the owner of `me` plays on the square
/// `square` (a single bit): 0 if the move flips nothing (is illegal).
///
/// In each direction, the first square of the ray that does not hold an
/// opponent disc is found with one bit scan (the lowest bit on rays of
/// increasing index, the highest on the others); if it holds one of `me`'s
/// discs, the ray's squares before it flip. Without branches: a ray whose
/// outflanking square is missing contributes an empty mask.
#[inline]
pub fn flips(me: u64, opp: u64, square: u64) -> u64 {
    let sq = square.trailing_zeros() as usize & 63;
    let mut flipped = 0;
    for &ray in &RAYS_UP[sq] {
        let stop = ray & !opp;
        let outflank = stop & stop.wrapping_neg() & me;
        flipped |= ray & outflank.wrapping_sub(u64::from(outflank != 0));
    }
    for &ray in &RAYS_DOWN[sq] {
        let stop = ray & !opp;
        let outflank = (1u64 << 63).wrapping_shr(stop.leading_zeros()) & stop & me;
        flipped |= ray & (outflank.wrapping_neg() << 1);
    }
    flipped
}

/// `LINE_FLIPS[x][line]`: on a line of 8 squares whose mover's discs are
/// the bits of `line` (bit `x` clear) and whose other squares are the
/// opponent's — or off the board, beyond either end — the number of
/// opponent discs a mover's disc on square `x` of the line flips.
static LINE_FLIPS: [[u8; 256]; 8] = {
    let mut out = [[0; 256]; 8];
    let mut x = 0;
    while x < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards bit 0.
            let mut i = x as i32 - 1;
            while i >= 0 && line & (1 << i) == 0 {
                i -= 1;
            }
            if i >= 0 {
                n += x as i32 - 1 - i;
            }
            // Towards bit 7.
            let mut i = x + 1;
            while i < 8 && line & (1 << i) == 0 {
                i += 1;
            }
            if i < 8 {
                n += (i - x - 1) as i32;
            }
            out[x][line] = n as u8;
            line += 1;
        }
        x += 1;
    }
    out
};

/// The diagonal (steps of 9) and anti-diagonal (steps of 7) through each
/// square.
static DIAGONALS: [(u64, u64); 64] = {
    let mut out = [(0, 0); 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut sq2: usize = 0;
        while sq2 < 64 {
            let (f2, r2) = ((sq2 % 8) as i32, (sq2 / 8) as i32);
            if f2 - r2 == f - r {
                out[sq].0 |= 1 << sq2;
            }
            if f2 + r2 == f + r {
                out[sq].1 |= 1 << sq2;
            }
            sq2 += 1;
        }
        sq += 1;
    }
    out
};

/// The number of discs flipped when the owner of `me` plays on square
/// index `sq` (not in `me`) of a board full but for `sq`, every other
/// square not in `me` being the opponent's: the last move of a game,
/// counted without computing the flipped discs. Each of the 4 lines
/// through `sq` is gathered into a byte (a shift, or a multiplication that
/// moves each square of a file or diagonal to its own bit) and looked up
/// in a table of flip counts, as in Edax (Delorme, Edax 4.4,
/// `count_last_flip`).
#[inline]
pub fn count_last_flips(me: u64, sq: usize) -> u32 {
    let sq = sq & 63;
    let (f, r) = (sq % 8, sq / 8);
    let (d9, d7) = DIAGONALS[sq];
    let rank = ((me >> (8 * r)) & 0xff) as usize;
    let file =
        (((me >> f) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let diag = ((me & d9).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    let anti = ((me & d7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    u32::from(LINE_FLIPS[f][rank])
        + u32::from(LINE_FLIPS[r][file])
        + u32::from(LINE_FLIPS[f][diag])
        + u32::from(LINE_FLIPS[f][anti])
}

/// The squares next to each square (index 0–63).
static ADJACENT: [u64; 64] = const_table!(64, |sq| around(1 << sq));

/// The squares next to the square `b` (a single bit), as a `const fn`.
const fn around(b: u64) -> u64 {
    let mut out = 0;
    let mut dir = 0;
    while dir < 8 {
        out |= shift(b, dir);
        dir += 1;
    }
    out
}

/// The squares next to square index `sq` (in any of the 8 directions): a
/// move there can flip only if one of them holds an opponent disc.
#[inline(always)]
pub fn adjacent(sq: usize) -> u64 {
    ADJACENT[sq & 63]
}

/// The squares next to (in any of the 8 directions) a square of `b`.
#[inline]
pub fn neighbours(b: u64) -> u64 {
    let mut n = 0;
    for dir in 0..8 {
        n |= shift(b, dir);
    }
    n
}

/// The lines of the board along one axis: `step` 1 (ranks), 8 (files), 9
/// (diagonals parallel to a1–h8) or 7 (parallel to h1–a8), as masks.
#[cfg(test)]
const fn lines(step: usize) -> [u64; 15] {
    let mut out = [0; 15];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        let line = match step {
            1 => r,
            8 => f,
            9 => 7 + f - r,
            _ => f + r,
        };
        out[line] |= 1 << sq;
        sq += 1;
    }
    out
}

/// The board's lines on each of the 4 axes (ranks and files use 8 of 15):
/// what [`full_lines`] is checked against.
#[cfg(test)]
static LINES: [[u64; 15]; 4] = [lines(1), lines(8), lines(9), lines(7)];

/// The border squares.
const BORDER: u64 = 0xff81_8181_8181_81ff;

/// The squares from which `k` steps of (`df` files, `dr` ranks) leave the
/// board.
const fn beyond(df: i32, dr: i32, k: i32) -> u64 {
    let mut mask = 0;
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8 + k * df, sq / 8 + k * dr);
        if f < 0 || f > 7 || r < 0 || r > 7 {
            mask |= 1 << sq;
        }
        sq += 1;
    }
    mask
}

/// For each axis (ranks, files, a1–h8 and h1–a8 diagonals) as a
/// direction (files, ranks): the squares from which 1, 2 and 4 steps
/// towards higher squares leave the board, then the same towards lower
/// squares.
const EDGES: [[u64; 6]; 4] = {
    let dirs = [(1, 0), (0, 1), (1, 1), (-1, 1)];
    let mut out = [[0; 6]; 4];
    let mut a = 0;
    while a < 4 {
        let (df, dr) = dirs[a];
        let mut j = 0;
        while j < 3 {
            out[a][j] = beyond(df, dr, 1 << j);
            out[a][3 + j] = beyond(-df, -dr, 1 << j);
            j += 1;
        }
        a += 1;
    }
    out
};

/// The squares of the full lines of `occupied` on each axis (ranks,
/// files, a1–h8 diagonals, h1–a8 diagonals): a square is kept if
/// every square from it to the board's edge is occupied, towards higher
/// squares and towards lower ones, found in three doubling steps each way.
#[inline]
fn full_lines(occupied: u64) -> [u64; 4] {
    let mut full = [0; 4];
    for (axis, s) in [1u32, 8, 9, 7].into_iter().enumerate() {
        let e = &EDGES[axis];
        let mut up = occupied;
        let mut down = occupied;
        for j in 0..3 {
            up &= (up >> (s << j)) | e[j];
            down &= (down << (s << j)) | e[3 + j];
        }
        full[axis] = up & down;
    }
    full
}

/// Discs of `me` that can never be flipped, whatever is played (a subset of
/// them: the test is conservative). A disc is stable if on each of the 4
/// axes its line is full, or one of its two neighbours on the axis is off
/// the board or a stable disc of `me` — then no line through it can be
/// flanked. Found from those conditions by iteration up to the least
/// fixed point, from the discs of `me` joined to a corner of `me` along an
/// edge (`edge_runs`, which the iteration would otherwise find one
/// square a round).
pub fn stable_discs(me: u64, opp: u64) -> u64 {
    stable_from(me, opp, edge_runs(me))
}

/// The discs of `me` joined along a border line to a corner of `me` by
/// discs of `me` (the corners included): stable discs by the conditions
/// of [`stable_discs`] (the corner's side of the line ends off the board,
/// the other axes through a border square too), found by occluded fills.
#[inline]
fn edge_runs(me: u64) -> u64 {
    let corners = me & CORNERS;
    let mut runs = corners;
    // Ranks 1 and 8 by steps of 1, files a and h by steps of 8: neither
    // pair of lines is adjacent, so no step leaves its line for the other.
    for (line, s) in [
        (me & 0xff00_0000_0000_00ff, 1),
        (me & 0x8181_8181_8181_8181, 8),
    ] {
        let (mut up, mut down) = (corners, corners);
        let (mut pu, mut pd) = (line, line);
        for k in [s, 2 * s, 4 * s] {
            up |= pu & (up << k);
            down |= pd & (down >> k);
            pu &= pu << k;
            pd &= pd >> k;
        }
        runs |= up | down;
    }
    runs
}

/// [`stable_discs`] iterated from `stable`, a set of stable discs of `me`
/// that meets the conditions given itself.
#[inline]
fn stable_from(me: u64, opp: u64, mut stable: u64) -> u64 {
    let full = full_lines(me | opp);
    let h_ok = full[0] | 0x8181_8181_8181_8181;
    let v_ok = full[1] | 0xff00_0000_0000_00ff;
    let d9_ok = full[2] | BORDER;
    let d7_ok = full[3] | BORDER;
    loop {
        let h = h_ok | ((stable << 1) & NOT_FILE_A) | ((stable >> 1) & NOT_FILE_H);
        let v = v_ok | (stable << 8) | (stable >> 8);
        let d9 = d9_ok | ((stable << 9) & NOT_FILE_A) | ((stable >> 9) & NOT_FILE_H);
        let d7 = d7_ok | ((stable << 7) & NOT_FILE_H) | ((stable >> 7) & NOT_FILE_A);
        let next = me & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The final score of a finished game for the owner of `me` against the
/// owner of `opp`, by the rule of the Othello federations (and of the FFO
/// endgame problems): own discs minus the opponent's, with the empty
/// squares counted for the winner; a draw scores 0. So a game that ends
/// 40–20 with 4 empty squares scores +24 for the winner and −24 for the
/// loser, and a score always lies within ±64.
///
/// ```
/// use othello::board::final_score;
/// let (me, opp) = ((1u64 << 40) - 1, !((1u64 << 40) - 1) & ((1 << 60) - 1));
/// assert_eq!(final_score(me, opp), 40 - 20 + 4);
/// assert_eq!(final_score(opp, me), -24);
/// assert_eq!(final_score(0b1, 0b10), 0);
/// ```
#[inline]
pub const fn final_score(me: u64, opp: u64) -> i32 {
    let mine = me.count_ones() as i32;
    let theirs = opp.count_ones() as i32;
    let empty = 64 - mine - theirs;
    if mine > theirs {
        mine - theirs + empty
    } else if mine < theirs {
        mine - theirs - empty
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    /// The full lines by checking every line of [`LINES`].
    fn full_lines_by_lines(occupied: u64) -> [u64; 4] {
        let mut full = [0u64; 4];
        for (axis, lines) in LINES.iter().enumerate() {
            for &l in lines {
                if l != 0 && occupied & l == l {
                    full[axis] |= l;
                }
            }
        }
        full
    }

    /// Xorshift64 from `seed`: the random boards of the tests below.
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    #[test]
    fn stable_discs_from_the_edge_runs_are_those_from_nothing() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for k in 0..200_000 {
            let occupied = match k % 3 {
                0 => next() | next(),
                1 => next() | next() | next(),
                _ => next() | next() | next() | next() | next(),
            };
            let me = occupied & next();
            let opp = occupied & !me;
            assert_eq!(
                edge_runs(me) & !stable_from(me, opp, 0),
                0,
                "{me:#x} {opp:#x}"
            );
            assert_eq!(
                stable_discs(me, opp),
                stable_from(me, opp, 0),
                "{me:#x} {opp:#x}"
            );
        }
        assert_eq!(edge_runs(0xff), 0xff);
        assert_eq!(edge_runs(0x7f), 0x7f);
        assert_eq!(edge_runs(0x7e), 0);
        assert_eq!(edge_runs(0x0101_0101_0101_0101), 0x0101_0101_0101_0101);
    }

    #[test]
    fn full_lines_are_the_lines_that_are_full() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for k in 0..200_000 {
            // Boards from empty to nearly full.
            let occupied = match k % 4 {
                0 => next(),
                1 => next() | next(),
                2 => next() | next() | next(),
                _ => next() | next() | next() | next() | next(),
            };
            assert_eq!(
                full_lines(occupied),
                full_lines_by_lines(occupied),
                "{occupied:#x}"
            );
        }
        for occupied in [
            0,
            u64::MAX,
            0xff,
            0x8040_2010_0804_0201,
            0x0102_0408_1020_4080,
        ] {
            assert_eq!(
                full_lines(occupied),
                full_lines_by_lines(occupied),
                "{occupied:#x}"
            );
        }
    }

    #[test]
    fn squares_round_trip() {
        for i in 0..64 {
            let s = Square::new(i).unwrap();
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("H8".parse::<Square>().unwrap().index(), 63);
        for bad in ["", "a", "a9", "i1", "a0", "aa", "d33", "é1", "1a"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    /// The discs a move flips, by walking each direction square by square.
    fn flips_by_walking(me: u64, opp: u64, square: u64) -> u64 {
        let mut flipped = 0;
        for dir in 0..8 {
            let mut line = 0;
            let mut x = shift(square, dir);
            while x & opp != 0 {
                line |= x;
                x = shift(x, dir);
            }
            if x & me != 0 {
                flipped |= line;
            }
        }
        flipped
    }

    /// The legal squares by six shift steps per direction.
    fn legal_by_shifting(me: u64, opp: u64) -> u64 {
        let empty = !(me | opp);
        let mut moves = 0;
        for dir in 0..8 {
            let mut x = shift(me, dir) & opp;
            for _ in 0..5 {
                x |= shift(x, dir) & opp;
            }
            moves |= shift(x, dir) & empty;
        }
        moves
    }

    #[test]
    fn ray_flips_are_the_walked_flips() {
        let mut z = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            x ^ (x >> 31)
        };
        for _ in 0..20_000 {
            let (a, b) = (next(), next());
            // Dense and sparse boards.
            let (me, opp) = if a & 1 == 0 {
                (a & !b, b & !a)
            } else {
                (a & b & next(), b & !a)
            };
            let empty = !(me | opp);
            assert_eq!(legal_moves(me, opp), legal_by_shifting(me, opp));
            for sq in Square::iter(empty) {
                assert_eq!(
                    flips(me, opp, sq.bit()),
                    flips_by_walking(me, opp, sq.bit()),
                    "{me:#x} {opp:#x} {sq}"
                );
            }
        }
    }

    #[test]
    fn last_flip_counts_are_the_flips() {
        let mut z = 0x0bad_5eed_u64;
        for _ in 0..200_000 {
            z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            x ^= x >> 31;
            let sq = (z >> 58) as usize;
            let me = x & !(1u64 << sq);
            let opp = !me & !(1u64 << sq);
            assert_eq!(
                count_last_flips(me, sq),
                flips_by_walking(me, opp, 1 << sq).count_ones(),
                "{me:#x} {sq}"
            );
        }
    }

    #[test]
    fn shifts_stay_on_the_board() {
        // From every square, each direction moves at most one file.
        for i in 0..64u8 {
            let s = Square::new(i).unwrap();
            for dir in 0..8 {
                for t in Square::iter(shift(s.bit(), dir)) {
                    assert!(s.file().abs_diff(t.file()) <= 1);
                    assert!(s.rank().abs_diff(t.rank()) <= 1);
                }
            }
            assert!(neighbours(s.bit()).count_ones() >= 3);
            assert_eq!(adjacent(usize::from(i)), neighbours(s.bit()));
        }
    }
}
