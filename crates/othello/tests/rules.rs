//! The rules: flips, passes, the end of the game, parsing and printing,
//! the hash and the evaluation.

use othello::{Color, Move, MoveError, Othello, ParseError, Position, Square};
use tree_core::{Game, Horizon, Value, minimax};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A position from a list of black squares, white squares and the mover.
fn position(black: &[&str], white: &[&str], to_move: Color) -> Position {
    let mask = |v: &[&str]| v.iter().fold(0u64, |m, s| m | sq(s).bit());
    Position::new(mask(black), mask(white), to_move).unwrap()
}

const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

fn offset(s: Square, df: i8, dr: i8, k: i8) -> Square {
    let f = s.file() as i8 + df * k;
    let r = s.rank() as i8 + dr * k;
    Square::from_coords(f as u8, r as u8).unwrap()
}

#[test]
fn a_move_flips_in_each_of_the_8_directions() {
    let centre = sq("d4");
    for (df, dr) in DIRECTIONS {
        // One white disc, then a black one: d4 flips exactly that disc.
        let w = offset(centre, df, dr, 1);
        let b = offset(centre, df, dr, 2);
        let p = Position::new(b.bit(), w.bit(), Color::Black).unwrap();
        assert_eq!(p.legal_squares(), centre.bit(), "direction ({df},{dr})");
        assert_eq!(p.flips(centre), w.bit(), "direction ({df},{dr})");
        let q = p.play(Move::Play(centre)).unwrap();
        assert_eq!(q.black(), b.bit() | w.bit() | centre.bit());
        assert_eq!(q.white(), 0);
        assert_eq!(q.to_move(), Color::White);
    }
}

#[test]
fn a_move_flips_every_direction_at_once_and_only_bracketed_lines() {
    let centre = sq("d4");
    let (mut black, mut white) = (0, 0);
    for (df, dr) in DIRECTIONS {
        white |= offset(centre, df, dr, 1).bit();
        black |= offset(centre, df, dr, 2).bit();
    }
    // A white disc on no bracketed line (h8) stays white.
    white |= sq("h8").bit();
    let p = Position::new(black, white, Color::Black).unwrap();
    assert_eq!(p.flips(centre), white & !sq("h8").bit());
    assert_eq!(p.flips(centre).count_ones(), 8);
}

#[test]
fn long_lines_flip_whole_and_stop_at_the_first_own_disc() {
    // a1 empty, b2..g7 white, h8 black: a1 flips six discs.
    let p = position(&["h8"], &["b2", "c3", "d4", "e5", "f6", "g7"], Color::Black);
    assert_eq!(p.flips(sq("a1")).count_ones(), 6);
    // A black disc on d4 stops the line there.
    let p = position(&["d4", "h8"], &["b2", "c3", "e5", "f6", "g7"], Color::Black);
    assert_eq!(p.flips(sq("a1")), sq("b2").bit() | sq("c3").bit());
    // A gap stops a line: nothing flips.
    let p = position(&["h8"], &["b2", "c3", "e5", "f6", "g7"], Color::Black);
    assert_eq!(p.flips(sq("a1")), 0);
    assert_eq!(
        p.play(Move::Play(sq("a1"))),
        Err(MoveError::NoFlips(sq("a1")))
    );
}

#[test]
fn lines_do_not_wrap_around_the_board() {
    // h1 black, a2 white, b2 empty: index-wise a2 follows h1, but they are
    // not on a line.
    let p = position(&["h1"], &["a2"], Color::Black);
    assert_eq!(p.legal_squares(), 0);
}

