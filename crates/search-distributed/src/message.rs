//! The protocol's messages and their wire format.
//!
//! Every message is a byte string: one byte of [`MessageKind`], the
//! sender's wall-clock time in nanoseconds (for latency measurements on one
//! host), then the kind's fields, little-endian. Nodes travel as Dewey
//! codes (`u16` child indices from the root), windows and values as the raw
//! `i32` of a [`Value`] (the sentinels ±∞ included).

use tree_core::Value;

use crate::DistError;
use crate::kind::MessageKind;
use crate::report::RankStats;

/// The critical-node type of a position handed out by pv-splitting
/// (Campbell p. 44), so that a slave master knows whether the type-2 rule
/// (p. 47) applies to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeKind {
    /// Not tracked (tree-splitting, and the pv node's untyped subtree).
    Unknown,
    /// On the leftmost path.
    Type1,
    /// An alternative to the pv: one successor suffices if ordered.
    Type2,
    /// A successor of a type-2 node: every successor is needed.
    Type3,
}

impl NodeKind {
    /// The type of successor `i` of a node of this type.
    pub(crate) fn child(self, i: usize) -> NodeKind {
        match self {
            NodeKind::Unknown => NodeKind::Unknown,
            NodeKind::Type1 if i == 0 => NodeKind::Type1,
            NodeKind::Type1 | NodeKind::Type3 => NodeKind::Type2,
            NodeKind::Type2 => NodeKind::Type3,
        }
    }

    fn byte(self) -> u8 {
        match self {
            NodeKind::Unknown => 0,
            NodeKind::Type1 => 1,
            NodeKind::Type2 => 2,
            NodeKind::Type3 => 3,
        }
    }

    fn from_byte(b: u8) -> Option<NodeKind> {
        Some(match b {
            0 => NodeKind::Unknown,
            1 => NodeKind::Type1,
            2 => NodeKind::Type2,
            3 => NodeKind::Type3,
            _ => return None,
        })
    }
}

/// A job's place on the virtual clock of EVALTIME emulation
/// ([`DistConfig::evaltime`](crate::DistConfig::evaltime)): virtual time
/// `t` is wall-clock time `epoch_ns + t × EVALTIME` (one host's clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Clock {
    /// Rank 0's wall-clock time (ns since the Unix epoch) at virtual time
    /// 0.
    pub(crate) epoch_ns: u64,
    /// The virtual time the job starts at.
    pub(crate) start: u64,
}

/// A message of the protocol.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Msg {
    Ready {
        fingerprint: u64,
    },
    Refuse {
        reason: String,
    },
    /// `clock`: the virtual clock of EVALTIME emulation (zero without).
    Assign {
        job: u32,
        kind: NodeKind,
        alpha: Value,
        beta: Value,
        clock: Clock,
        path: Vec<u16>,
    },
    /// `finish`: the job's virtual finishing time, `cut`: whether an
    /// UPDATE at that instant closed its window (EVALTIME emulation).
    Result {
        job: u32,
        value: Value,
        finish: u64,
        cut: bool,
    },
    /// `at`: the master's virtual time (EVALTIME emulation).
    Update {
        job: u32,
        alpha: Value,
        beta: Value,
        at: u64,
    },
    /// `at`: the master's virtual time (EVALTIME emulation).
    Terminate {
        job: u32,
        at: u64,
    },
    Heartbeat {
        job: u32,
    },
    /// `origin` failed with `message`; `silent` names a rank that stopped
    /// answering (then the job cannot end normally: it must be aborted).
    Error {
        origin: u32,
        silent: Option<u32>,
        message: String,
    },
    Abort,
    Finish,
    Stats {
        ranks: Vec<(u32, RankStats)>,
    },
    Done,
}

impl Msg {
    pub(crate) fn kind(&self) -> MessageKind {
        match self {
            Msg::Ready { .. } => MessageKind::Ready,
            Msg::Refuse { .. } => MessageKind::Refuse,
            Msg::Assign { .. } => MessageKind::Assign,
            Msg::Result { .. } => MessageKind::Result,
            Msg::Update { .. } => MessageKind::Update,
            Msg::Terminate { .. } => MessageKind::Terminate,
            Msg::Heartbeat { .. } => MessageKind::Heartbeat,
            Msg::Error { .. } => MessageKind::Error,
            Msg::Abort => MessageKind::Abort,
            Msg::Finish => MessageKind::Finish,
            Msg::Stats { .. } => MessageKind::Stats,
            Msg::Done => MessageKind::Done,
        }
    }

