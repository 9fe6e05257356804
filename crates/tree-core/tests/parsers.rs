//! Every parser and file reader rejects bad input with an error naming the
//! problem, and none panics.

use proptest::prelude::*;
use tree_core::{Dewey, ExplicitTree, Generator, TreeError, minimax};

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn nested_text_never_panics(s in "\\PC{0,40}") {
        match ExplicitTree::parse(&s) {
            Ok(t) => { minimax(&t); }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn nested_text_of_tree_alphabet_never_panics(s in "[\\[\\],0-9 +\\-#\n]{0,60}") {
        match ExplicitTree::parse(&s) {
            Ok(t) => {
                let again = ExplicitTree::parse(&t.to_string()).unwrap();
                prop_assert_eq!(minimax(&t), minimax(&again));
            }
            Err(TreeError::Parse { position, .. } | TreeError::LeafValue { position, .. }) => {
                prop_assert!(position <= s.len());
            }
            Err(e) => prop_assert!(false, "unexpected error kind {e}"),
        }
    }

    #[test]
    fn campbell_reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..70), w in 0usize..5, d in 0usize..5) {
        match ExplicitTree::read_campbell(&bytes[..], w, d) {
            Ok(t) => {
                let mut out = Vec::new();
                t.write_campbell(&mut out).unwrap();
                prop_assert_eq!(out, bytes);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn dewey_parser_never_panics(s in "\\PC{0,20}") {
        if let Ok(d) = s.parse::<Dewey>() {
            prop_assert_eq!(d.to_string().parse::<Dewey>().unwrap(), d);
        }
    }

    #[test]
    fn dewey_round_trips(digits in proptest::collection::vec(0u16..300, 0..20)) {
        let d = Dewey::from_digits(&digits);
        prop_assert_eq!(d.to_string().parse::<Dewey>().unwrap(), d);
    }

    #[test]
    fn generator_names_never_panic(s in "\\PC{0,20}") {
        let _ = s.parse::<Generator>();
    }
}

#[test]
fn errors_name_the_problem() {
    let msg = |r: Result<ExplicitTree, TreeError>| r.unwrap_err().to_string();
    assert!(msg(ExplicitTree::parse("[1,[2,]]")).contains("byte 6"));
    assert!(msg(ExplicitTree::parse("[1,x]")).contains("found 'x'"));
    assert!(msg(ExplicitTree::parse("[[]]")).contains("empty list"));
    assert!(msg(ExplicitTree::parse("[1,2147483647]")).contains("out of range"));
    assert!(msg(ExplicitTree::read_campbell(&[1u8, 2, 3][..], 2, 2)).contains("truncated"));
    assert!(msg(ExplicitTree::read_campbell(&[0u8; 5][..], 2, 2)).contains("oversized"));
    assert!(msg(ExplicitTree::read_campbell(&[][..], 0, 3)).contains("b = 0"));
    assert!(msg(ExplicitTree::read_campbell(&[][..], 100, 100)).contains("overflows"));
    for (text, says) in [("campbell-fmb:1.5", "(0, 1]"), ("nope", "known:")] {
        let e = text.parse::<Generator>().unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}

#[test]
fn comments_are_white_space() {
    let t = ExplicitTree::parse("# a tree\n[1, # first\n 2]\n# end").unwrap();
    assert_eq!(t.to_string(), "[1,2]");
}