#[test]
fn a_player_without_a_move_passes() {
    // White a1, black b1: black has no move, white can play c1.
    let p = position(&["b1"], &["a1"], Color::Black);
    assert!(p.must_pass());
    assert!(!p.is_game_over());
    assert_eq!(p.moves(), vec![Move::Pass]);
    assert_eq!(Othello.num_moves(&p), 1);
    assert_eq!(Othello.move_key(&p, Move::Pass), 64);
    assert_eq!(Othello.nth_move(&p, 0), Some(Move::Pass));
    assert_eq!(Othello.move_name(&p, Move::Pass), "pass");
    let q = p.play(Move::Pass).unwrap();
    assert_eq!((q.black(), q.white()), (p.black(), p.white()));
    assert_eq!(q.to_move(), Color::White);
    assert_eq!(Othello.play(&p, Move::Pass), q);
    assert_eq!(q.moves(), vec![Move::Play(sq("c1"))]);
    assert_eq!(Othello.move_key(&q, Move::Play(sq("c1"))), sq("c1").index());
    assert_eq!(
        p.play(Move::Play(sq("c1"))),
        Err(MoveError::NoFlips(sq("c1")))
    );
    // Passing is refused while a square can be played.
    assert_eq!(q.play(Move::Pass), Err(MoveError::PassWithMoves));
    // After white's c1 black has nothing left: the game is over.
    let r = q.play(Move::Play(sq("c1"))).unwrap();
    assert!(r.is_game_over());
    assert_eq!(r.count(Color::White), 3);
}

#[test]
fn the_game_ends_when_neither_player_can_move() {
    // Empty squares but no move for either: black a1, white h8.
    let p = position(&["a1", "b1"], &["h8"], Color::White);
    assert!(p.is_game_over());
    assert!(!p.must_pass());
    assert!(p.moves().is_empty());
    assert_eq!(Othello.num_moves(&p), 0);
    assert_eq!(p.play(Move::Pass), Err(MoveError::GameOver));
    assert_eq!(p.leader(), Some(Color::Black));
    // The final score from the mover's (white's) view: 1 − 2 discs, and
    // the 61 empty squares go to the winner, black.
    assert_eq!(Othello.evaluate(&p), Value::new(-620_000).unwrap());
    assert_eq!(p.final_score(), 62);
    // A Horizon at any depth stops there, valued for MAX = white.
    assert_eq!(
        minimax(&Horizon::new(Othello, p, 5)),
        Value::new(-620_000).unwrap()
    );
    // A full board.
    let full: Position = format!("{}{} O", "X".repeat(32), "O".repeat(32))
        .parse()
        .unwrap();
    assert!(full.is_game_over());
    assert_eq!(full.leader(), None);
    assert_eq!(Othello.evaluate(&full), Value::new(0).unwrap());
}

#[test]
fn a_search_prefers_a_certain_win_to_any_heuristic_score() {
    // Black to move can take the last white disc (b1 via c1): the game
    // ends with black ahead, worth more than any unfinished position:
    // 4 discs to none, and the 60 empty squares go to black too.
    let p = position(&["c1", "h8"], &["b1"], Color::Black);
    // Moves: a1 (flips b1).
    assert_eq!(p.moves(), vec![Move::Play(sq("a1"))]);
    let v = minimax(&Horizon::new(Othello, p, 3));
    assert_eq!(v, Value::new(64 * 10_000).unwrap());
}

#[test]
fn positions_round_trip_through_their_string_form() {
    for p in othello::experiment_positions()
        .into_iter()
        .chain([Position::initial()])
    {
        let text = p.to_string();
        assert_eq!(text.len(), 66);
        assert_eq!(text.parse::<Position>(), Ok(p));
        // The same board written as eight lines of eight, '.' for empty.
        let lines: String = text.as_bytes()[..64]
            .chunks(8)
            .map(|c| format!("{}\n", std::str::from_utf8(c).unwrap().replace('-', ".")))
            .collect();
        assert_eq!(format!("{lines}{}", &text[65..]).parse::<Position>(), Ok(p));
        // The diagram shows the same discs.
        let diagram = p.diagram().to_string();
        let cells: String = diagram
            .lines()
            .skip(1)
            .take(8)
            .flat_map(|l| l.split(' ').skip(1).take(8).collect::<Vec<_>>())
            .collect();
        assert_eq!(cells.replace('.', "-"), text[..64]);
    }
}

