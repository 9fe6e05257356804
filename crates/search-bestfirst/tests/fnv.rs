//! FNV-1a, 64 bits: the hash of the differential tests' records — stable
//! across Rust releases, unlike `DefaultHasher`, so recorded files stay
//! valid.

use tree_core::Dewey;

#[derive(Debug)]
pub struct Fnv(pub u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    pub fn u64(&mut self, x: u64) {
        self.bytes(&x.to_le_bytes());
    }
    pub fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.bytes(s.as_bytes());
    }
    pub fn dewey(&mut self, d: &Dewey) {
        self.u64(d.depth() as u64);
        for &x in d.digits() {
            self.bytes(&x.to_le_bytes());
        }
    }
}
