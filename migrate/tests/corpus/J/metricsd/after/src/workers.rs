//! Worker factories for the aggregation pool.

use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use workerpool::SharedWorker;

use crate::metric::Metric;
use crate::store::Store;

/// A worker that folds each metric into `store`, then acknowledges it on `acks`.
pub fn aggregator(store: Arc<Mutex<Store>>, acks: Sender<()>) -> SharedWorker<Metric> {
    SharedWorker::new(move |m: Metric| {
        store.lock().unwrap().add(m.key(), m.value);
        let _ = acks.send(());
    })
}
