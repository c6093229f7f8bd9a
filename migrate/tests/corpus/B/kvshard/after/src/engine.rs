//! What a shard's worker does with an operation.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use workerpool::SharedWorker;

use crate::op::{Op, Reply};

pub type Table = Arc<Mutex<BTreeMap<String, Vec<u8>>>>;

pub fn apply(table: &Table, op: Op) {
    match op {
        Op::Put(k, v) => {
            table.lock().unwrap().insert(k, v);
        }
        Op::Load(k, v, done) => {
            table.lock().unwrap().insert(k, v);
            let _ = done.send(());
        }
        Op::Delete(k) => {
            table.lock().unwrap().remove(&k);
        }
        Op::Get(k, reply) => {
            let v = table.lock().unwrap().get(&k).cloned();
            let _ = reply.send(Reply::Value(v));
        }
        Op::Dump(reply) => {
            let entries = table.lock().unwrap().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            let _ = reply.send(Reply::Entries(entries));
        }
    }
}

pub fn worker_for(table: Table) -> SharedWorker<Op> {
    SharedWorker::new(move |op: Op| apply(&table, op))
}
