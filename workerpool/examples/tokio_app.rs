//! A tokio app that hands CPU-bound work to the pool's threads: each request's task awaits
//! room in the queue with `delegate_async` and then its answer, and at the end (or on
//! Ctrl-C) the pool is stopped with `stop_async`, which waits for the workers without
//! blocking the runtime's threads: no `spawn_blocking`.
//!
//! `cargo run --example tokio_app`

use std::sync::Arc;

use tokio::sync::oneshot;
use workerpool::Pool;

/// A job: a number whose digits' sum of squares to work out, and where to send it.
struct Job {
    n: u64,
    reply: oneshot::Sender<u64>,
}

/// The CPU-bound part, run on a worker thread.
fn digit_squares(mut n: u64) -> u64 {
    let mut sum = 0;
    while n > 0 {
        sum += (n % 10) * (n % 10);
        n /= 10;
    }
    sum
}

/// One request: waits for room in the queue (without holding a runtime thread), then for
/// the worker's answer.
async fn handle(pool: &Pool<Job>, n: u64) -> Result<u64, workerpool::Error> {
    let (reply, answer) = oneshot::channel();
    pool.delegate_async(Job { n, reply }).await?;
    Ok(answer.await.expect("a worker answers every job it runs"))
}

/// Serves 1,000 requests at once, each its own task; in a server, one per connection.
async fn serve(pool: Arc<Pool<Job>>) -> u64 {
    let tasks: Vec<_> = (1..=1000)
        .map(|n| {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { handle(&pool, n).await })
        })
        .collect();
    let mut total = 0;
    for task in tasks {
        match task.await.expect("a request's task does not panic") {
            Ok(answer) => total += answer,
            Err(e) => eprintln!("a request came too late: {e}"), // the pool was stopped
        }
    }
    total
}

#[tokio::main]
async fn main() {
    // 8 queued jobs for 1,000 tasks: most of them wait for room, asleep, holding no thread.
    let pool = Arc::new(Pool::new(8));
    for _ in 0..2 {
        pool.add_worker(|job: Job| {
            // The requester may have gone away: then nobody wants the answer.
            let _ = job.reply.send(digit_squares(job.n));
        });
    }

    tokio::select! {
        total = serve(Arc::clone(&pool)) => println!("1000 requests answered: total {total}"),
        _ = tokio::signal::ctrl_c() => eprintln!("Ctrl-C: stopping"),
    }

    // Runs what is queued and resolves once every worker has exited; the runtime's
    // threads go on running other tasks meanwhile.
    let unrun = pool.stop_async().await;
    println!("stopped; {} jobs left unrun", unrun.len());
} // the last Arc is dropped here, at once: there is no thread left to join
