//! The reader against files criterion 0.8.2 really wrote.

mod common;

use bench_report::criterion::CriterionResults;
use bench_report::page::Statistic;
use serde_json::Value;

fn estimates(dir: &str) -> Value {
    let path = common::criterion_fixture()
        .join(dir)
        .join("new/estimates.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn every_benchmark_is_found_by_its_full_id() {
    let results = CriterionResults::open(&common::criterion_fixture(), "hint").unwrap();
    let ids = results.ids();
    for id in [
        "sum/small/8 items",
        "sum/large",
        "flat/custom timing",
        "top level",
        "parse/tinyjson 1.x/1 KiB",
        "validate/tinyjson 2.x/schema",
    ] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    // `sum/large` also has a `base/` copy: it is still one benchmark.
    assert_eq!(ids.iter().filter(|id| **id == "sum/large").count(), 1);
    assert_eq!(ids.len(), 13);
}

#[test]
fn the_median_is_criterions_median_with_its_interval() {
    let results = CriterionResults::open(&common::criterion_fixture(), "hint").unwrap();
    let m = results
        .measurement("sum/small/8 items", Statistic::Median)
        .unwrap()
        .unwrap();
    let file = estimates("sum/small_8 items");
    assert_eq!(
        m.point_ns,
        file["median"]["point_estimate"].as_f64().unwrap()
    );
    assert_eq!(
        m.lower_ns,
        file["median"]["confidence_interval"]["lower_bound"]
            .as_f64()
            .unwrap()
    );
    assert_eq!(
        m.upper_ns,
        file["median"]["confidence_interval"]["upper_bound"]
            .as_f64()
            .unwrap()
    );
    assert_eq!(m.confidence_level, 0.95);
    assert_eq!(m.samples, 100);
    assert_eq!(m.statistic, Statistic::Median);
}

#[test]
fn the_mean_and_the_slope_are_read_too() {
    let results = CriterionResults::open(&common::criterion_fixture(), "hint").unwrap();
    let file = estimates("sum/large");
    let mean = results
        .measurement("sum/large", Statistic::Mean)
        .unwrap()
        .unwrap();
    assert_eq!(
        mean.point_ns,
        file["mean"]["point_estimate"].as_f64().unwrap()
    );
    let slope = results
        .measurement("sum/large", Statistic::Slope)
        .unwrap()
        .unwrap();
    assert_eq!(
        slope.point_ns,
        file["slope"]["point_estimate"].as_f64().unwrap()
    );
    assert_eq!(slope.statistic, Statistic::Slope);
}

#[test]
fn flat_sampling_has_no_slope_so_the_mean_is_quoted() {
    let results = CriterionResults::open(&common::criterion_fixture(), "hint").unwrap();
    assert!(estimates("flat/custom timing")["slope"].is_null());
    let m = results
        .measurement("flat/custom timing", Statistic::Slope)
        .unwrap()
        .unwrap();
    assert_eq!(m.statistic, Statistic::Mean);
    assert_eq!(
        m.point_ns,
        estimates("flat/custom timing")["mean"]["point_estimate"]
            .as_f64()
            .unwrap()
    );
    assert_eq!(m.samples, 10);
}

#[test]
fn a_benchmark_without_results_is_none_not_an_error() {
    let results = CriterionResults::open(&common::criterion_fixture(), "hint").unwrap();
    assert!(
        results
            .measurement("no/such benchmark", Statistic::Median)
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_missing_directory_has_no_results() {
    let dir = tempfile::tempdir().unwrap();
    let results = CriterionResults::open(&dir.path().join("absent"), "hint").unwrap();
    assert!(results.is_empty());
}

#[test]
fn spread_and_overlap_follow_the_interval() {
    let results = CriterionResults::open(&common::criterion_fixture(), "hint").unwrap();
    let one = results
        .measurement("parse/tinyjson 1.x/1 KiB", Statistic::Median)
        .unwrap()
        .unwrap();
    let two = results
        .measurement("parse/tinyjson 2.x/1 KiB", Statistic::Median)
        .unwrap()
        .unwrap();
    assert!(!one.overlaps(&two) && !two.overlaps(&one));
    assert!(one.overlaps(&one));
    let half = (one.upper_ns - one.point_ns).max(one.point_ns - one.lower_ns);
    assert!((one.spread_pct() - 100.0 * half / one.point_ns).abs() < 1e-9);
}

#[test]
fn saved_baselines_are_read_by_name_and_listed() {
    let data = common::fixtures().join("compare-0.8.2");
    assert_eq!(
        CriterionResults::baselines(&data),
        ["a1", "a2", "a3", "a4", "slow2x", "slow2x-b"]
    );
    let a1 = CriterionResults::open_baseline(&data, "a1", "hint").unwrap();
    assert_eq!(a1.ids().len(), 8);
    // The fixture keeps no `new/`: the latest run is empty there.
    assert!(CriterionResults::open(&data, "hint").unwrap().is_empty());
    // `sum/large` keeps a `base/` copy beside `new/`.
    assert!(CriterionResults::baselines(&common::criterion_fixture()).contains(&"base".to_owned()));
}

#[test]
fn per_iteration_times_divide_each_samples_time_by_its_iterations() {
    let data = common::fixtures().join("compare-0.8.2");
    let a1 = CriterionResults::open_baseline(&data, "a1", "hint").unwrap();
    let times = a1.per_iteration_times("spin/1000 rounds").unwrap().unwrap();
    let sample: Value = serde_json::from_str(
        &std::fs::read_to_string(data.join("spin/1000 rounds/a1/sample.json")).unwrap(),
    )
    .unwrap();
    let iters = sample["iters"].as_array().unwrap();
    let total = sample["times"].as_array().unwrap();
    assert_eq!(times.len(), iters.len());
    for ((t, i), per) in total.iter().zip(iters).zip(&times) {
        assert_eq!(t.as_f64().unwrap() / i.as_f64().unwrap(), *per);
    }
    assert!(a1.per_iteration_times("no/such").unwrap().is_none());
}

#[test]
fn a_sample_with_zero_iterations_is_an_error_naming_the_file() {
    let scratch = tempfile::tempdir().unwrap();
    let data = common::fixtures().join("compare-0.8.2/mix/a/a1");
    let dir = scratch.path().join("mix/a/new");
    common::copy_dir(&data, &dir);
    let sample = std::fs::read_to_string(dir.join("sample.json")).unwrap();
    let mut sample: Value = serde_json::from_str(&sample).unwrap();
    sample["iters"][0] = 0.into();
    std::fs::write(dir.join("sample.json"), sample.to_string()).unwrap();
    let results = CriterionResults::open(scratch.path(), "run it again").unwrap();
    let error = results
        .per_iteration_times("mix/a")
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("sample.json") && error.contains("run it again"),
        "{error}"
    );
}

#[test]
fn declared_throughputs_are_read_and_shown_as_rates() {
    use bench_report::criterion::Throughput;
    let data = common::fixtures().join("throughput-0.8.2");
    let results = CriterionResults::open(&data, "hint").unwrap();
    let figure = |id: &str| results.measurement(id, Statistic::Median).unwrap().unwrap();
    assert_eq!(
        figure("copy/1 KiB").throughput,
        Some(Throughput::Bytes(1024))
    );
    assert_eq!(
        figure("copy/64 KiB").throughput,
        Some(Throughput::Bytes(65536))
    );
    assert_eq!(
        figure("sum/1000 values").throughput,
        Some(Throughput::Elements(1000))
    );
    // The rate is the amount over the median time: bytes per second in MiB.
    let copy = figure("copy/64 KiB");
    let mib_per_s = 65536.0 * 1e9 / copy.point_ns / (1024.0 * 1024.0);
    let shown = Throughput::Bytes(65536).rate(copy.point_ns);
    let number: f64 = shown.split(' ').next().unwrap().parse().unwrap();
    let unit = shown.split(' ').nth(1).unwrap();
    let in_mib = match unit {
        "GiB/s" => number * 1024.0,
        "MiB/s" => number,
        other => panic!("{other}"),
    };
    assert!(
        (in_mib - mib_per_s).abs() / mib_per_s < 0.01,
        "{shown} vs {mib_per_s} MiB/s"
    );
    // No throughput declared: none shown.
    let plain = CriterionResults::open(&common::criterion_fixture(), "hint").unwrap();
    assert_eq!(
        plain
            .measurement("sum/large", Statistic::Median)
            .unwrap()
            .unwrap()
            .throughput,
        None
    );
}
