//! Writes the allocation counts to `<criterion dir>/allocations/<bench>.json`, where bench-report reads
//! them: `{ "version": 1, "benchmarks": { "<id>": { "allocs_per_op", "bytes_per_op", "ops", "peak_bytes" } } }`.
//! Counts of benchmarks not run this time (filtered out) are kept from the previous file.

use std::path::PathBuf;
use std::sync::Mutex;

use serde_json::{Value, json};

use super::counting::Counts;

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

/// Merges this run's counts into `allocations/<bench>.json`, replacing the file whole.
pub fn write(bench: &str) {
    let counts = std::mem::take(&mut *COUNTS.lock().expect("not poisoned"));
    if counts.is_empty() {
        return;
    }
    let dir = criterion_dir().join("allocations");
    let path = dir.join(format!("{bench}.json"));
    let mut benchmarks = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .filter(|file| file["version"] == 1)
        .and_then(|mut file| file["benchmarks"].as_object_mut().map(std::mem::take))
        .unwrap_or_default();
    for (id, counts, ops, with_peak) in counts {
        benchmarks.insert(
            id,
            json!({
                "allocs_per_op": counts.allocations as f64 / ops as f64,
                "bytes_per_op": counts.bytes as f64 / ops as f64,
                "ops": ops,
                "peak_bytes": with_peak.then_some(counts.peak_bytes),
            }),
        );
    }
    let text = serde_json::to_string_pretty(&json!({ "version": 1, "benchmarks": benchmarks }))
        .expect("counts serialise");
    let temporary = dir.join(format!(".{bench}.json.tmp"));
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&temporary, text))
        .and_then(|()| std::fs::rename(&temporary, &path));
    match written {
        Ok(()) => eprintln!("allocation counts written to {}", path.display()),
        Err(e) => eprintln!("cannot write allocation counts to {}: {e}", path.display()),
    }
}