    /// The wire form, stamped with `sent_ns`.
    pub(crate) fn encode(&self, sent_ns: u64) -> Vec<u8> {
        let mut w = Writer(Vec::with_capacity(32));
        w.u8(self.kind().index() as u8);
        w.u64(sent_ns);
        match self {
            Msg::Ready { fingerprint } => w.u64(*fingerprint),
            Msg::Refuse { reason } => w.str(reason),
            Msg::Assign {
                job,
                kind,
                alpha,
                beta,
                clock,
                path,
            } => {
                w.u32(*job);
                w.u8(kind.byte());
                w.value(*alpha);
                w.value(*beta);
                w.u64(clock.epoch_ns);
                w.u64(clock.start);
                w.u32(path.len() as u32);
                for &d in path {
                    w.0.extend_from_slice(&d.to_le_bytes());
                }
            }
            Msg::Result {
                job,
                value,
                finish,
                cut,
            } => {
                w.u32(*job);
                w.value(*value);
                w.u64(*finish);
                w.u8(u8::from(*cut));
            }
            Msg::Update {
                job,
                alpha,
                beta,
                at,
            } => {
                w.u32(*job);
                w.value(*alpha);
                w.value(*beta);
                w.u64(*at);
            }
            Msg::Terminate { job, at } => {
                w.u32(*job);
                w.u64(*at);
            }
            Msg::Heartbeat { job } => w.u32(*job),
            Msg::Error {
                origin,
                silent,
                message,
            } => {
                w.u32(*origin);
                w.u32(silent.map_or(u32::MAX, |r| r));
                w.str(message);
            }
            Msg::Abort | Msg::Finish | Msg::Done => {}
            Msg::Stats { ranks } => {
                w.u32(ranks.len() as u32);
                for (rank, s) in ranks {
                    w.u32(*rank);
                    for x in s.to_words() {
                        w.u64(x);
                    }
                }
            }
        }
        w.0
    }

    /// Reads a message and its send time.
    ///
    /// # Errors
    /// [`DistError::Protocol`] for bytes that are not a message.
    pub(crate) fn decode(bytes: &[u8]) -> Result<(Msg, u64), DistError> {
        let mut r = Reader { bytes, at: 0 };
        let kind = r.u8()?;
        let sent = r.u64()?;
        let kind = *MessageKind::ALL
            .get(usize::from(kind))
            .ok_or_else(|| protocol(format!("unknown message kind {kind}")))?;
        let msg = match kind {
            MessageKind::Ready => Msg::Ready {
                fingerprint: r.u64()?,
            },
            MessageKind::Refuse => Msg::Refuse { reason: r.str()? },
            MessageKind::Assign => {
                let job = r.u32()?;
                let k = r.u8()?;
                let kind = NodeKind::from_byte(k)
                    .ok_or_else(|| protocol(format!("unknown node type {k}")))?;
                let alpha = r.value()?;
                let beta = r.value()?;
                let clock = Clock {
                    epoch_ns: r.u64()?,
                    start: r.u64()?,
                };
                let n = r.u32()? as usize;
                let raw = r.take(n.checked_mul(2).ok_or_else(|| protocol("path length"))?)?;
                let path = raw
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect();
                Msg::Assign {
                    job,
                    kind,
                    alpha,
                    beta,
                    clock,
                    path,
                }
            }
            MessageKind::Result => Msg::Result {
                job: r.u32()?,
                value: r.value()?,
                finish: r.u64()?,
                cut: match r.u8()? {
                    0 => false,
                    1 => true,
                    b => return Err(protocol(format!("a flag of {b}"))),
                },
            },
            MessageKind::Update => Msg::Update {
                job: r.u32()?,
                alpha: r.value()?,
                beta: r.value()?,
                at: r.u64()?,
            },
            MessageKind::Terminate => Msg::Terminate {
                job: r.u32()?,
                at: r.u64()?,
            },
            MessageKind::Heartbeat => Msg::Heartbeat { job: r.u32()? },
            MessageKind::Error => Msg::Error {
                origin: r.u32()?,
                silent: Some(r.u32()?).filter(|&s| s != u32::MAX),
                message: r.str()?,
            },
            MessageKind::Abort => Msg::Abort,
            MessageKind::Finish => Msg::Finish,
            MessageKind::Done => Msg::Done,
            MessageKind::Stats => {
                let n = r.u32()? as usize;
                let mut ranks = Vec::new();
                for _ in 0..n {
                    let rank = r.u32()?;
                    let mut words = [0u64; RankStats::WORDS];
                    for x in &mut words {
                        *x = r.u64()?;
                    }
                    ranks.push((rank, RankStats::from_words(&words)));
                }
                Msg::Stats { ranks }
            }
        };
        if r.at != bytes.len() {
            return Err(protocol(format!(
                "{} trailing bytes after a {kind} message",
                bytes.len() - r.at
            )));
        }
        Ok((msg, sent))
    }
}

pub(crate) fn protocol(message: impl Into<String>) -> DistError {
    DistError::Protocol {
        message: message.into(),
    }
}

/// Little-endian fields appended to a byte string (also the farm's wire
/// format, `crate::farm`).
pub(crate) struct Writer(pub(crate) Vec<u8>);

