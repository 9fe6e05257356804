//! `gametree othello`: full games played through pipes, refused input,
//! passes, matches and argument errors.

use std::io::{BufRead, BufReader, Write};

use othello::{Color, Move, Position, SplitMix64};

use crate::common::{cmd, ends, error, has, ok, spawn, words};

const PROMPT: &str = "your move> ";

/// What happened in a game played through the binary.
struct Game {
    /// The position the test tracked move by move from the program's output.
    end: Position,
    /// The program's `result:` line.
    result: String,
    /// The whole output.
    output: String,
    /// How often the human passed automatically.
    human_passes: usize,
}

/// [`play`] from the initial position, the human (`human`) typing nothing
/// wrong: the game is played to its end, and the program announces the
/// result it has.
fn play_to_the_end(line: &str, human: Color) -> Game {
    let game = play(&words(line), Position::initial(), human, &[]);
    assert!(game.end.is_game_over(), "{}", game.output);
    assert_eq!(game.result, expected_result(&game.end));
    game
}

/// Plays `gametree othello ARGS` from `start`, the human (`human`) always
/// answering with the first legal move after typing each of `bad_inputs`
/// once at the first prompts. The test follows the game on its own board
/// from the lines the program prints and checks the legal moves it offers.
fn play(args: &[&str], start: Position, human: Color, bad_inputs: &[&str]) -> Game {
    let mut child = spawn(&[&["othello"], args].concat());
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut pos = start;
    let mut bad = bad_inputs.iter();
    let mut result = None;
    let mut output = String::new();
    let mut human_passes = 0;
    for line in stdout.lines() {
        let line = line.expect("UTF-8 output");
        output.push_str(&line);
        output.push('\n');
        let mut text = line.as_str();
        while let Some(rest) = text.strip_prefix(PROMPT) {
            text = rest;
        }
        if let Some(offered) = text.strip_prefix("legal moves: ") {
            assert_eq!(
                pos.to_move(),
                human,
                "asked for a move on the engine's turn"
            );
            let legal: Vec<String> = pos.moves().iter().map(ToString::to_string).collect();
            assert_eq!(offered, legal.join(" "), "offered moves in {pos}");
            let answer = bad
                .next()
                .map_or_else(|| legal[0].clone(), |s| s.to_string());
            writeln!(stdin, "{answer}").expect("the program reads its input");
        } else if let Some(mv) = text.strip_prefix("you play ") {
            let mv: Move = mv.parse().expect("a move");
            pos = pos.play(mv).expect("the program accepted a legal move");
        } else if text == "You have no legal move: you pass." {
            assert_eq!(pos.to_move(), human);
            pos = pos.play(Move::Pass).expect("a forced pass");
            human_passes += 1;
        } else if let Some(rest) = text.strip_prefix("engine (") {
            let engine = human.opponent();
            assert_eq!(pos.to_move(), engine);
            let rest = rest
                .strip_prefix(&format!("{engine}) "))
                .expect("the engine's colour");
            let mv = if rest.starts_with("passes") {
                Move::Pass
            } else {
                let word = rest
                    .strip_prefix("plays ")
                    .and_then(|r| r.split(' ').next())
                    .expect("plays SQUARE");
                word.parse().expect("a square")
            };
            pos = pos.play(mv).expect("the engine plays legal moves");
        } else if text.starts_with("result: ") {
            result = Some(text.to_owned());
        }
    }
    drop(stdin);
    let status = child.wait().expect("gametree finishes");
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("piped"), &mut stderr)
        .expect("stderr");
    assert!(
        status.success(),
        "gametree othello {args:?} failed: {stderr}"
    );
    assert!(stderr.is_empty(), "stderr: {stderr}");
    Game {
        end: pos,
        result: result.unwrap_or_else(|| panic!("no result line:\n{output}")),
        output,
        human_passes,
    }
}

/// The result line for a finished position.
fn expected_result(pos: &Position) -> String {
    let (b, w) = (pos.count(Color::Black), pos.count(Color::White));
    let outcome = match b.cmp(&w) {
        std::cmp::Ordering::Greater => "black wins",
        std::cmp::Ordering::Less => "white wins",
        std::cmp::Ordering::Equal => "draw",
    };
    format!("result: black {b}, white {w}, {outcome}")
}

