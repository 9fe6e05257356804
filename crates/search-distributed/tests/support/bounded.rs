//! A hang detector shared by the tests.

use std::sync::mpsc;
use std::time::Duration;

/// A hang detector, not a performance threshold: runs `f` on its own thread
/// and fails if it has not finished after five minutes.
pub fn bounded(f: impl FnOnce() + Send + 'static) {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::spawn(move || {
        f();
        let _ = tx.send(());
    });
    match rx.recv_timeout(Duration::from_secs(300)) {
        Ok(()) => handle.join().expect("finished"),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(p) = handle.join() {
                std::panic::resume_unwind(p);
            }
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("a distributed search or farm hung"),
    }
}
