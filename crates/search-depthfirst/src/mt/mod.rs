//! Memory-enhanced Test (MT) and its drivers MT-SSS*, MT-DUAL* and MTD(f)
//! (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth
//! minimax algorithms", Artificial Intelligence 87).
//!
//! The table and its overflow area are in `table`, one pass of MT in
//! `pass`, MT and its drivers in `drivers`.

mod drivers;
mod pass;
mod table;

pub(crate) use drivers::{Driver, drive};
pub use drivers::{mt, mt_dual, mt_sss, mtdf};
pub(crate) use pass::mt_pass;
pub use table::{TranspositionTable, TtEntry};