#[test]
fn bad_position_strings_are_errors() {
    let start = Position::initial().to_string();
    assert_eq!(
        "".parse::<Position>(),
        Err(ParseError::PositionLength { found: 0 })
    );
    assert_eq!(
        start[..64].parse::<Position>(),
        Err(ParseError::PositionLength { found: 64 })
    );
    let bad = start.replacen('-', "#", 1);
    assert_eq!(
        bad.parse::<Position>(),
        Err(ParseError::PositionChar {
            index: 0,
            found: '#'
        })
    );
    let bad = format!("{} B", &start[..64]);
    assert_eq!(
        bad.parse::<Position>(),
        Err(ParseError::SideToMove { found: 'B' })
    );
    for e in [
        "".parse::<Position>().unwrap_err(),
        "z9".parse::<Move>().unwrap_err(),
        "purple".parse::<Color>().unwrap_err(),
    ] {
        assert!(!e.to_string().is_empty());
    }
    assert!(Position::new(1, 1, Color::Black).is_err());
}

#[test]
fn moves_parse_and_print() {
    assert_eq!("d3".parse::<Move>(), Ok(Move::Play(sq("d3"))));
    assert_eq!(" PASS ".parse::<Move>(), Ok(Move::Pass));
    assert_eq!(Move::Play(sq("h8")).to_string(), "h8");
    assert_eq!(Move::Pass.to_string(), "pass");
    assert!("i9".parse::<Move>().is_err());
    assert_eq!("White".parse::<Color>(), Ok(Color::White));
}

#[test]
fn the_opening_moves_are_in_ascending_square_order() {
    let start = Position::initial();
    let moves: Vec<String> = start.moves().iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
    for (i, m) in start.moves().into_iter().enumerate() {
        assert_eq!(start.nth_move(i), Some(m));
        assert_eq!(Othello.nth_move(&start, i), Some(m));
        assert_eq!(Othello.play(&start, m), start.play(m).unwrap());
        assert_eq!(Othello.move_key(&start, m), m.key());
        assert_eq!(Othello.move_name(&start, m), m.to_string());
        assert!(m.key() < Othello.move_keys());
    }
    assert_eq!(start.nth_move(4), None);
    assert_eq!(
        start.play(Move::Play(sq("d4"))),
        Err(MoveError::Occupied(sq("d4")))
    );
}

#[test]
fn the_hash_includes_the_side_to_move_and_separates_positions() {
    let mut seen = std::collections::HashSet::new();
    let mut count = 0;
    for p in othello::experiment_positions()
        .into_iter()
        .chain([Position::initial()])
    {
        let q = Position::new(p.black(), p.white(), p.to_move().opponent()).unwrap();
        assert_ne!(Othello.hash(&p), Othello.hash(&q));
        // Every child of every position: distinct positions, distinct hashes.
        for r in [p, q]
            .into_iter()
            .chain((0..p.num_moves()).map(|i| p.play_nth(i)))
        {
            if seen.insert((r, Othello.hash(&r))) {
                count += 1;
            }
        }
    }
    let hashes: std::collections::HashSet<u64> = seen.iter().map(|x| x.1).collect();
    assert_eq!(hashes.len(), count);
}

#[test]
fn the_evaluation_is_symmetric_and_bounded() {
    for p in othello::experiment_positions() {
        // Swapping the colours and the mover leaves the mover's score.
        let swapped = Position::new(p.white(), p.black(), p.to_move().opponent()).unwrap();
        assert_eq!(Othello.evaluate(&p), Othello.evaluate(&swapped));
        assert!(Othello.evaluate(&p).get().abs() < othello::eval::HEURISTIC_BOUND);
    }
    // The start is balanced.
    assert_eq!(
        Othello.evaluate(&Position::initial()),
        Value::new(0).unwrap()
    );
}

#[test]
fn the_last_flip_count_equals_the_flips_on_a_full_board() {
    // Every square, on 20,000 boards full but for it: the table lookup of
    // the solver's last move against the flips themselves.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for k in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let sq = k % 64;
        let bit = 1u64 << sq;
        let me = x & !bit;
        let opp = !me & !bit;
        assert_eq!(
            othello::board::count_last_flips(me, sq),
            othello::board::flips(me, opp, bit).count_ones(),
            "board {me:#018x}, square {sq}"
        );
    }
}
