#[path = "../common.rs"]
mod common;
use workerpool::v2::Worker;

fn main() {
    let pool = common::make();
    pool.add_worker(&Worker::new(|n: String| drop(n))).unwrap();
    pool.delegate(String::new()).unwrap();
}
