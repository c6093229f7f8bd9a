//! Landing page sample 3: a worker per client connection, removed when its client goes away.

use super::mail::{Client, ClientId, Email};
use std::collections::HashMap;
use workerpool::{Pool, WorkerHandle};

/// Starts one worker per client, each sending through its own client.
pub fn connect(pool: &Pool<Email>, clients: Vec<Client>) -> HashMap<ClientId, WorkerHandle> {
    // ANCHOR: sample
    // A worker per connection, each sending
    // through its own client.
    let mut workers = HashMap::new();
    for mut client in clients {
        let id = client.id();
        let send = move |e| client.send(e);
        workers.insert(id, pool.add_worker(send));
    }
    // ANCHOR_END: sample
    workers
}

/// Removes the worker of the client `gone`.
pub fn disconnect(workers: &mut HashMap<ClientId, WorkerHandle>, gone: ClientId) {
    // ANCHOR: sample
    // A client goes away: its worker finishes
    // the email it is sending, then exits.
    if let Some(worker) = workers.remove(&gone) {
        worker.remove();
    }
    // ANCHOR_END: sample
}
