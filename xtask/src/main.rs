//! `cargo xtask`: the binary. Everything it does is in the library
//! (`src/lib.rs`), so that the tests link the same compiled code.

fn main() -> anyhow::Result<()> {
    xtask::main()
}
