//! A rank that falls silent, for the tests of dead ranks (the protocol's
//! and the farm's).

use search_distributed::{DistError, LocalTransport, Transport};

/// A rank that stops answering after `sends` messages: it still runs, but
/// everything it sends from then on is lost, as if it had died.
pub struct Mute {
    /// The rank's transport.
    pub inner: LocalTransport,
    /// How many more messages get through.
    pub sends: usize,
}

impl Transport for Mute {
    fn rank(&self) -> usize {
        self.inner.rank()
    }
    fn size(&self) -> usize {
        self.inner.size()
    }
    fn send(&mut self, to: usize, bytes: &[u8]) -> Result<(), DistError> {
        if self.sends == 0 {
            return Ok(());
        }
        self.sends -= 1;
        self.inner.send(to, bytes)
    }
    fn try_recv(&mut self) -> Result<Option<(usize, Vec<u8>)>, DistError> {
        self.inner.try_recv()
    }
    fn abort(&mut self, code: i32) {
        self.inner.abort(code);
    }
}
