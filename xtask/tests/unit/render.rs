//! `reproduce::render`: numbers and tables.

use xtask::reproduce::render::{csv, md_table, num};

#[test]
fn numbers() {
    assert_eq!(num(1234567.891, 1), "1,234,567.9");
    assert_eq!(num(999.0, 0), "999");
    assert_eq!(num(-1234.5, 1), "-1,234.5");
    assert_eq!(num(0.04, 2), "0.04");
}

#[test]
fn tables() {
    let t = md_table(&["a", "b"], &[vec!["x".into(), "1".into()]]);
    assert_eq!(t, "| a | b |\n|:--|--:|\n| x | 1 |\n");
    assert_eq!(
        csv(&["a", "b"], &[vec!["x,y".into(), "1".into()]]),
        "a,b\n\"x,y\",1\n"
    );
}
