use workerpool::{Pool, Worker};

fn main() {
    let pool = Pool::new(1);
    pool.add_worker(&Worker::new(|n: u16| drop(n))).unwrap();
    pool.delegate(1u16).unwrap();
}
