//! Writes what the suite measures beside criterion's results, where bench-report reads it:
//! allocation counts to `<criterion dir>/allocations/<bench>.json`
//! (`{ "version": 1, "benchmarks": { "<id>": { "allocs_per_op", "bytes_per_op", "ops", "peak_bytes" } } }`)
//! and job-start latencies to `<criterion dir>/latency/<bench>.json`
//! (`{ "version": 1, "benchmarks": { "<id>": { "p50_ns", "p99_ns", "max_ns", "samples" } } }`).
//! Entries of benchmarks not run this time (filtered out) are kept from the previous file.

use std::path::PathBuf;
use std::sync::Mutex;

use serde_json::{Map, Value, json};

use super::counting::Counts;
use super::latency::Percentiles;

static COUNTS: Mutex<Vec<(String, Counts, u64, bool)>> = Mutex::new(Vec::new());

/// Records what benchmark `id` allocated over `ops` operations; `with_peak` also records its peak
/// heap (meaningful where one operation is a whole workload).
pub fn allocations(id: &str, counts: Counts, ops: u64, with_peak: bool) {
    COUNTS
        .lock()
        .expect("not poisoned")
        .push((id.to_owned(), counts, ops, with_peak));
}

/// criterion's output directory, found as criterion finds it: `$CRITERION_HOME`,
/// `$CARGO_TARGET_DIR/criterion`, else `criterion` in the target directory holding this binary.
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    let exe = std::env::current_exe().expect("the bench binary has a path");
    // <target>/<profile>/deps/<bench>-<hash>
    exe.ancestors()
        .nth(3)
        .map_or_else(|| PathBuf::from("target"), PathBuf::from)
        .join("criterion")
}

/// Merges this run's allocation counts into `allocations/<bench>.json`.
pub fn write(bench: &str) {
    let counts = std::mem::take(&mut *COUNTS.lock().expect("not poisoned"));
    let entries = counts.into_iter().map(|(id, counts, ops, with_peak)| {
        let entry = json!({
            "allocs_per_op": counts.allocations as f64 / ops as f64,
            "bytes_per_op": counts.bytes as f64 / ops as f64,
            "ops": ops,
            "peak_bytes": with_peak.then_some(counts.peak_bytes),
        });
        (id, entry)
    });
    merge("allocations", bench, "allocation counts", entries.collect());
}

/// Merges job-start latencies, one per benchmark id, into `latency/<bench>.json`.
pub fn write_latencies(bench: &str, latencies: &[(String, Percentiles)]) {
    let entries = latencies.iter().map(|(id, latency)| {
        let entry = json!({
            "p50_ns": latency.p50_ns,
            "p99_ns": latency.p99_ns,
            "max_ns": latency.max_ns,
            "samples": latency.samples,
        });
        (id.clone(), entry)
    });
    merge("latency", bench, "latencies", entries.collect());
}

/// Merges `entries` into `<criterion dir>/<kind>/<bench>.json`, replacing the file whole (a
/// temporary file renamed over it), so a reader never sees half of it.
fn merge(kind: &str, bench: &str, what: &str, entries: Vec<(String, Value)>) {
    if entries.is_empty() {
        return;
    }
    let dir = criterion_dir().join(kind);
    let path = dir.join(format!("{bench}.json"));
    let mut benchmarks: Map<String, Value> = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .filter(|file| file["version"] == 1)
        .and_then(|mut file| file["benchmarks"].as_object_mut().map(std::mem::take))
        .unwrap_or_default();
    benchmarks.extend(entries);
    let text = serde_json::to_string_pretty(&json!({ "version": 1, "benchmarks": benchmarks }))
        .expect("results serialise");
    let temporary = dir.join(format!(".{bench}.json.tmp"));
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&temporary, text))
        .and_then(|()| std::fs::rename(&temporary, &path));
    match written {
        Ok(()) => eprintln!("{what} written to {}", path.display()),
        Err(e) => eprintln!("cannot write {what} to {}: {e}", path.display()),
    }
}
