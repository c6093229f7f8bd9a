//! The workers this program adds, each made by a helper.
use std::sync::mpsc::Sender;
use workerpool::Worker;

/// Sends the length of each line.
pub(crate) fn length_worker(tx: Sender<usize>) -> Worker {
    Worker::new(move |s: String| tx.send(s.len()).unwrap())
}
