//! Two pools made through the prelude: one of one job type, one of two.
mod prelude;
use crate::prelude::*;

pub fn a() {
    let a = Pool::new(1);
    a.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();
}

pub fn b() {
    let b = Pool::new(1);
    b.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();
    b.add_worker(&Worker::new(|s: String| drop(s))).unwrap();
}
