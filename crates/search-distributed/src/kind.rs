//! [`MessageKind`]: the kinds of message of the search protocol, named
//! for its statistics.

/// The kinds of message, for counting and latency statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageKind {
    /// A rank's start-up message to rank 0: ready, with a fingerprint of
    /// its inputs.
    Ready,
    /// A rank's start-up message to rank 0: it cannot take part (its tree
    /// did not load), with the reason.
    Refuse,
    /// Master → slave: search this node (Dewey code) under this window.
    Assign,
    /// Slave → master: the job's value.
    Result,
    /// Master → slave: narrow the running job's window (Campbell Fig. 11).
    Update,
    /// Master → slave: stop the running job (Fig. 10's `terminate()`).
    Terminate,
    /// Busy slave → master: still alive.
    Heartbeat,
    /// Any rank → rank 0: a search failed here.
    Error,
    /// Rank 0 → every rank: the search is abandoned.
    Abort,
    /// Master → slave: the search is over, send your statistics.
    Finish,
    /// Slave → master: the statistics of the slave's processor subtree.
    Stats,
    /// Master → slave: every statistic is in; the search is over.
    Done,
}

impl MessageKind {
    /// How many kinds there are.
    pub const COUNT: usize = 12;

    /// Every kind, in wire order.
    pub const ALL: [MessageKind; MessageKind::COUNT] = [
        MessageKind::Ready,
        MessageKind::Refuse,
        MessageKind::Assign,
        MessageKind::Result,
        MessageKind::Update,
        MessageKind::Terminate,
        MessageKind::Heartbeat,
        MessageKind::Error,
        MessageKind::Abort,
        MessageKind::Finish,
        MessageKind::Stats,
        MessageKind::Done,
    ];

    /// The kind's name in reports: `assign`, `result`, ….
    pub const fn name(self) -> &'static str {
        match self {
            MessageKind::Ready => "ready",
            MessageKind::Refuse => "refuse",
            MessageKind::Assign => "assign",
            MessageKind::Result => "result",
            MessageKind::Update => "update",
            MessageKind::Terminate => "terminate",
            MessageKind::Heartbeat => "heartbeat",
            MessageKind::Error => "error",
            MessageKind::Abort => "abort",
            MessageKind::Finish => "finish",
            MessageKind::Stats => "stats",
            MessageKind::Done => "done",
        }
    }

    /// Its index in [`MessageKind::ALL`] (and in per-kind arrays).
    pub const fn index(self) -> usize {
        self as usize
    }
}

tree_core::display_by_name!(MessageKind);
