//! The section kinds besides bars: latency percentiles and the suite table; and a page shows only
//! what was measured: no allocation lines without counts, no section without results.

mod common;

use bench_report::RunPolicy;

const LATENCY: &str = r#"
[[sections]]
kind = "latency"
id = "latency"
title = "Job start latency"
caption = "Time from submit to the job's start, p99, lower is better"
series = [{ id = "1.x", label = "tinyjson 1.x" }, { id = "2.x", label = "tinyjson 2.x" }]
candidate = "2.x"
benchmark = "latency/{series}/{scenario}"
measure = "cargo bench -p tinyjson --bench latency"
scenarios = [{ label = "busy caller" }, { label = "sleeping caller" }]
"#;

const SUITE: &str = r#"
[[sections]]
kind = "suite"
id = "suite"
part = "The suite"
title = "2.x's own suite"
intro = "Every benchmark of 2.x."
rows = [
  { benchmark = "parse/tinyjson 2.x/1 KiB", description = "parse a 1 KiB document" },
  { benchmark = "validate/tinyjson 2.x/schema", description = "validate against a schema" },
  { benchmark = "sum/large", description = "not counted: no allocation figures" },
]
"#;

fn made_up_page() -> String {
    std::fs::read_to_string(common::fixtures().join("made-up-page.toml")).unwrap()
}

/// The made-up library's project with the latency files and `extra` sections.
fn project(extra: &str) -> common::Project {
    let project = common::Project::new(&format!("{}\n{extra}", made_up_page()));
    common::copy_dir(
        &common::fixtures().join("made-up-latency"),
        &project.path("criterion/latency"),
    );
    project
}

fn row<'a>(page: &'a str, start: &str) -> &'a str {
    page.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no row `{start}` in\n{page}"))
}

#[test]
fn a_latency_section_shows_p50_p99_and_max_and_charts_the_p99() {
    let project = project(LATENCY);
    let outcome = bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let page = project.read("book/perf.md");
    assert!(page.contains("## Job start latency"));
    assert!(page.contains("<img src=\"perf/latency.svg\""));
    assert_eq!(
        row(&page, "| busy caller |"),
        "| busy caller | p50 950.0 ns<br>p99 12.5 µs<br>max 1.50 ms<br>100,000 starts | p50 180.0 ns<br>p99 2.40 µs<br>max 91.0 µs<br>100,000 starts |"
    );
    // 1.x was not measured while the caller sleeps: drawn as missing, with a warning.
    assert!(
        row(&page, "| sleeping caller |").contains("no result (`latency/1.x/sleeping caller`)")
    );
    assert!(
        outcome
            .report
            .warnings
            .iter()
            .any(|w| w.contains("no latencies for benchmark `latency/1.x/sleeping caller`"))
    );
    let svg = project.read("book/perf/latency.svg");
    let document = roxmltree::Document::parse(&svg).unwrap();
    let desc = document
        .descendants()
        .find(|n| n.has_tag_name("desc"))
        .unwrap()
        .text()
        .unwrap()
        .to_owned();
    assert!(
        desc.contains("tinyjson 2.x 2.40 µs") && desc.contains("tinyjson 1.x 12.5 µs"),
        "{desc}"
    );
    // Percentiles have no intervals: no speed-up is claimed.
    assert!(
        !desc.contains("× faster") && !desc.contains("× slower"),
        "{desc}"
    );
}

#[test]
fn a_suite_table_lists_each_benchmark_with_time_memory_and_allocations() {
    let project = project(SUITE);
    bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let page = project.read("book/perf.md");
    assert!(
        page.contains("## The suite\n\n### 2.x's own suite {#suite}\n\nEvery benchmark of 2.x.")
    );
    assert!(
        page.contains(
            "| Benchmark | What it measures | Time | Memory per op | Allocations per op |"
        )
    );
    let parse = row(
        &page,
        "| `parse/tinyjson 2.x/1 KiB` | parse a 1 KiB document | ",
    );
    assert!(parse.ends_with("| 1.1 KiB | 3 |"), "{parse}");
    assert!(parse.contains(" µs ± "), "{parse}");
    assert!(row(&page, "| `validate/tinyjson 2.x/schema` |").ends_with("| 0 B | 0 |"));
    assert!(row(&page, "| `sum/large` |").ends_with("| — | — |"));
    // The suite table comes where the page description puts it: after the bars sections.
    assert!(page.find("## Validating").unwrap() < page.find("### 2.x's own suite").unwrap());
}