#[test]
fn a_full_game_through_a_pipe_with_refused_input() {
    let game = play(
        &["--depth", "2"],
        Position::initial(),
        Color::Black,
        &["z9", "a1", "pass", "", "help"],
    );
    assert!(game.end.is_game_over(), "{}", game.output);
    assert_eq!(game.result, expected_result(&game.end));
    assert!(game.output.ends_with(&format!("{}\n", game.result)));
    for refusal in [
        "'z9' is not a move: type a square such as d3 (or help, quit).",
        "a1 is not legal: a1 would flip no disc.",
        "pass is not legal: you may pass only when you have no legal move.",
        "Type a square such as d3 (file a-h, rank 1-8)",
    ] {
        assert!(game.output.contains(refusal), "{refusal}\n{}", game.output);
    }
    assert!(!game.output.contains("panicked"));
}

#[test]
fn the_human_can_play_white_with_a_best_first_engine() {
    let game = play_to_the_end("--depth 2 --color white --algo sss", Color::White);
    assert!(
        game.output
            .contains("the engine plays black (X) with sss at depth 2")
    );
}

/// An enhanced engine names its move and the line it expects (its
/// principal variation), by square names; a full game to the end.
#[test]
fn an_enhanced_engine_names_the_line_it_expects() {
    let game = play_to_the_end("--depth 3 --algo mtdf-enh", Color::Black);
    let line = game
        .output
        .lines()
        .find(|l| l.contains("; expects "))
        .expect("an engine move with a line");
    let expects = line
        .split("; expects ")
        .nth(1)
        .unwrap()
        .trim_end_matches(')');
    let moves: Vec<&str> = expects.split(' ').collect();
    assert!(!moves.is_empty() && moves.len() <= 8, "{line}");
    for m in moves {
        assert!(m.parse::<Move>().is_ok(), "{line}");
    }
}

/// A multi-threaded algorithm plays Othello too: a full game with YBWC on
/// two threads, its moves' values said for the engine's colour.
#[test]
fn a_threaded_engine_plays_a_full_game() {
    let game = play_to_the_end("--depth 3 --algo ybwc --threads 2", Color::Black);
    assert!(
        game.output
            .contains("the engine plays white (O) with ybwc at depth 3"),
        "{}",
        game.output
    );
    assert!(game.output.contains(" for white, "), "{}", game.output);
}

/// A leaf budget per move stops a deep enhanced engine's iterative
/// deepening: it plays the best move of the last depth it completed, and
/// says which.
#[test]
fn a_limited_enhanced_engine_plays_its_last_completed_depth() {
    let game = play_to_the_end("--depth 40 --algo pvs-enh --max-leaves 3000", Color::Black);
    let mut limited = 0;
    for line in game.output.lines().filter(|l| l.contains(" of 40, value ")) {
        let leaves: u64 = line
            .split(" leaves")
            .next()
            .and_then(|l| l.rsplit(", ").next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        assert!(leaves <= 3000, "{line}");
        limited += 1;
    }
    assert!(limited > 5, "{}", game.output);
}

/// The first position of a random game (SplitMix64, seeds from 0) where
/// the player to move must pass.
fn a_pass_position() -> Position {
    for seed in 0.. {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::initial();
        while !pos.is_game_over() {
            if pos.must_pass() {
                return pos;
            }
            pos = pos.play_nth((rng.next_u64() % pos.num_moves() as u64) as usize);
        }
    }
    unreachable!()
}

#[test]
fn a_human_without_a_move_passes_automatically() {
    let start = a_pass_position();
    let human = start.to_move();
    let position = start.to_string();
    let game = play(
        &cmd(
            "--depth 3 --color",
            &[human.name(), "--position", &position],
        ),
        start,
        human,
        &[],
    );
    assert!(game.human_passes >= 1, "{}", game.output);
    assert!(game.end.is_game_over());
    assert_eq!(game.result, expected_result(&game.end));
}

#[test]
fn a_finished_position_prints_its_result() {
    let over = format!("XXXXXXXX{}O O", "-".repeat(55));
    let out = ok(&["othello", "--position", &over]);
    has(&out, "Game over. You win.");
    ends(&out, "result: black 8, white 1, black wins\n");
}

#[test]
fn quit_and_the_end_of_input_stop_the_game_cleanly() {
    let out = crate::common::gametree_stdin(&["othello"], b"quit\n");
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).ends_with("You quit: the game stops unfinished.\n")
    );
    let out = crate::common::gametree_stdin(&["othello"], b"d3\n\xff\xfe\n");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    has(&stdout, "is not a move");
    ends(&stdout, "End of input: the game stops unfinished.\n");
    assert!(out.stderr.is_empty());
}

