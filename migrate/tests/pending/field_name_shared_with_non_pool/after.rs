use std::sync::mpsc::{channel, Receiver};
use workerpool::Pool;

/// Database connections kept open for reuse; not a worker pool.
struct Connections {
    pool: Vec<String>,
}

/// Checks each connection on a worker thread.
struct Checker {
    pool: Pool<String>,
    results: Receiver<usize>,
}

impl Checker {
    fn new() -> Self {
        let (tx, results) = channel();
        let pool = Pool::<String>::new(8);
        pool.add_worker(move |name: String| tx.send(name.len()).unwrap());
        Checker { pool, results }
    }

    fn check(&self, conns: &Connections) -> usize {
        for name in &conns.pool {
            self.pool.delegate(name.clone()).unwrap();
        }
        self.results.iter().take(conns.pool.len()).sum()
    }
}

fn main() {
    let conns = Connections {
        pool: vec!["db1".into(), "replica".into()],
    };
    let checker = Checker::new();
    println!("{}", checker.check(&conns));
    checker.pool.stop();
}