#[test]
fn a_section_without_any_result_fails_naming_the_benchmarks_and_the_command() {
    let project = project(LATENCY);
    std::fs::remove_dir_all(project.path("criterion/latency")).unwrap();
    let error = bench_report::generate(&project.options(RunPolicy::Never))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("section `latency` has no results for `latency/1.x/busy caller`, `latency/2.x/busy caller`, `latency/1.x/sleeping caller`, `latency/2.x/sleeping caller`")
            && error.contains("run `cargo bench -p tinyjson --bench latency`"),
        "{error}"
    );
    assert!(
        !project.path("book/perf.md").exists(),
        "a page was written anyway"
    );

    let suite = SUITE
        .replace("parse/tinyjson 2.x/1 KiB", "nowhere/a")
        .replace("validate/tinyjson 2.x/schema", "nowhere/b")
        .replace("sum/large", "nowhere/c");
    let page = format!(
        "{}\n[run]\ncommand = [\"cargo\", \"bench\", \"-p\", \"tinyjson\"]\n{suite}",
        made_up_page()
    );
    let project = common::Project::new(&page);
    let error = bench_report::generate(&project.options(RunPolicy::Never))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("section `suite` has no results for `nowhere/a`, `nowhere/b`, `nowhere/c`")
            && error.contains("run `cargo bench -p tinyjson`"),
        "{error}"
    );
}

#[test]
fn a_page_without_allocation_counts_never_mentions_allocations() {
    // Without its allocations headline, which would have no figure.
    let full = made_up_page();
    let start = full.find("[headlines.parse_allocs]").unwrap();
    let end = start + full[start..].find("[[sections]]").unwrap();
    let project = common::Project::new(&format!("{}{}", &full[..start], &full[end..]));
    std::fs::remove_dir_all(project.path("criterion/allocations")).unwrap();
    let outcome = bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let page = project.read("book/perf.md").to_lowercase();
    assert!(!page.contains("alloc"), "{page}");
    assert!(
        outcome
            .report
            .warnings
            .iter()
            .any(|w| w.contains("the page shows times only"))
    );
}

#[test]
fn allocation_lines_only_for_the_series_that_have_counts() {
    let project = common::Project::made_up();
    // Counts for 2.x only.
    let counts =
        std::fs::read_to_string(project.path("criterion/allocations/tinyjson.json")).unwrap();
    let only_new: String = counts
        .lines()
        .filter(|l| !l.contains("tinyjson 1.x"))
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(
        project.path("criterion/allocations/tinyjson.json"),
        only_new,
    )
    .unwrap();
    bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let page = project.read("book/perf.md");
    let parse = row(&page, "| 1 KiB document |");
    let cells: Vec<&str> = parse.split(" | ").collect();
    assert!(!cells[1].contains("alloc"), "1.x has no counts: {parse}");
    assert!(cells[2].contains("<br>3 allocs"), "{parse}");
    assert!(page.contains("and allocations per document."));
}

#[test]
fn our_performance_page_has_the_latency_callers_and_suite_sections() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../book/performance.toml");
    let page = bench_report::page::Page::load(&path).unwrap();
    let run = page.run.as_ref().unwrap().display();
    for bench in ["--bench latency", "--bench async", "--bench callers"] {
        assert!(run.contains(bench), "[run] does not measure {bench}: {run}");
    }
    let latency = page.section("latency").unwrap();
    assert_eq!(latency.kind, bench_report::page::ChartKind::Latency);
    let scenarios: Vec<&str> = latency.scenarios.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(scenarios, ["busy caller", "sleeping caller"]);
    let callers = page.section("callers").unwrap();
    let ids: Vec<String> = callers
        .scenarios
        .iter()
        .map(|s| callers.benchmark_id(s, &callers.series[0]).unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "callers/v3/1 callers",
            "callers/v3/4 callers",
            "callers/v3/16 callers",
            "callers/v3/64 callers"
        ]
    );
    assert!(callers.series.len() > 1, "v3 against the peers");
    assert_eq!(page.suites.len(), 1);
    assert!(
        page.suites[0]
            .rows
            .iter()
            .all(|r| r.benchmark.contains("/v3/"))
    );
}

#[test]
fn the_summary_keeps_to_sections_of_bars() {
    let project = project(&format!("{LATENCY}\n{SUITE}"));
    bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let summary: serde_json::Value =
        serde_json::from_str(&project.read("book/perf/summary.json")).unwrap();
    let ids: Vec<&str> = summary["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["parse", "serialize", "validate"]);
    assert!(project.path("book/perf/latency.svg").is_file());
}

#[test]
fn every_section_heading_carries_its_id_so_links_to_it_do_not_depend_on_the_title() {
    let project = project(&format!("{LATENCY}\n{SUITE}"));
    bench_report::generate(&project.options(RunPolicy::Never)).unwrap();
    let page = project.read("book/perf.md");
    let page_toml: toml::Table = made_up_page().parse().unwrap();
    let mut ids: Vec<String> = page_toml["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect();
    ids.extend(["latency".to_owned(), "suite".to_owned()]);
    for id in &ids {
        let marked: Vec<&str> = page
            .lines()
            .filter(|line| line.starts_with('#') && line.ends_with(&format!(" {{#{id}}}")))
            .collect();
        assert_eq!(marked.len(), 1, "section `{id}`: {marked:?}\n{page}");
    }
    // No other heading takes an explicit id.
    let explicit = page
        .lines()
        .filter(|line| line.starts_with('#') && line.contains(" {#"))
        .count();
    assert_eq!(explicit, ids.len(), "{page}");
}
