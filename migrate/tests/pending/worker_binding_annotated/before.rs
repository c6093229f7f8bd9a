use std::sync::mpsc::{self, Receiver};
use workerpool::{Pool, Worker};

/// Reads files on one pool, hashes them on another.
struct Pipeline {
    io: Pool,
    cpu: Pool,
    hashes: Receiver<u64>,
}

impl Pipeline {
    fn new() -> Pipeline {
        let (tx, hashes) = mpsc::channel();
        let io = Pool::new(4);
        let cpu = Pool::new(4);
        let hasher: Worker = Worker::new(move |bytes: Vec<u8>| {
            tx.send(bytes.iter().map(|b| *b as u64).sum()).unwrap()
        });
        cpu.add_worker(&hasher).unwrap();
        Pipeline { io, cpu, hashes }
    }
}

trait Submit {
    fn submit(&self, name: &'static str);
}

impl Submit for Pipeline {
    fn submit(&self, name: &'static str) {
        self.cpu.delegate(name.as_bytes().to_vec()).unwrap();
    }
}

fn main() {
    let p = Pipeline::new();
    let (tx, rx) = mpsc::channel();
    let reader = Worker::new(move |path: &'static str| tx.send(path.len()).unwrap());
    p.io.add_worker(&reader).unwrap();
    p.io.delegate("a/b").unwrap();
    p.submit("ab");
    println!("{} {}", rx.recv().unwrap(), p.hashes.recv().unwrap());
    p.io.stop();
    p.cpu.stop();
}
