//! The claims about time of Bhattacharya & Bagchi 1996 (§4), each judged
//! on two times measured in the same run: by `bhattacharya-bagchi96` on its
//! tables' trees, and by the leaf-cost experiment at every leaf cost.

/// One of the paper's claims about time (§4), judged on two times measured
/// in the same run.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeClaim {
    /// The claim in words.
    pub claim: String,
    /// The ratio the verdict is on, as the claim states it.
    pub ratio: f64,
    /// The ratio in words.
    pub numbers: String,
    /// Whether the claim holds.
    pub holds: bool,
}

impl TimeClaim {
    /// The columns of a claims table.
    pub const HEADERS: [&'static str; 3] = ["claim", "numbers", "verdict"];

    /// A claim that a search takes less time than Alpha-Beta: its time `t`
    /// over AB's `ab`, below 1.
    fn faster_than_ab(claim: String, ab: f64, t: f64) -> TimeClaim {
        let r = t / ab;
        TimeClaim {
            claim,
            ratio: r,
            numbers: format!("time {r:.2} of AB's"),
            holds: r < 1.0,
        }
    }

    /// "Full memory: about twice as fast as Alpha-Beta" on random trees of
    /// (b, d): AB's time over MemSSS*'s at its maximum M, above 1.5.
    pub fn full_memory(b: usize, d: usize, ab: f64, full: f64) -> TimeClaim {
        let speed = ab / full;
        TimeClaim {
            claim: format!("({b},{d}) random, full memory: about 2x as fast as AB"),
            ratio: speed,
            numbers: format!("{speed:.2}x AB's speed"),
            holds: speed > 1.5,
        }
    }

    /// "(6,9) strong, M = 296: MemSSS* beats Alpha-Beta": time below AB's.
    pub fn memsss_296(ab: f64, t: f64) -> TimeClaim {
        Self::faster_than_ab(
            "(6,9) strong, M = 296: MemSSS* takes less time than Alpha-Beta".into(),
            ab,
            t,
        )
    }

    /// The conjecture: MemDual* (full memory) beats Alpha-Beta on strong
    /// trees of even depth: time below AB's.
    pub fn memdual(b: usize, d: usize, ab: f64, t: f64) -> TimeClaim {
        Self::faster_than_ab(
            format!(
                "({b},{d}) strong: MemDual* (full memory) takes less time than Alpha-Beta (conjecture, §4)"
            ),
            ab,
            t,
        )
    }

    /// "At maximum M MemSSS* is 2.5-3 times as fast as IterSSS*" (Table 2):
    /// IterSSS*'s time over MemSSS*'s at `m`, read generously as 2 to 3.5.
    pub fn memsss_vs_itersss(m: usize, mem: f64, iter: f64) -> TimeClaim {
        let speed = iter / mem;
        TimeClaim {
            claim: format!("at maximum M ({m}) MemSSS* is 2.5-3 times as fast as IterSSS*"),
            ratio: speed,
            numbers: format!("{speed:.2} times"),
            holds: (2.0..=3.5).contains(&speed),
        }
    }

    /// "When run on odd depth trees, MemSSS* ran faster than Alpha-Beta
    /// even at minimum memory" (§4, random trees): time below AB's.
    pub fn odd_depth_minimum(b: usize, d: usize, m: usize, ab: f64, t: f64) -> TimeClaim {
        Self::faster_than_ab(
            format!(
                "({b},{d}) random, odd depth: MemSSS* at minimum M ({m}) runs faster than Alpha-Beta"
            ),
            ab,
            t,
        )
    }

    /// "QuickGame was also superior to Alpha-Beta" (§4, random trees, in
    /// terminal count and running time): time below AB's.
    pub fn quickgame(b: usize, d: usize, ab: f64, t: f64) -> TimeClaim {
        Self::faster_than_ab(
            format!("({b},{d}) random: QuickGame (MGame, searchd 2) runs faster than Alpha-Beta"),
            ab,
            t,
        )
    }

    /// "MemSSS* ran almost as fast as Alpha-Beta when the available memory
    /// M was minimum" (Table 2): read as a time at most 10% above AB's.
    pub fn memsss_minimum(m: usize, ab: f64, t: f64) -> TimeClaim {
        let mut claim = Self::faster_than_ab(
            format!(
                "at minimum M ({m}) MemSSS* runs almost as fast as Alpha-Beta (read: at most 1.10 of AB's time)"
            ),
            ab,
            t,
        );
        claim.holds = claim.ratio <= 1.10;
        claim
    }

    /// "As M increased MemSSS* speeded up while IterSSS* slowed down"
    /// (Table 2): each algorithm's time at the largest M over its time at
    /// the least.
    pub fn as_memory_grows(mem: (f64, f64), iter: (f64, f64)) -> TimeClaim {
        let (m, i) = (mem.1 / mem.0, iter.1 / iter.0);
        TimeClaim {
            claim: "as M grows MemSSS* speeds up while IterSSS* slows down".into(),
            ratio: i,
            numbers: format!(
                "time at the largest M over the least: MemSSS* {m:.2}, IterSSS* {i:.2}"
            ),
            holds: m < 1.0 && i > 1.0,
        }
    }

    /// "At maximum memory, MemSSS* was somewhat faster than Alpha-Beta"
    /// (Table 2): time below AB's.
    pub fn memsss_maximum(m: usize, ab: f64, t: f64) -> TimeClaim {
        Self::faster_than_ab(
            format!("at maximum M ({m}) MemSSS* is somewhat faster than Alpha-Beta"),
            ab,
            t,
        )
    }

    /// The verdict in words.
    pub fn verdict(&self) -> &'static str {
        if self.holds { "holds" } else { "fails" }
    }

    /// A row of a claims table: claim, numbers, verdict.
    pub fn row(&self) -> Vec<String> {
        vec![
            self.claim.clone(),
            self.numbers.clone(),
            self.verdict().into(),
        ]
    }
}
