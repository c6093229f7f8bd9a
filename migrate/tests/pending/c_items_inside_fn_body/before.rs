//! A helper fn and a struct declared inside the function that uses them.
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

fn main() {
    fn feed(pool: &Pool, items: &[u32]) {
        for &i in items {
            pool.delegate(i).unwrap();
        }
    }
    struct Local {
        pool: Pool,
    }
    let (tx, rx) = channel();
    let pool = Pool::new(4);
    pool.add_worker(&Worker::new(move |n: u32| tx.send(n).unwrap())).unwrap();
    feed(&pool, &[1, 2, 3]);
    println!("{}", rx.iter().take(3).sum::<u32>());

    let (tx2, rx2) = channel();
    let other = Pool::new(4);
    other.add_worker(&Worker::new(move |n: u64| tx2.send(n + 1).unwrap())).unwrap();
    let l = Local { pool: other };
    l.pool.delegate(1u64).unwrap();
    println!("{}", rx2.recv().unwrap());
}
