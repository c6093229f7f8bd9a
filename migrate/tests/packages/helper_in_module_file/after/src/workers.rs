//! The workers this program adds, each made by a helper.
use std::sync::mpsc::Sender;

/// Sends the length of each line.
pub(crate) fn length_worker(tx: Sender<usize>) -> impl FnMut(String) + Send + 'static {
    move |s: String| tx.send(s.len()).unwrap()
}
