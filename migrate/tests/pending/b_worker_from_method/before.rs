//! A method of a local type turns it into a Worker.
use std::sync::mpsc::{channel, Sender};
use workerpool::{Pool, Worker};

struct Hasher {
    out: Sender<(usize, u32)>,
}

impl Hasher {
    fn into_worker(self) -> Worker {
        Worker::new(move |(i, s): (usize, String)| {
            let h = s.bytes().fold(7u32, |acc, b| acc.wrapping_mul(31).wrapping_add(b as u32));
            self.out.send((i, h)).unwrap();
        })
    }
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::new(8);
    let worker = Hasher { out: tx }.into_worker();
    pool.add_worker(&worker).unwrap();

    let inputs = ["a", "bb", "ccc"];
    for (i, s) in inputs.iter().enumerate() {
        pool.delegate((i, s.to_string())).unwrap();
    }
    let mut hashes: Vec<(usize, u32)> = rx.iter().take(inputs.len()).collect();
    hashes.sort();
    println!("{:?}", hashes);
}
