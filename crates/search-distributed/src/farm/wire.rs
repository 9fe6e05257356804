//! The farm's messages and their wire format (little-endian, like the
//! search protocol's, with kind bytes of their own).

use crate::error::DistError;
use crate::message::{Reader, Writer, protocol};

/// A farm message; byte fields borrow from the received bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Msg<'a> {
    Hello {
        batch: u64,
        jobs: u64,
        fingerprint: u64,
        threads: u32,
    },
    Assign {
        batch: u64,
        job: u64,
    },
    Result {
        batch: u64,
        job: u64,
        bytes: &'a [u8],
    },
    Failed {
        batch: u64,
        job: u64,
        message: &'a str,
    },
    Heartbeat {
        batch: u64,
    },
    Done {
        batch: u64,
        results: Vec<&'a [u8]>,
    },
    Error {
        batch: u64,
        job: u64,
        message: &'a str,
    },
    Ack {
        batch: u64,
    },
    Fail {
        message: &'a str,
    },
}

/// The first kind byte: apart from the search protocol's kinds, so that a
/// search message reaching a farm (or the reverse) is a protocol error.
const KIND_BASE: u8 = 0xf0;

const NAMES: [&str; 9] = [
    "hello",
    "assign",
    "result",
    "failed",
    "heartbeat",
    "done",
    "error",
    "ack",
    "fail",
];

impl<'a> Msg<'a> {
    fn index(&self) -> u8 {
        match self {
            Msg::Hello { .. } => 0,
            Msg::Assign { .. } => 1,
            Msg::Result { .. } => 2,
            Msg::Failed { .. } => 3,
            Msg::Heartbeat { .. } => 4,
            Msg::Done { .. } => 5,
            Msg::Error { .. } => 6,
            Msg::Ack { .. } => 7,
            Msg::Fail { .. } => 8,
        }
    }

    pub(super) fn name(&self) -> &'static str {
        NAMES[usize::from(self.index())]
    }

    pub(super) fn encode(&self) -> Vec<u8> {
        let mut w = Writer(Vec::with_capacity(32));
        w.u8(KIND_BASE + self.index());
        match self {
            Msg::Hello {
                batch,
                jobs,
                fingerprint,
                threads,
            } => {
                w.u64(*batch);
                w.u64(*jobs);
                w.u64(*fingerprint);
                w.u32(*threads);
            }
            Msg::Assign { batch, job } => {
                w.u64(*batch);
                w.u64(*job);
            }
            Msg::Result { batch, job, bytes } => {
                w.u64(*batch);
                w.u64(*job);
                blob(&mut w, bytes);
            }
            Msg::Failed {
                batch,
                job,
                message,
            }
            | Msg::Error {
                batch,
                job,
                message,
            } => {
                w.u64(*batch);
                w.u64(*job);
                blob(&mut w, message.as_bytes());
            }
            Msg::Heartbeat { batch } | Msg::Ack { batch } => w.u64(*batch),
            Msg::Done { batch, results } => {
                w.u64(*batch);
                w.u64(results.len() as u64);
                for r in results {
                    blob(&mut w, r);
                }
            }
            Msg::Fail { message } => blob(&mut w, message.as_bytes()),
        }
        w.0
    }

    pub(super) fn decode(bytes: &'a [u8]) -> Result<Msg<'a>, DistError> {
        let mut r = Reader { bytes, at: 0 };
        let kind = r.u8()?;
        let index = kind.wrapping_sub(KIND_BASE);
        if usize::from(index) >= NAMES.len() {
            return Err(protocol(format!("{kind:#x} is not a farm message")));
        }
        let msg = match index {
            0 => Msg::Hello {
                batch: r.u64()?,
                jobs: r.u64()?,
                fingerprint: r.u64()?,
                threads: r.u32()?,
            },
            1 => Msg::Assign {
                batch: r.u64()?,
                job: r.u64()?,
            },
            2 => Msg::Result {
                batch: r.u64()?,
                job: r.u64()?,
                bytes: read_blob(&mut r)?,
            },
            3 => Msg::Failed {
                batch: r.u64()?,
                job: r.u64()?,
                message: text(&mut r)?,
            },
            4 => Msg::Heartbeat { batch: r.u64()? },
            5 => {
                let batch = r.u64()?;
                let n = r.u64()?;
                // Each result takes at least its 8-byte length.
                if n > (bytes.len() / 8) as u64 {
                    return Err(protocol(format!("{n} results in {} bytes", bytes.len())));
                }
                let results = (0..n)
                    .map(|_| read_blob(&mut r))
                    .collect::<Result<_, _>>()?;
                Msg::Done { batch, results }
            }
            6 => Msg::Error {
                batch: r.u64()?,
                job: r.u64()?,
                message: text(&mut r)?,
            },
            7 => Msg::Ack { batch: r.u64()? },
            _ => Msg::Fail {
                message: text(&mut r)?,
            },
        };
        if r.at != bytes.len() {
            return Err(protocol(format!(
                "{} trailing bytes after a farm {} message",
                bytes.len() - r.at,
                msg.name()
            )));
        }
        Ok(msg)
    }
}

fn blob(w: &mut Writer, bytes: &[u8]) {
    w.u64(bytes.len() as u64);
    w.0.extend_from_slice(bytes);
}

fn read_blob<'a>(r: &mut Reader<'a>) -> Result<&'a [u8], DistError> {
    let n = r.u64()?;
    r.take(usize::try_from(n).map_err(|_| protocol("a field longer than memory"))?)
}

fn text<'a>(r: &mut Reader<'a>) -> Result<&'a str, DistError> {
    std::str::from_utf8(read_blob(r)?).map_err(|_| protocol("a text field is not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_round_trips() {
        let messages = [
            Msg::Hello {
                batch: 3,
                jobs: 1 << 40,
                fingerprint: u64::MAX,
                threads: 7,
            },
            Msg::Assign { batch: 1, job: 2 },
            Msg::Result {
                batch: 1,
                job: 2,
                bytes: &[0, 255, 7],
            },
            Msg::Failed {
                batch: 0,
                job: 9,
                message: "é failed",
            },
            Msg::Heartbeat { batch: 5 },
            Msg::Done {
                batch: 4,
                results: vec![b"", b"ab", &[0; 100]],
            },
            Msg::Error {
                batch: 4,
                job: 1,
                message: "",
            },
            Msg::Ack { batch: 8 },
            Msg::Fail { message: "gone" },
        ];
        for m in &messages {
            let bytes = m.encode();
            assert_eq!(&Msg::decode(&bytes).unwrap(), m);
            // Every proper prefix is a clean error.
            for k in 0..bytes.len() {
                assert!(Msg::decode(&bytes[..k]).is_err(), "{m:?} cut at {k}");
            }
        }
    }

    #[test]
    fn garbage_is_a_protocol_error() {
        for bytes in [
            &[][..],
            &[0],
            &[0xef],
            &[0xf9],
            &[0xf4, 1, 0, 0, 0, 0, 0, 0, 0, 9],
        ] {
            assert!(
                matches!(Msg::decode(bytes), Err(DistError::Protocol { .. })),
                "{bytes:?}"
            );
        }
        // A DONE that claims more results than its bytes could hold.
        let mut w = Writer(vec![KIND_BASE + 5]);
        w.u64(0);
        w.u64(u64::MAX);
        assert!(Msg::decode(&w.0).is_err());
    }
}
