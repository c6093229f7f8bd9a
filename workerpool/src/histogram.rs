//! [`Histogram`]: durations counted in fixed log-linear buckets, read as percentiles; and
//! the recorder a worker fills, one per worker, written by that worker alone.
//!
//! Each power of two of nanoseconds is split into 16 buckets, so a bucket is at most 1/16
//! of its values wide: a percentile is reported as its bucket's upper bound (clamped to the
//! largest value seen), never below the true value and at most 6.25% above it. Values
//! under 16 ns are exact; values from 2^42 ns (73 minutes) up share the last bucket, and the
//! maximum is kept exactly. 625 buckets of 8 bytes: 5,000 bytes per histogram. (Why not
//! `hdrhistogram`: the book's "Watching a pool" chapter has the figures.)

use std::fmt;
use std::time::Duration;

use crate::sync::{AtomicU64, Ordering};

/// Sub-buckets per power of two, as bits: 16.
const SUB_BITS: u32 = 4;
const SUBS: usize = 1 << SUB_BITS;
/// The last power of two with buckets of its own: values from `2^LAST_POWER` ns share
/// the last bucket.
const LAST_POWER: u32 = 42;
/// Exact buckets for 0..16 ns, then 16 per power of two from 2^4 to 2^41 ns, and one
/// for the rest.
pub(crate) const BUCKETS: usize = SUBS + (LAST_POWER - SUB_BITS) as usize * SUBS + 1;

/// The bucket that counts `nanos`.
fn bucket(nanos: u64) -> usize {
    if nanos < SUBS as u64 {
        return nanos as usize;
    }
    let power = 63 - nanos.leading_zeros();
    if power >= LAST_POWER {
        return BUCKETS - 1;
    }
    let sub = (nanos >> (power - SUB_BITS)) as usize & (SUBS - 1);
    (power - SUB_BITS + 1) as usize * SUBS + sub
}

/// The largest value `index`'s bucket counts (the last bucket's is unbounded: `u64::MAX`).
fn upper_bound(index: usize) -> u64 {
    if index < SUBS {
        return index as u64;
    }
    if index == BUCKETS - 1 {
        return u64::MAX;
    }
    let power = (index / SUBS) as u32 + SUB_BITS - 1;
    let sub = (index % SUBS) as u64;
    let width = 1_u64 << (power - SUB_BITS);
    ((SUBS as u64 + sub) << (power - SUB_BITS)) + width - 1
}

/// Durations counted in buckets, read as percentiles: from [`Pool::job_times`], the time
/// jobs waited in the queue or took to run.
///
/// A percentile is the upper bound of the bucket it falls in, clamped to the largest
/// duration recorded: never below the true value, at most 6.25% above it (exact under
/// 16 ns). Durations of 73 minutes or more share one bucket; [`max`](Self::max) is exact.
///
/// [`Pool::job_times`]: crate::Pool::job_times
///
/// ```
/// let pool = workerpool::Pool::builder(16).time_jobs().build();
/// pool.add_worker(|ms: u64| std::thread::sleep(std::time::Duration::from_millis(ms)));
/// for _ in 0..4 {
///     pool.delegate(2).unwrap();
/// }
/// pool.wait_idle();
/// let run = pool.job_times().unwrap().run;
/// assert_eq!(run.count(), 4);
/// let p50 = run.percentile(50.0).unwrap();
/// assert!(p50 >= std::time::Duration::from_millis(2));
/// assert!(p50 <= run.max().unwrap());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Histogram {
    counts: [u64; BUCKETS],
    total_nanos: u64,
    max_nanos: u64,
}

impl Histogram {
    pub(crate) fn empty() -> Self {
        Histogram {
            counts: [0; BUCKETS],
            total_nanos: 0,
            max_nanos: 0,
        }
    }

    /// How many durations were recorded.
    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The duration that `percent` percent of those recorded are at or below (`50.0` for
    /// the median, `99.0` for p99, `100.0` for the largest), or `None` when none was
    /// recorded. See the type's docs for its precision.
    ///
    /// # Panics
    ///
    /// When `percent` is not between 0 and 100 (or is NaN).
    pub fn percentile(&self, percent: f64) -> Option<Duration> {
        assert!(
            (0.0..=100.0).contains(&percent),
            "Histogram::percentile takes a percentage from 0 to 100, not {percent}; \
             for p99 write percentile(99.0)"
        );
        let count = self.count();
        if count == 0 {
            return None;
        }
        // The rank of the duration asked for, 1 for the smallest.
        let rank = ((percent / 100.0 * count as f64).ceil() as u64).clamp(1, count);
        let mut seen = 0;
        let index = self
            .counts
            .iter()
            .position(|&n| {
                seen += n;
                seen >= rank
            })
            .expect("the ranks add up to the count");
        Some(Duration::from_nanos(upper_bound(index).min(self.max_nanos)))
    }

    /// The longest duration recorded, exactly; `None` when none was.
    pub fn max(&self) -> Option<Duration> {
        (self.count() > 0).then(|| Duration::from_nanos(self.max_nanos))
    }

    /// The mean of the durations recorded; `None` when none was.
    pub fn mean(&self) -> Option<Duration> {
        let count = self.count();
        (count > 0).then(|| Duration::from_nanos(self.total_nanos / count))
    }

    /// The sum of the durations recorded: with a queue time, the time jobs spent queued;
    /// with a run time, the time workers spent running them.
    pub fn total(&self) -> Duration {
        Duration::from_nanos(self.total_nanos)
    }

    /// Adds what `recorder` holds now.
    pub(crate) fn add(&mut self, recorder: &Recorder) {
        for (sum, count) in self.counts.iter_mut().zip(recorder.counts.iter()) {
            *sum += count.load(Ordering::Relaxed);
        }
        self.total_nanos = self
            .total_nanos
            .saturating_add(recorder.total_nanos.load(Ordering::Relaxed));
        self.max_nanos = self
            .max_nanos
            .max(recorder.max_nanos.load(Ordering::Relaxed));
    }
}

impl fmt::Debug for Histogram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Histogram")
            .field("count", &self.count())
            .field("p50", &self.percentile(50.0))
            .field("p99", &self.percentile(99.0))
            .field("max", &self.max())
            .finish()
    }
}

