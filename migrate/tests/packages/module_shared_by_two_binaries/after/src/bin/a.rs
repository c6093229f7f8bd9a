#[path = "../common.rs"]
mod common;
use workerpool::v2::Worker;

fn main() {
    let pool = common::make();
    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();
    pool.delegate(1u8).unwrap();
}
