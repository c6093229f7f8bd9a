//! hashsum: split inputs into chunks, checksum the chunks on a pool, print a listing.

mod digest;

use std::collections::BTreeMap;
use std::error::Error;
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

use workerpool::{Pool, SharedWorker};

use digest::ChunkSum;

type BoxError = Box<dyn Error + Send + Sync>;
type Shared = Arc<Pool<(String, usize, Vec<u8>)>>;

const CHUNK: usize = 1024;

/// The pool and the worker it runs, kept so that workers can be added and removed later.
struct Hasher {
    pool: Shared,
    worker: SharedWorker<(String, usize, Vec<u8>)>,
}

impl Hasher {
    fn new(queue: usize, out: mpsc::Sender<(String, ChunkSum)>) -> Hasher {
        let out = Mutex::new(out);
        let worker = SharedWorker::new(move |(file, index, data): (String, usize, Vec<u8>)| {
            let sum = digest::sum_chunk(index, &data);
            out.lock().unwrap().send((file, sum)).unwrap();
        });
        Hasher { pool: Arc::new(Pool::<(String, usize, Vec<u8>)>::new(queue)), worker }
    }

    fn grow(&self, by: usize) -> Result<(), BoxError> {
        let w = self.worker.clone();
        for _ in 0..by {
            self.pool.add_shared_worker(&w);
        }
        Ok(())
    }

    fn shrink(&self, by: usize) -> Result<(), BoxError> {
        for _ in 0..by {
            self.pool.remove_shared_worker(&self.worker);
        }
        Ok(())
    }
}

/// Made-up file contents: deterministic, different sizes.
fn inputs() -> Vec<(String, Vec<u8>)> {
    (1..=4)
        .map(|n| {
            let name = format!("part{n}.bin");
            let data = (0..n * 1500).map(|i| ((i * 7 + n * 13) % 251) as u8).collect();
            (name, data)
        })
        .collect()
}

fn feed(pool: &Pool<(String, usize, Vec<u8>)>, name: &str, data: &[u8]) -> Result<usize, BoxError> {
    let mut count = 0;
    for (index, chunk) in data.chunks(CHUNK).enumerate() {
        pool.delegate((name.to_string(), index, chunk.to_vec()))?;
        count += 1;
    }
    Ok(count)
}

fn main() -> Result<(), Box<dyn Error>> {
    let (tx, rx) = mpsc::channel();
    let hasher = Hasher::new(8, tx);
    hasher.grow(4).map_err(|e| e.to_string())?;
    println!("workers: {}", hasher.pool.workers());

    let files = inputs();
    let pool: &Pool<(String, usize, Vec<u8>)> = &hasher.pool;
    // One feeding thread per file, all borrowing the same pool.
    let counts: Vec<usize> = thread::scope(|s| {
        let handles: Vec<_> = files
            .iter()
            .map(|(name, data)| s.spawn(move || feed(pool, name, data)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect::<Result<_, _>>()
    })
    .map_err(|e| e.to_string())?;
    let total: usize = counts.iter().sum();

    let mut by_file: BTreeMap<String, Vec<ChunkSum>> = BTreeMap::new();
    for (file, sum) in rx.iter().take(total) {
        by_file.entry(file).or_default().push(sum);
    }

    hasher.shrink(3).map_err(|e| e.to_string())?;
    println!("workers after shrink: {}", hasher.pool.workers());

    for (file, mut sums) in by_file {
        sums.sort();
        let whole = sums.iter().fold(0u64, |acc, s| acc.rotate_left(7) ^ s.fnv);
        println!("{file}: {} chunks, {:016x}", sums.len(), whole);
        for s in sums {
            println!("  #{:<2} {:>5} bytes  fnv {:016x}  adler {:08x}", s.index, s.len, s.fnv, s.adler);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feed_splits_into_chunks() {
        let (tx, rx) = mpsc::channel();
        let hasher = Hasher::new(4, tx);
        hasher.grow(2).unwrap();
        let n = feed(&hasher.pool, "x", &[1u8; 2500]).unwrap();
        assert_eq!(n, 3);
        let mut lens: Vec<usize> = rx.iter().take(3).map(|(_, s)| s.len).collect();
        lens.sort();
        assert_eq!(lens, [452, 1024, 1024]);
    }
}
