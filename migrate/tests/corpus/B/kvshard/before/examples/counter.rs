//! Read-modify-write from several threads through clones of one shard map.

use std::thread;

use kvshard::{open_shards, Op, Reply};

fn main() -> Result<(), kvshard::StoreError> {
    let shards = open_shards(2)?;
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let shard = shards[&(t % 2)].clone();
            thread::spawn(move || {
                for i in 0..5 {
                    shard.send(Op::Put(format!("t{t}-{i}"), vec![t as u8, i])).unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let (tx, rx) = std::sync::mpsc::channel();
    for n in 0..2 {
        shards[&n].send(Op::Dump(tx.clone()))?;
    }
    drop(tx);
    let mut keys: Vec<String> = Vec::new();
    for reply in rx {
        if let Reply::Entries(e) = reply {
            keys.extend(e.into_iter().map(|(k, _)| k));
        }
    }
    keys.sort();
    println!("{} keys: {}", keys.len(), keys.join(" "));
    Ok(())
}
