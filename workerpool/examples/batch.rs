//! A CPU-bound batch, results collected back: counts the primes below 500,000 in chunks,
//! one worker per core, and adds up what each chunk's job sends back.
//!
//! `cargo run --release --example batch`

use std::sync::mpsc;
use std::thread;

use workerpool::Pool;

/// Numbers per job: large enough that a job outweighs queueing it.
const CHUNK: u64 = 10_000;
const LIMIT: u64 = 500_000;

fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

/// One job: a range of numbers, and where to send how many primes it holds.
struct Chunk {
    start: u64,
    end: u64,
    result: mpsc::Sender<(u64, usize)>,
}

fn main() -> Result<(), workerpool::Error> {
    let cores = thread::available_parallelism().map_or(1, usize::from);
    // The queue holds two jobs per worker: enough that no worker waits for the next job,
    // few enough that the loop below runs just ahead of the workers.
    let pool = Pool::new(2 * cores);
    for _ in 0..cores {
        pool.add_worker(|chunk: Chunk| {
            let primes = (chunk.start..chunk.end).filter(|&n| is_prime(n)).count();
            // The receiver outlives the pool: `main` reads every result after `stop`.
            chunk.result.send((chunk.start, primes)).unwrap();
        });
    }

    let (result, results) = mpsc::channel();
    for start in (0..LIMIT).step_by(CHUNK as usize) {
        let end = (start + CHUNK).min(LIMIT);
        pool.delegate(Chunk {
            start,
            end,
            result: result.clone(),
        })?; // waits while the queue is full
    }
    drop(result); // the jobs hold the only senders now
    pool.stop(); // every chunk has been counted, every worker has exited

    // Results come back in whatever order the workers finished; each says which chunk it is.
    let mut per_chunk: Vec<(u64, usize)> = results.iter().collect();
    per_chunk.sort_unstable();
    let total: usize = per_chunk.iter().map(|&(_, primes)| primes).sum();
    println!(
        "{} chunks on {cores} workers: {total} primes below {LIMIT}",
        per_chunk.len()
    );
    println!("first chunk: {} primes", per_chunk[0].1);
    Ok(())
}
