//! Every rank's part of the protocol: rank 0 drives the search as the root
//! master; every other rank serves its master, as a slave master (Fig. 10's
//! `treesplit` at a master) or as a leaf processor (alpha-beta, Fig. 4,
//! whose window UPDATE narrows, Fig. 11).
//!
//! A master's state is a stack of frames, one per ply it is working on
//! itself (the job's node, and below it the type-1 nodes of pv-splitting
//! or the type-3 nodes of the type-2 rule): each frame has its own best
//! score `m` and upper bound, and its effective window is narrowed by the
//! frame above, negated, exactly like `search_parallel::threads`' chain of
//! links but local to the rank. Only the innermost frame ever has slaves
//! running (a master runs one `parfor` at a time), so the slaves' table
//! lives in the loop of `Rank::split` (`master.rs`).
//!
//! One type, `Rank`, holds a rank's state; its methods are grouped by the
//! part the rank plays: `rank.rs` (the state, and what every rank does
//! alike: the start-up handshake, messages out of place, the statistics
//! wave), `root.rs` (rank 0), `slave.rs` (serving a master), `master.rs`
//! (Figs. 10 and 12 at a master), `leaf.rs` (a leaf processor's polled
//! alpha-beta); `place.rs` numbers the processor tree.

mod leaf;
mod master;
mod place;
mod rank;
mod root;
mod slave;

use tree_core::Tree;

use self::rank::{Rank, wait_for_abort};
use crate::config::{DistAlgorithm, DistConfig};
use crate::error::DistError;
use crate::message::Msg;
use crate::net::Net;
use crate::report::DistReport;
use crate::transport::Transport;

/// Runs one distributed search: call it on every rank with the same tree
/// and configuration. Rank 0 returns the report; every other rank serves
/// its master until the search is over and returns `None`.
///
/// The ranks must be as many as the processor tree's processors; rank `r`
/// is processor `r` in preorder (0 the root master; slave `j` of master
/// `m`, whose slaves head processor subtrees of `s` processors, is
/// `m + 1 + j·s`). Nodes travel as Dewey codes: each rank rebuilds a job's
/// node from its own tree's root, so the tree must be the same on every
/// rank (every generator, tree file and `Horizon` game qualifies).
///
/// Calls may follow one another on the same ranks (one search after
/// another): each ends with every message of the search received. A rank
/// leaves a search once its master has, so this orders two searches on
/// the same processor tree; before a search on another one, synchronise
/// the ranks (`MpiTransport::barrier`).
///
/// # Errors
/// On every rank: [`DistError::ZeroWidth`],
/// [`DistError::TooManyProcessors`], [`DistError::WrongRankCount`],
/// [`DistError::BadConfig`] (checked before any message is sent). On rank
/// 0: whatever failed anywhere — [`DistError::Search`] (here),
/// [`DistError::Remote`] (on another rank), [`DistError::Silent`] (a rank
/// stopped answering: then call [`Transport::abort`] after reporting,
/// see [`DistError::needs_abort`]), [`DistError::Refused`],
/// [`DistError::Mismatch`], [`DistError::BadPath`],
/// [`DistError::Protocol`], [`DistError::Transport`]. On other ranks: their
/// own failure (already reported to rank 0) or [`DistError::Aborted`].
pub fn search<T, X>(
    algorithm: DistAlgorithm,
    tree: &T,
    transport: &mut X,
    config: &DistConfig,
) -> Result<Option<DistReport>, DistError>
where
    T: Tree + ?Sized,
    X: Transport + ?Sized,
{
    check(config, transport.size())?;
    let mut rank = Rank::new(algorithm, tree, transport, config);
    if rank.place.rank == 0 {
        rank.run_root().map(Some)
    } else {
        rank.run_slave().map(|()| None)
    }
}

/// Takes part in a search as a rank that cannot search (its tree could not
/// be built): tells rank 0 why, so that it reports the reason and ends the
/// search on every rank, and returns the error to report. Call it instead
/// of [`search`] on that rank; on rank 0 it ends the search on every other
/// rank at once.
pub fn refuse<X: Transport + ?Sized>(
    transport: &mut X,
    config: &DistConfig,
    reason: &str,
) -> DistError {
    let me = transport.rank();
    let size = transport.size();
    if let Err(e) = check(config, size) {
        return e;
    }
    let mut net = Net::new(transport, config.idle_sleep, config.evaltime.is_some());
    if me == 0 {
        for r in 1..size {
            let _ = net.send(r, &Msg::Abort);
        }
        return DistError::Refused {
            rank: 0,
            reason: reason.into(),
        };
    }
    let refusal = Msg::Refuse {
        reason: reason.into(),
    };
    if let Err(e) = net.send(0, &refusal) {
        return e;
    }
    wait_for_abort(&mut net);
    DistError::Refused {
        rank: me,
        reason: reason.into(),
    }
}

/// The longest timeout a rank accepts: deadlines are instants, which a
/// [`Duration::MAX`](std::time::Duration::MAX) from now would overflow.
const LONGEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(365 * 24 * 3600);

/// The checks every rank makes alike before any message.
fn check(config: &DistConfig, ranks: usize) -> Result<(), DistError> {
    let p = config.processors;
    if p.depth > 0 && p.width == 0 {
        return Err(DistError::ZeroWidth);
    }
    let needed = p
        .processors()
        .ok_or(DistError::TooManyProcessors { processors: p })?;
    if ranks as u64 != needed {
        return Err(DistError::WrongRankCount {
            ranks,
            processors: p,
            needed,
        });
    }
    if config.poll == 0 {
        return Err(DistError::BadConfig {
            message: "the poll interval must be at least one node".into(),
        });
    }
    if config.timeout > LONGEST_TIMEOUT {
        return Err(DistError::BadConfig {
            message: format!(
                "the timeout ({:?}) is longer than the longest allowed, {:?} (a year)",
                config.timeout, LONGEST_TIMEOUT
            ),
        });
    }
    if config.timeout <= config.heartbeat {
        return Err(DistError::BadConfig {
            message: format!(
                "the timeout ({:?}) must be longer than the heartbeat interval ({:?})",
                config.timeout, config.heartbeat
            ),
        });
    }
    Ok(())
}
