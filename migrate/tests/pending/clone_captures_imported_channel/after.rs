use std::error::Error;
use std::sync::mpsc::{channel, Receiver};

use workerpool::Pool;

/// Squares numbers on a few threads.
struct Squarer {
    pool: Pool<u64>,
    results: Receiver<u64>,
}

impl Squarer {
    fn new() -> Self {
        let pool = Pool::<u64>::new(32);
        let (tx, results) = channel();
        let worker = move |n: u64| {
            tx.send(n * n).expect("receiver alive");
        };
        for _ in 0..3 {
            pool.add_worker(worker.clone());
        }
        Self { pool, results }
    }

    fn submit(&self, n: u64) -> Result<(), Box<dyn Error>> {
        self.pool.delegate(n)?;
        Ok(())
    }

    fn take(&self, count: usize) -> Vec<u64> {
        let mut out: Vec<u64> = self.results.iter().take(count).collect();
        out.sort();
        out
    }
}

impl Drop for Squarer {
    fn drop(&mut self) {
        // Let the workers go.
        self.pool.stop();
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let squarer = Squarer::new();
    for n in 1..=5 {
        squarer.submit(n)?;
    }
    println!("{:?}", squarer.take(5));
    Ok(())
}
