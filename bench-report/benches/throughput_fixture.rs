//! A tiny criterion bench with throughputs, whose output is `tests/fixtures/throughput-0.8.2` (see
//! tests/fixtures/README.md): one group in bytes, one in elements, for the reader of `throughput`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn benches(c: &mut Criterion) {
    let mut copy = c.benchmark_group("copy");
    copy.sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(500));
    for size in [1024usize, 64 * 1024] {
        let data = vec![7u8; size];
        copy.throughput(Throughput::Bytes(size as u64));
        copy.bench_function(format!("{} KiB", size / 1024), |b| {
            b.iter(|| black_box(data.clone()))
        });
    }
    copy.finish();
    let mut sum = c.benchmark_group("sum");
    sum.sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(500));
    let values: Vec<u64> = (0..1000).collect();
    sum.throughput(Throughput::Elements(values.len() as u64));
    sum.bench_function("1000 values", |b| {
        b.iter(|| black_box(&values).iter().sum::<u64>())
    });
    sum.finish();
}

criterion_group!(suite, benches);
criterion_main!(suite);
