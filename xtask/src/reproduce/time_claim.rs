//! The claims about time of Bhattacharya & Bagchi 1996 (§4), each judged
//! on two times measured in the same run: by `bhattacharya-bagchi96` on its
//! tables' trees, and by the leaf-cost experiment at every leaf cost.

/// Where a claim's ratio must lie for the claim to hold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Line {
    /// Above this value.
    Above(f64),
    /// Below this value.
    Below(f64),
    /// At most this value.
    AtMost(f64),
    /// Between these values, both included.
    Within(f64, f64),
}

impl Line {
    /// Whether a ratio `r` is on the claim's side of the line.
    pub fn holds(self, r: f64) -> bool {
        match self {
            Line::Above(x) => r > x,
            Line::Below(x) => r < x,
            Line::AtMost(x) => r <= x,
            Line::Within(a, b) => (a..=b).contains(&r),
        }
    }

    /// Whether some ratio in `lo..=hi` is on the claim's side.
    pub fn meets(self, lo: f64, hi: f64) -> bool {
        match self {
            Line::Above(x) => hi > x,
            Line::Below(x) => lo < x,
            Line::AtMost(x) => lo <= x,
            Line::Within(a, b) => hi >= a && lo <= b,
        }
    }
}

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
    /// Where the ratio must lie for it to hold.
    pub line: Line,
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
            line: Line::Below(1.0),
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
            line: Line::Above(1.5),
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

    /// "In actual game playing situations the computation time would be
    /// large, and Alpha-Beta would run slower than MemSSS* because it would
    /// examine many more terminal nodes" (§4, after Table 1): MemSSS* at
    /// `which` budget, over the trees of `cells`, time below AB's.
    pub fn large_evaluation_time(which: &str, cells: &str, ab: f64, t: f64) -> TimeClaim {
        Self::faster_than_ab(
            format!(
                "{cells}: Alpha-Beta runs slower than MemSSS* ({which}) when evaluation is costly"
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
            line: Line::Within(2.0, 3.5),
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
        claim.line = Line::AtMost(1.10);
        claim.holds = claim.line.holds(claim.ratio);
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
            // The line on IterSSS*'s ratio; MemSSS*'s is in `holds` only.
            line: Line::Above(1.0),
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

    /// The verdict given the ratio's standard error `se`: `holds` when the
    /// whole interval ratio ± 2 s.e. lies on the claim's side of its line,
    /// `fails` when none of it does, `within noise` when it straddles the
    /// line. Without a standard error, [`TimeClaim::verdict`].
    pub fn verdict_within(&self, se: Option<f64>) -> &'static str {
        let Some(se) = se else {
            return self.verdict();
        };
        let (lo, hi) = (self.ratio - 2.0 * se, self.ratio + 2.0 * se);
        if self.line.holds(lo) && self.line.holds(hi) {
            "holds"
        } else if !self.line.meets(lo, hi) {
            "fails"
        } else {
            "within noise"
        }
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
