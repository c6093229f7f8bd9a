//! A countdown the pipeline waits on.

use std::sync::{Condvar, Mutex};

#[derive(Default)]
pub struct Countdown {
    left: Mutex<usize>,
    zero: Condvar,
}

impl Countdown {
    pub fn add(&self, n: usize) {
        *self.left.lock().unwrap() += n;
    }

    pub fn done(&self) {
        let mut left = self.left.lock().unwrap();
        *left -= 1;
        if *left == 0 {
            self.zero.notify_all();
        }
    }

    pub fn wait(&self) {
        let mut left = self.left.lock().unwrap();
        while *left > 0 {
            left = self.zero.wait(left).unwrap();
        }
    }
}
