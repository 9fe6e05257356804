//! How ranks exchange byte messages: the [`Transport`] trait, and
//! [`LocalTransport`], ranks as threads of one process (for tests and for
//! trying the protocol without MPI). The MPI transport is in `crate::mpi`
//! (feature `mpi`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

use crate::DistError;

/// A set of ranks 0..size that send each other byte messages.
///
/// What the protocol needs and nothing more: ordered delivery between each
/// pair of ranks (MPI's non-overtaking rule), a send that does not wait for
/// the receiver, a receive that never blocks (the protocol polls, so that
/// it can keep deadlines), and a way to end the whole job when a rank has
/// stopped answering.
pub trait Transport {
    /// This rank's number.
    fn rank(&self) -> usize;

    /// The number of ranks.
    fn size(&self) -> usize;

    /// Sends `bytes` to rank `to`.
    ///
    /// # Errors
    /// [`DistError::Transport`] if the message cannot be sent.
    fn send(&mut self, to: usize, bytes: &[u8]) -> Result<(), DistError>;

    /// The next message for this rank, with its sender, if one has arrived;
    /// never blocks.
    ///
    /// # Errors
    /// [`DistError::Transport`] if receiving fails, [`DistError::Aborted`]
    /// once the job has been aborted.
    fn try_recv(&mut self) -> Result<Option<(usize, Vec<u8>)>, DistError>;

    /// Ends the whole job after a failure that leaves some rank unable to
    /// finish normally (a rank that stopped answering). MPI's version
    /// (`MPI_Abort`) does not return; the in-process one makes every other
    /// rank's [`try_recv`](Transport::try_recv) fail with
    /// [`DistError::Aborted`] and returns.
    fn abort(&mut self, code: i32);
}

/// A boxed transport (e.g. `Box<dyn Transport>`, to choose one at run
/// time) is a transport.
impl<T: Transport + ?Sized> Transport for Box<T> {
    fn rank(&self) -> usize {
        (**self).rank()
    }

    fn size(&self) -> usize {
        (**self).size()
    }

    fn send(&mut self, to: usize, bytes: &[u8]) -> Result<(), DistError> {
        (**self).send(to, bytes)
    }

    fn try_recv(&mut self) -> Result<Option<(usize, Vec<u8>)>, DistError> {
        (**self).try_recv()
    }

    fn abort(&mut self, code: i32) {
        (**self).abort(code)
    }
}

/// One rank of a set of ranks that are threads of one process, connected by
/// channels: [`local_cluster`] makes them.
#[derive(Debug)]
pub struct LocalTransport {
    rank: usize,
    peers: Vec<Sender<(usize, Vec<u8>)>>,
    inbox: Receiver<(usize, Vec<u8>)>,
    aborted: Arc<AtomicBool>,
}

/// `size` connected [`LocalTransport`]s, rank `r` at index `r`; move each
/// to its own thread.
///
/// Each rank holds a sender to every rank, so the memory grows as
/// `size²`: [`try_local_cluster`] is the checked alternative, which
/// refuses more than [`MAX_LOCAL_RANKS`].
///
/// # Panics
/// If the `size²` senders overflow the address space (`size` above about
/// 2^30); far below that the allocation fails.
pub fn local_cluster(size: usize) -> Vec<LocalTransport> {
    let (senders, receivers): (Vec<_>, Vec<_>) = (0..size).map(|_| mpsc::channel()).unzip();
    let aborted = Arc::new(AtomicBool::new(false));
    receivers
        .into_iter()
        .enumerate()
        .map(|(rank, inbox)| LocalTransport {
            rank,
            peers: senders.clone(),
            inbox,
            aborted: Arc::clone(&aborted),
        })
        .collect()
}

/// The most ranks [`try_local_cluster`] makes: each is a thread of this
/// process (as many as `search_parallel`'s threaded searches start), and
/// together they hold `MAX_LOCAL_RANKS²` senders (16 MiB).
pub const MAX_LOCAL_RANKS: usize = 1024;

/// As [`local_cluster`], for at most [`MAX_LOCAL_RANKS`] ranks.
///
/// # Errors
/// [`DistError::BadConfig`] for `size` above [`MAX_LOCAL_RANKS`].
pub fn try_local_cluster(size: usize) -> Result<Vec<LocalTransport>, DistError> {
    if size > MAX_LOCAL_RANKS {
        return Err(DistError::BadConfig {
            message: format!(
                "{size} local ranks: at most {MAX_LOCAL_RANKS} (each rank is a thread of this process)"
            ),
        });
    }
    Ok(local_cluster(size))
}

impl Transport for LocalTransport {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.peers.len()
    }

    fn send(&mut self, to: usize, bytes: &[u8]) -> Result<(), DistError> {
        let peer = self.peers.get(to).ok_or_else(|| DistError::Transport {
            message: format!("no rank {to} among {}", self.peers.len()),
        })?;
        // A rank whose thread has ended drops the message, as a dead
        // process would: the sender learns of it only by its silence.
        let _ = peer.send((self.rank, bytes.to_vec()));
        Ok(())
    }

    fn try_recv(&mut self) -> Result<Option<(usize, Vec<u8>)>, DistError> {
        if self.aborted.load(Ordering::Relaxed) {
            return Err(DistError::Aborted);
        }
        match self.inbox.try_recv() {
            Ok(m) => Ok(Some(m)),
            // Every sender is gone only if every rank's transport is
            // dropped, this one's included: nothing will come.
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => Ok(None),
        }
    }

    fn abort(&mut self, _code: i32) {
        self.aborted.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_arrive_in_order_with_their_sender() {
        let mut ranks = local_cluster(3);
        assert_eq!(ranks[2].rank(), 2);
        assert_eq!(ranks[0].size(), 3);
        ranks[1].send(0, b"a").unwrap();
        ranks[2].send(0, b"b").unwrap();
        ranks[1].send(0, b"c").unwrap();
        let mut got = Vec::new();
        while let Some(m) = ranks[0].try_recv().unwrap() {
            got.push(m);
        }
        assert_eq!(
            got,
            vec![(1, b"a".to_vec()), (2, b"b".to_vec()), (1, b"c".to_vec())]
        );
        assert!(ranks[0].send(3, b"x").is_err());
        ranks[1].abort(1);
        assert_eq!(ranks[2].try_recv(), Err(DistError::Aborted));
    }
}
