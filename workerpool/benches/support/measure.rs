//! Registers a benchmark with criterion, with an untimed first pass that counts its allocations.

use criterion::BenchmarkGroup;
use criterion::measurement::WallTime;

use super::counting::Meter;
use super::record;

/// Registers benchmark `group/function` timed by `routine`, which runs `iters` operations and
/// measures them with the meter it is given. Before the first timed run, one untimed pass of
/// `counting_ops` operations counts allocations for bench-report.
pub fn bench<F>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    group_name: &str,
    function: &str,
    counting_ops: u64,
    with_peak: bool,
    mut routine: F,
) where
    F: FnMut(u64, &mut Meter),
{
    let id = format!("{group_name}/{function}");
    let mut counted = false;
    group.bench_function(function, |b| {
        if !counted {
            counted = true;
            let mut meter = Meter::counting();
            routine(counting_ops, &mut meter);
            record::allocations(&id, meter.counts(), counting_ops, with_peak);
        }
        b.iter_custom(|iters| {
            let mut meter = Meter::timing();
            routine(iters, &mut meter);
            meter.elapsed()
        });
    });
}
