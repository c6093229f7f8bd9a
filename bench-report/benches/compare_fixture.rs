//! A tiny criterion bench whose saved baselines are `compare`'s test data (see tests/fixtures/README.md).
//!
//! `COMPARE_FIXTURE_SLOWDOWN=2` makes every benchmark do twice the work: the deliberate regression
//! that `compare` must flag.
//!
//! It times the thread's CPU time, not wall time: the data was made on a machine shared with other
//! builds, where wall time measures the neighbours' load as much as the code, and an A/A check of
//! `compare` should see the noise of measuring, not a neighbour's compile starting between two runs.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

/// Busy work of roughly `rounds` × a nanosecond or two, which the optimiser cannot remove.
fn spin(rounds: u64) -> u64 {
    let mut x = black_box(0x9e37_79b9_7f4a_7c15u64);
    for i in 0..black_box(rounds) {
        x = x.rotate_left(7) ^ i.wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    x
}

/// This thread's CPU time so far.
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for clock_gettime to write.
    let result = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(result, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

fn slowdown() -> u64 {
    std::env::var("COMPARE_FIXTURE_SLOWDOWN")
        .ok()
        .and_then(|factor| factor.parse().ok())
        .unwrap_or(1)
}

fn benches(c: &mut Criterion) {
    let factor = slowdown();
    for (group, scenarios) in [
        (
            "spin",
            &[
                ("100 rounds", 100u64),
                ("1000 rounds", 1_000),
                ("10000 rounds", 10_000),
            ][..],
        ),
        ("hash", &[("small", 300), ("large", 3_000)][..]),
        ("mix", &[("a", 200), ("b", 2_000), ("c", 5_000)][..]),
    ] {
        let mut g = c.benchmark_group(group);
        g.sample_size(30)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for &(scenario, rounds) in scenarios {
            g.bench_function(scenario, |b| {
                b.iter_custom(|iters| {
                    let start = thread_cpu_time();
                    for _ in 0..iters {
                        black_box(spin(rounds * factor));
                    }
                    thread_cpu_time() - start
                })
            });
        }
        g.finish();
    }
}

criterion_group!(compare_fixture, benches);
criterion_main!(compare_fixture);
