use workerpool::{Pool, Worker};

fn main() {
    let pool = Pool::new(1);
    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();
    pool.delegate(1u8).unwrap();
}
