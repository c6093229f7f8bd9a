//! A helper fn and a struct declared inside the function that uses them.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    fn feed(pool: &Pool<u32>, items: &[u32]) {
        for &i in items {
            pool.delegate(i).unwrap();
        }
    }
    struct Local {
        pool: Pool<u64>,
    }
    let (tx, rx) = channel();
    let pool = Pool::<u32>::new(4);
    pool.add_worker(move |n: u32| tx.send(n).unwrap());
    feed(&pool, &[1, 2, 3]);
    println!("{}", rx.iter().take(3).sum::<u32>());

    let (tx2, rx2) = channel();
    let other = Pool::<u64>::new(4);
    other.add_worker(move |n: u64| tx2.send(n + 1).unwrap());
    let l = Local { pool: other };
    l.pool.delegate(1u64).unwrap();
    println!("{}", rx2.recv().unwrap());
}
