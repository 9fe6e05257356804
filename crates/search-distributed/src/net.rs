//! A rank's view of the transport: typed messages, counts, latencies, and
//! a receive that waits (sleeping between looks) until a deadline.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::message::Msg;
use crate::report::RankStats;
use crate::{DistError, Transport};

/// Wall-clock nanoseconds since the Unix epoch: the send stamp of every
/// message (comparable between ranks of one host only).
pub(crate) fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX))
}

/// Looks at the inbox this many times, yielding in between, before a
/// waiting rank starts to sleep: a reply often comes within microseconds,
/// and the first sleep already costs the timer slack (~50 µs on Linux).
const SPINS: u32 = 64;
/// The same under EVALTIME emulation, where keeping to the clock matters
/// more than microseconds, and on a loaded host a yield can cost a whole
/// time slice.
const SPINS_EMULATED: u32 = 4;
/// The first sleep of a waiting rank; each further one doubles, up to the
/// configured `idle_sleep`.
const FIRST_SLEEP: Duration = Duration::from_micros(5);

pub(crate) struct Net<'x, X: ?Sized> {
    x: &'x mut X,
    /// Counts and latencies; the search fills in the rest.
    pub(crate) stats: RankStats,
    idle_sleep: Duration,
    /// Looks, yielding, before the first sleep.
    spins: u32,
}

impl<'x, X: Transport + ?Sized> Net<'x, X> {
    /// `emulated`: under EVALTIME emulation (fewer yields).
    pub(crate) fn new(x: &'x mut X, idle_sleep: Duration, emulated: bool) -> Net<'x, X> {
        Net {
            x,
            stats: RankStats::default(),
            idle_sleep,
            spins: if emulated { SPINS_EMULATED } else { SPINS },
        }
    }

    pub(crate) fn send(&mut self, to: usize, msg: &Msg) -> Result<(), DistError> {
        let bytes = msg.encode(now_ns());
        self.stats.sent[msg.kind().index()] += 1;
        self.stats.bytes_sent += bytes.len() as u64;
        self.x.send(to, &bytes)
    }

    /// The next message and its sender, if one has arrived.
    pub(crate) fn try_recv(&mut self) -> Result<Option<(usize, Msg, u64)>, DistError> {
        let Some((from, bytes)) = self.x.try_recv()? else {
            return Ok(None);
        };
        let (msg, sent) = Msg::decode(&bytes).map_err(|e| DistError::Protocol {
            message: format!("from rank {from}: {e}"),
        })?;
        self.stats.received[msg.kind().index()].record(now_ns().saturating_sub(sent));
        Ok(Some((from, msg, sent)))
    }

    /// The next message, waiting for it until `deadline` (forever if
    /// `None`); `None` once the deadline has passed. A waiting rank looks
    /// at its inbox [`SPINS`] times (yielding), then sleeps between looks,
    /// each sleep twice the last, up to `idle_sleep`.
    pub(crate) fn recv(
        &mut self,
        deadline: Option<Instant>,
    ) -> Result<Option<(usize, Msg, u64)>, DistError> {
        let mut spins = 0;
        let mut sleep = FIRST_SLEEP.min(self.idle_sleep);
        loop {
            if let Some(m) = self.try_recv()? {
                return Ok(Some(m));
            }
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                return Ok(None);
            }
            if spins < self.spins || sleep.is_zero() {
                spins += 1;
                std::thread::yield_now();
            } else {
                let left = deadline.map_or(sleep, |d| d - now);
                std::thread::sleep(sleep.min(left));
                sleep = (sleep * 2).min(self.idle_sleep);
            }
        }
    }
}
