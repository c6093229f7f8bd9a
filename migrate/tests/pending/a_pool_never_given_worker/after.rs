use workerpool::Pool;

/// Sends `count` numbers starting at `start` to the pool.
fn feed(pool: &Pool<u64>, start: u64, count: u64) -> Result<u64, workerpool::Error> {
    for n in start..start + count {
        pool.delegate(n)?;
    }
    Ok(count)
}

fn main() {
    // a pool nobody added a worker to: feed must refuse
    let idle = Pool::<u64>::new(1);
    let refused = feed(&idle, 0, 1).is_err();
    println!("refused without workers: {}", refused);
    let pool = Pool::<u64>::new(4);
    let (tx, rx) = std::sync::mpsc::channel();
    pool.add_worker(move |n: u64| tx.send(n).unwrap());
    feed(&pool, 1, 3).unwrap();
    println!("sum {}", rx.iter().take(3).sum::<u64>());
}