/// One worker's counts, written by that worker alone (a load and a store, no
/// read-modify-write) and read by anyone at any time: a reader may see a duration in the
/// total before its bucket, a moment stale.
pub(crate) struct Recorder {
    counts: Box<[AtomicU64]>,
    total_nanos: AtomicU64,
    max_nanos: AtomicU64,
}

impl Recorder {
    pub(crate) fn new() -> Self {
        Recorder {
            counts: (0..BUCKETS).map(|_| AtomicU64::new(0)).collect(),
            total_nanos: AtomicU64::new(0),
            max_nanos: AtomicU64::new(0),
        }
    }

    /// Counts `nanos`; only the owning worker calls it.
    #[inline]
    pub(crate) fn record(&self, nanos: u64) {
        let count = &self.counts[bucket(nanos)];
        count.store(count.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
        let total = self
            .total_nanos
            .load(Ordering::Relaxed)
            .saturating_add(nanos);
        self.total_nanos.store(total, Ordering::Relaxed);
        if nanos > self.max_nanos.load(Ordering::Relaxed) {
            self.max_nanos.store(nanos, Ordering::Relaxed);
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn every_value_falls_in_a_bucket_whose_bound_is_at_most_a_sixteenth_above_it() {
        let mut values: Vec<u64> = (0..5_000).collect();
        values.extend((4..64).flat_map(|power| {
            let base = 1_u64 << power;
            [
                base - 1,
                base,
                base + 1,
                base + base / 3,
                u64::MAX >> (64 - power),
            ]
        }));
        for nanos in values {
            let index = bucket(nanos);
            assert!(index < BUCKETS, "{nanos} ns: bucket {index}");
            let bound = upper_bound(index);
            assert!(bound >= nanos, "{nanos} ns: bound {bound}");
            if nanos < 1 << LAST_POWER {
                assert!(
                    (bound - nanos) as f64 <= nanos as f64 / 16.0,
                    "{nanos} ns: bound {bound} is more than 6.25% above"
                );
                assert!(index == 0 || upper_bound(index - 1) < nanos, "{nanos} ns");
            }
        }
        assert_eq!(bucket(u64::MAX), BUCKETS - 1);
    }

    fn recorded(values: impl IntoIterator<Item = u64>) -> Histogram {
        let recorder = Recorder::new();
        values.into_iter().for_each(|nanos| recorder.record(nanos));
        let mut histogram = Histogram::empty();
        histogram.add(&recorder);
        histogram
    }

    #[test]
    fn percentiles_of_known_durations() {
        // 1..=1000 µs: p50 is 500 µs, p99 990 µs, p100 1000 µs, within 6.25% above.
        let histogram = recorded((1..=1000).map(|us| us * 1000));
        assert_eq!(histogram.count(), 1000);
        for (percent, true_value) in [(50.0, 500_000), (99.0, 990_000), (100.0, 1_000_000)] {
            let reported = histogram.percentile(percent).unwrap().as_nanos() as u64;
            assert!(
                reported >= true_value && reported as f64 <= true_value as f64 * 1.0625,
                "p{percent}: {reported} ns for {true_value} ns"
            );
        }
        assert_eq!(histogram.percentile(0.0), Some(Duration::from_nanos(1023)));
        assert_eq!(histogram.max(), Some(Duration::from_millis(1)));
        assert_eq!(histogram.mean(), Some(Duration::from_nanos(500_500)));
        assert_eq!(histogram.total(), Duration::from_nanos(500_500_000));
    }

    #[test]
    fn one_value_is_reported_exactly_and_an_empty_histogram_has_none() {
        let one = recorded([123_456_789]);
        assert_eq!(
            one.percentile(50.0),
            Some(Duration::from_nanos(123_456_789))
        );
        let empty = recorded([]);
        assert_eq!(empty.percentile(99.0), None);
        assert_eq!((empty.max(), empty.mean()), (None, None));
        assert_eq!(empty.count(), 0);
    }

    #[test]
    fn huge_durations_share_the_last_bucket_and_keep_their_max() {
        let histogram = recorded([u64::MAX, 1 << 50]);
        assert_eq!(
            histogram.percentile(50.0),
            Some(Duration::from_nanos(u64::MAX))
        );
        assert_eq!(histogram.max(), Some(Duration::from_nanos(u64::MAX)));
        assert_eq!(
            histogram.total(),
            Duration::from_nanos(u64::MAX),
            "saturates"
        );
    }

    #[test]
    #[should_panic(expected = "percentage from 0 to 100")]
    fn a_percentile_out_of_range_panics_with_what_to_write() {
        recorded([1]).percentile(99.9 * 100.0);
    }
}