#[test]
fn a_short_engine_match() {
    let out = ok(&words("othello --match alphabeta,sss --games 4 --depth 2"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + 4 + 1 + 2, "{out}");
    assert_eq!(
        lines[0],
        "match: alphabeta vs sss, depth 2, 4 games, from the experiment positions"
    );
    // Exact algorithms play the same moves: the game from a position ends
    // alike whichever engine has which colour.
    let score = |l: &str| {
        let words: Vec<&str> = l.split([' ', ',']).collect();
        let pos = words.iter().position(|w| *w == "black").unwrap();
        (words[pos + 1].to_owned(), words[pos + 5].to_owned())
    };
    assert!(
        lines[1].starts_with("game 1: position 0, alphabeta black "),
        "{out}"
    );
    assert!(
        lines[2].starts_with("game 2: position 0, sss black "),
        "{out}"
    );
    assert_eq!(score(lines[1]), score(lines[2]), "{out}");
    assert_eq!(score(lines[3]), score(lines[4]), "{out}");
    let row = |l: &str| -> Vec<u64> {
        l.split_whitespace()
            .skip(1)
            .take(5)
            .map(|w| w.parse().unwrap())
            .collect()
    };
    let (a, b) = (row(lines[6]), row(lines[7]));
    assert!(lines[6].starts_with("alphabeta"));
    assert_eq!(a[0] + a[1] + a[2], 4);
    assert_eq!((a[0], a[1], a[2]), (b[2], b[1], b[0]));
    assert!(a[4] > 0 && b[4] > 0, "both engines searched: {out}");
}

#[test]
fn othello_argument_errors_are_one_line() {
    let start = Position::initial().to_string();
    // Each row: the arguments after `othello`, then `=>` and what the error
    // says.
    for row in [
        "--algo nope => unknown algorithm 'nope'",
        "--depth 0 => --depth must be between 1 and 64",
        "--memory 9 => algorithm 'alphabeta' takes no --memory",
        "--algo alphabeta --threads 2 => algorithm 'alphabeta' takes no --threads",
        "--algo pvs-enh --parallel ybwc => invalid --parallel: a parallel method needs 2 threads or more",
        "--algo mtdf-enh --parallel smp => unknown --parallel method 'smp'",
        "--algo sss --depth 7 => its OPEN list would hold 12960000 entries",
        "--color red => 'red' is not a colour",
        "--position XO => --position is not a position",
        "--games 3 => --games is for --match",
        "--match alphabeta => two algorithm names",
        "--match alphabeta,sss --games 0 => at least 1",
        "--match alphabeta,sss --color white => no human",
        "--match alphabeta,scout --memory 5 => neither 'alphabeta' nor 'scout' has an OPEN list",
        "--match alphabeta,sss,mtdf => two algorithm names",
        "--match alphabeta,memsss --memory 1 --position => engine memsss at depth 4: MemSSS* needs at least",
        "--max-leaves 100 => 'alphabeta' searches to a fixed depth",
        "--algo ybwc --time-ms 100 => 'ybwc' searches to a fixed depth",
    ] {
        let (line, message) = row.split_once(" => ").expect("a row");
        let mut args = words(line);
        args.insert(0, "othello");
        if line.ends_with("--position") {
            args.push(&start);
        }
        let e = error(&args);
        assert!(e.contains(message), "{args:?}: {e}");
    }
}
