//! Worker factories for the aggregation pool.

use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use workerpool::Worker;

use crate::metric::Metric;
use crate::store::Store;

/// A worker that folds each metric into `store`, then acknowledges it on `acks`.
pub fn aggregator(store: Arc<Mutex<Store>>, acks: Sender<()>) -> Worker {
    Worker::new(move |m: Metric| {
        store.lock().unwrap().add(m.key(), m.value);
        let _ = acks.send(());
    })
}
