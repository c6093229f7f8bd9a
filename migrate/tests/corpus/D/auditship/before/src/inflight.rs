use std::sync::{Condvar, Mutex};

/// Counts chunks between `submit` and their upload.
#[derive(Default)]
pub struct Inflight {
    n: Mutex<usize>,
    zero: Condvar,
}

impl Inflight {
    pub fn add(&self) {
        *self.n.lock().unwrap() += 1;
    }

    pub fn done(&self) {
        let mut n = self.n.lock().unwrap();
        *n -= 1;
        if *n == 0 {
            self.zero.notify_all();
        }
    }

    pub fn wait(&self) {
        let mut n = self.n.lock().unwrap();
        while *n > 0 {
            n = self.zero.wait(n).unwrap();
        }
    }
}
