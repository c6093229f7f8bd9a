//! A global allocator that counts allocations, and the meter that switches counting on around the
//! measured code: timed runs never count (one relaxed load per allocation), a separate pass does.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::Relaxed, Ordering::SeqCst};
use std::time::{Duration, Instant};

/// The system allocator, counting while [`Meter`] asks it to.
pub struct CountingAllocator;

static ENABLED: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);
static LIVE: AtomicI64 = AtomicI64::new(0);
static PEAK: AtomicI64 = AtomicI64::new(0);

fn allocated(size: usize) {
    ALLOCATIONS.fetch_add(1, Relaxed);
    BYTES.fetch_add(size as u64, Relaxed);
    let live = LIVE.fetch_add(size as i64, Relaxed) + size as i64;
    PEAK.fetch_max(live, Relaxed);
}

// SAFETY: every call is passed on to `System` unchanged; counting only touches atomics.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let pointer = unsafe { System.alloc(layout) };
        if ENABLED.load(Relaxed) && !pointer.is_null() {
            allocated(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if ENABLED.load(Relaxed) && !pointer.is_null() {
            allocated(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        if ENABLED.load(Relaxed) {
            LIVE.fetch_sub(layout.size() as i64, Relaxed);
        }
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(pointer, layout) }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if ENABLED.load(Relaxed) && !moved.is_null() {
            LIVE.fetch_sub(layout.size() as i64, Relaxed);
            allocated(new_size);
        }
        moved
    }
}

/// What a counting pass saw.
#[derive(Debug, Clone, Copy)]
pub struct Counts {
    /// Allocations (a realloc counts as one).
    pub allocations: u64,
    /// Bytes asked for.
    pub bytes: u64,
    /// Most bytes held at once above the starting point.
    pub peak_bytes: u64,
}

/// Times the measured parts of a routine; in a counting pass, also counts their allocations.
pub struct Meter {
    counting: bool,
    started: Option<Instant>,
    elapsed: Duration,
}

impl Meter {
    /// A meter for criterion's timed runs: no counting.
    pub fn timing() -> Meter {
        Meter {
            counting: false,
            started: None,
            elapsed: Duration::ZERO,
        }
    }

    /// A meter for the counting pass. Only one may be in use at a time.
    pub fn counting() -> Meter {
        ALLOCATIONS.store(0, SeqCst);
        BYTES.store(0, SeqCst);
        LIVE.store(0, SeqCst);
        PEAK.store(0, SeqCst);
        Meter {
            counting: true,
            started: None,
            elapsed: Duration::ZERO,
        }
    }

    /// The measured part begins.
    pub fn start(&mut self) {
        if self.counting {
            ENABLED.store(true, SeqCst);
        }
        self.started = Some(Instant::now());
    }

    /// The measured part ends.
    pub fn stop(&mut self) {
        let started = self.started.take().expect("start before stop");
        self.elapsed += started.elapsed();
        if self.counting {
            ENABLED.store(false, SeqCst);
        }
    }

    /// Time measured so far.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// What the counting pass counted.
    pub fn counts(&self) -> Counts {
        assert!(self.counting, "a timing meter counts nothing");
        Counts {
            allocations: ALLOCATIONS.load(SeqCst),
            bytes: BYTES.load(SeqCst),
            peak_bytes: PEAK.load(SeqCst).max(0) as u64,
        }
    }
}
