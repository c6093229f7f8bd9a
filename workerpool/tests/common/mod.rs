//! Helpers the test files share.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts worker funcs dropped: a worker's func is dropped as its thread ends.
pub struct DropCounter(pub Arc<AtomicUsize>);

impl Drop for DropCounter {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// Runs `f` with the default panic output silenced (for tests that panic on purpose).
pub fn with_quiet_panics<R>(f: impl FnOnce() -> R) -> R {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = f();
    std::panic::set_hook(hook);
    result
}
