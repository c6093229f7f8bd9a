use std::sync::mpsc::{self, Receiver};
use workerpool::Pool;

/// Reads files on one pool, hashes them on another.
struct Pipeline {
    io: Pool<&'static str>,
    cpu: Pool<Vec<u8>>,
    hashes: Receiver<u64>,
}

impl Pipeline {
    fn new() -> Pipeline {
        let (tx, hashes) = mpsc::channel();
        let io = Pool::<&'static str>::new(4);
        let cpu = Pool::<Vec<u8>>::new(4);
        let hasher = move |bytes: Vec<u8>| {
            tx.send(bytes.iter().map(|b| *b as u64).sum()).unwrap()
        };
        cpu.add_worker(hasher);
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
    let reader = move |path: &'static str| tx.send(path.len()).unwrap();
    p.io.add_worker(reader);
    p.io.delegate("a/b").unwrap();
    p.submit("ab");
    println!("{} {}", rx.recv().unwrap(), p.hashes.recv().unwrap());
    p.io.stop();
    p.cpu.stop();
}