impl Writer {
    pub(crate) fn u8(&mut self, x: u8) {
        self.0.push(x);
    }
    pub(crate) fn u32(&mut self, x: u32) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    pub(crate) fn u64(&mut self, x: u64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    pub(crate) fn value(&mut self, v: Value) {
        self.0.extend_from_slice(&v.get().to_le_bytes());
    }
    pub(crate) fn str(&mut self, s: &str) {
        self.u32(s.len() as u32);
        self.0.extend_from_slice(s.as_bytes());
    }
}

/// Reads what [`Writer`] wrote, failing with [`DistError::Protocol`] on a
/// short message.
pub(crate) struct Reader<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) at: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], DistError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| protocol("a message ends early"))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    pub(crate) fn u8(&mut self) -> Result<u8, DistError> {
        Ok(self.take(1)?[0])
    }
    pub(crate) fn u32(&mut self) -> Result<u32, DistError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    pub(crate) fn u64(&mut self) -> Result<u64, DistError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
    pub(crate) fn value(&mut self) -> Result<Value, DistError> {
        let b = self.take(4)?;
        value_from_raw(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    pub(crate) fn str(&mut self) -> Result<String, DistError> {
        let n = self.u32()? as usize;
        let b = self.take(n)?;
        String::from_utf8(b.to_vec()).map_err(|_| protocol("a text field is not UTF-8"))
    }
}

/// The [`Value`] whose raw `i32` is `x`, the sentinels ±∞ included.
fn value_from_raw(x: i32) -> Result<Value, DistError> {
    if x == Value::INF.get() {
        Ok(Value::INF)
    } else if x == Value::NEG_INF.get() {
        Ok(Value::NEG_INF)
    } else {
        Value::new(x).map_err(|_| protocol(format!("{x} is not a value")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use tree_core::corpus::value as v;

    #[test]
    fn every_message_round_trips() {
        let mut stats = RankStats {
            leaves: 17,
            ..RankStats::default()
        };
        stats.sent[MessageKind::Assign.index()] = 3;
        stats.received[MessageKind::Result.index()].max_ns = 99;
        let messages = [
            Msg::Ready { fingerprint: 7 },
            Msg::Refuse {
                reason: "no tree: é".into(),
            },
            Msg::Assign {
                job: 9,
                kind: NodeKind::Type2,
                alpha: Value::NEG_INF,
                beta: v(-4),
                clock: Clock {
                    epoch_ns: 1 << 60,
                    start: 77,
                },
                path: vec![0, 3, 65535],
            },
            Msg::Result {
                job: 1,
                value: Value::INF,
                finish: 9,
                cut: true,
            },
            Msg::Update {
                job: 2,
                alpha: v(Value::MIN_LEAF),
                beta: v(Value::MAX_LEAF),
                at: 3,
            },
            Msg::Terminate {
                job: u32::MAX,
                at: 4,
            },
            Msg::Heartbeat { job: 0 },
            Msg::Error {
                origin: 3,
                silent: Some(5),
                message: "gone".into(),
            },
            Msg::Error {
                origin: 3,
                silent: None,
                message: String::new(),
            },
            Msg::Abort,
            Msg::Finish,
            Msg::Done,
            Msg::Stats {
                ranks: vec![(0, stats.clone()), (6, RankStats::default())],
            },
        ];
        for m in messages {
            let bytes = m.encode(123);
            assert_eq!(Msg::decode(&bytes).unwrap(), (m.clone(), 123), "{m:?}");
            // Every proper prefix is refused, as is a trailing byte.
            for n in 0..bytes.len() {
                assert!(Msg::decode(&bytes[..n]).is_err(), "{m:?} cut at {n}");
            }
            let mut long = bytes.clone();
            long.push(0);
            assert!(Msg::decode(&long).is_err());
        }
    }

    #[test]
    fn garbage_is_a_protocol_error() {
        for bad in [&[][..], &[200, 0, 0, 0, 0, 0, 0, 0, 0], &[2; 14]] {
            assert!(matches!(Msg::decode(bad), Err(DistError::Protocol { .. })));
        }
        // A value of i32::MIN is not a value.
        let mut b = Msg::Result {
            job: 0,
            value: v(1),
            finish: 0,
            cut: false,
        }
        .encode(0);
        let n = b.len();
        b[n - 13..n - 9].copy_from_slice(&i32::MIN.to_le_bytes());
        assert!(Msg::decode(&b).is_err());
    }

    #[test]
    fn kinds_are_numbered_in_order() {
        for (i, k) in MessageKind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i);
        }
        for k in [
            NodeKind::Unknown,
            NodeKind::Type1,
            NodeKind::Type2,
            NodeKind::Type3,
        ] {
            assert_eq!(NodeKind::from_byte(k.byte()), Some(k));
        }
        assert_eq!(NodeKind::Type1.child(0), NodeKind::Type1);
        assert_eq!(NodeKind::Type1.child(1), NodeKind::Type2);
        assert_eq!(NodeKind::Type2.child(0), NodeKind::Type3);
        assert_eq!(NodeKind::Type3.child(4), NodeKind::Type2);
    }
}
