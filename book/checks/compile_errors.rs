//! The book's `compile_fail` samples fail with the error the book shows, on today's compiler.
//!
//! rustdoc checks a `compile_fail,E0283` code only on nightly; on stable it accepts any
//! failure. So each sample is compiled here with `rustc` against this workspace's
//! `workerpool`, and the error it gives is compared with the `text` block after it.

use super::{Chapter, chapters, parse};
use pulldown_cmark::{CodeBlockKind, Event, Tag, TagEnd};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A `compile_fail` sample, the error code it names, and the error line the book shows.
pub(super) struct FailingSample {
    pub(super) at: String,
    pub(super) code: String,
    pub(super) source: String,
    /// The first line of the `text` block right after the sample, if there is one.
    pub(super) shown: Option<String>,
}

/// Every `rust,compile_fail,E....` sample of `chapter`.
pub(super) fn failing_samples(chapter: &Chapter) -> Vec<FailingSample> {
    let mut samples: Vec<FailingSample> = Vec::new();
    let mut current: Option<(String, Option<String>)> = None; // (info, where) of the open block
    let mut body = String::new();
    let mut expect_shown = false;
    for (event, range) in parse(&chapter.text) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                current = Some((info.to_string(), Some(chapter.at(&range))));
                body.clear();
            }
            Event::Text(text) if current.is_some() => body.push_str(&text),
            Event::End(TagEnd::CodeBlock) => {
                let (info, at) = current.take().expect("a code block ends after it starts");
                let words: Vec<&str> = info.split(',').map(str::trim).collect();
                if expect_shown && words == ["text"] {
                    let last = samples.last_mut().expect("a sample came first");
                    last.shown = body.lines().next().map(str::to_owned);
                }
                expect_shown = false;
                if let ["rust", "compile_fail", code] = words[..] {
                    samples.push(FailingSample {
                        at: at.expect("set at the start"),
                        code: code.to_owned(),
                        source: body.clone(),
                        shown: None,
                    });
                    expect_shown = true;
                }
            }
            Event::Start(Tag::Paragraph) | Event::Start(Tag::Heading { .. }) => {
                expect_shown = false;
            }
            _ => {}
        }
    }
    samples
}

/// The sample as rustdoc compiles it: hidden lines shown, wrapped in `main` unless it has one.
fn as_program(sample: &str) -> String {
    let lines: Vec<&str> = sample
        .lines()
        .map(|line| {
            let trimmed = line.trim_start();
            match trimmed.strip_prefix("# ") {
                Some(rest) => rest,
                None if trimmed == "#" => "",
                None => line,
            }
        })
        .collect();
    let code = lines.join("\n");
    if code.contains("fn main") {
        code
    } else {
        format!("fn main() {{\n{code}\n}}\n")
    }
}

/// The folder of the test binary, where cargo keeps the rlibs of this crate's dependencies.
fn deps_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary knows its path");
    exe.parent()
        .expect("the test binary is in a folder")
        .to_path_buf()
}

/// A `libworkerpool-*.rlib` beside the test binary that a sample can be compiled against:
/// the newest one that compiles a sample that uses it. (A shared target folder may hold
/// several, built with other features or flags.)
fn workerpool_rlib(deps: &Path) -> PathBuf {
    let mut candidates: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(deps)
        .expect("the deps folder is readable")
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with("libworkerpool-") && name.ends_with(".rlib")
        })
        .filter_map(|entry| Some((entry.metadata().ok()?.modified().ok()?, entry.path())))
        .collect();
    candidates.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified)); // newest first
    let compiles = "let pool: workerpool::Pool<u8> = workerpool::Pool::new(1);\ndrop(pool);";
    candidates
        .into_iter()
        .map(|(_, rlib)| rlib)
        .find(|rlib| compile_errors(&as_program(compiles), deps, rlib).is_empty())
        .expect("cargo built a usable workerpool rlib beside the test binary")
}

/// The errors rustc gives for `program`, as `error[CODE]: message` lines.
fn compile_errors(program: &str, deps: &Path, rlib: &Path) -> Vec<String> {
    // A folder per call: the tests run at once, and each removes its own.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let out_dir = std::env::temp_dir().join(format!(
        "workerpool-book-fail-{}-{call}",
        std::process::id()
    ));
    std::fs::create_dir_all(&out_dir).expect("the temporary folder can be made");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let mut child = Command::new(rustc)
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "bin",
            "--crate-name",
            "sample",
        ])
        .args(["--emit", "metadata", "--error-format", "json", "--out-dir"])
        .arg(&out_dir)
        .arg("-L")
        .arg(format!("dependency={}", deps.display()))
        .arg("--extern")
        .arg(format!("workerpool={}", rlib.display()))
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rustc runs (set RUSTC if it is not on PATH)");
    std::io::Write::write_all(
        &mut child.stdin.take().expect("stdin is piped"),
        program.as_bytes(),
    )
    .expect("rustc reads the sample");
    let output = child.wait_with_output().expect("rustc finishes");
    let _ = std::fs::remove_dir_all(&out_dir);
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter_map(error_line)
        .collect()
}

/// `error[CODE]: message` from one of rustc's JSON diagnostics, if it is an error with a code:
/// the first line of the text rustc prints in a terminal (its `rendered` form, whose type
/// names are shortened as a reader sees them; the JSON's `message` spells out their paths).
fn error_line(line: &str) -> Option<String> {
    let diagnostic: serde_json::Value = serde_json::from_str(line).ok()?;
    if diagnostic["level"] != "error" {
        return None;
    }
    diagnostic["code"]["code"].as_str()?;
    let rendered = diagnostic["rendered"].as_str()?;
    rendered.lines().next().map(str::to_owned)
}

/// rustc's error line as a reader's crate gets it. The book's `workerpool` is built with the
/// feature `v2`, whose `workerpool::v2::Pool` makes rustc spell out `workerpool::Pool<_>`; a
/// reader's crate without it reads `Pool<_>`, and that is what the book shows.
fn as_a_reader_sees_it(error: &str) -> String {
    error.replace("`workerpool::", "`")
}

#[test]
fn every_compile_fail_sample_names_its_error_and_shows_it() {
    let mut problems = Vec::new();
    for chapter in chapters() {
        for sample in failing_samples(&chapter) {
            let code_is_valid = sample.code.len() == 5
                && sample.code.starts_with('E')
                && sample.code[1..].chars().all(|c| c.is_ascii_digit());
            if !code_is_valid {
                problems.push(format!(
                    "{}: `compile_fail,{}`: name the error code, as `compile_fail,E0283`",
                    sample.at, sample.code
                ));
            }
            match &sample.shown {
                Some(shown) if shown.starts_with(&format!("error[{}]: ", sample.code)) => {}
                _ => problems.push(format!(
                    "{}: follow the sample with a `text` block whose first line is the \
                     compiler's `error[{}]: ...`, so a reader sees what it says",
                    sample.at, sample.code
                )),
            }
        }
    }
    assert!(
        problems.is_empty(),
        "compile_fail samples to fix:\n{}",
        problems.join("\n")
    );
}

#[test]
fn compile_fail_samples_fail_with_the_error_the_book_shows() {
    let deps = deps_dir();
    let rlib = workerpool_rlib(&deps);
    let mut problems = Vec::new();
    let mut checked = 0;
    for chapter in chapters() {
        for sample in failing_samples(&chapter) {
            let errors = compile_errors(&as_program(&sample.source), &deps, &rlib);
            let expected = sample
                .shown
                .clone()
                .unwrap_or_else(|| format!("error[{}]", sample.code));
            if !errors
                .iter()
                .any(|error| as_a_reader_sees_it(error).starts_with(&expected))
            {
                problems.push(format!(
                    "{}: the book shows `{expected}`, but rustc says:\n    {}",
                    sample.at,
                    if errors.is_empty() {
                        "(no error)".to_owned()
                    } else {
                        errors.join("\n    ")
                    }
                ));
            }
            checked += 1;
        }
    }
    assert!(
        checked > 0,
        "the book has compile_fail samples, and this test must see them"
    );
    assert!(
        problems.is_empty(),
        "compile_fail samples that fail otherwise:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_compiler_check_tells_a_sample_that_compiles_from_one_that_fails() {
    let deps = deps_dir();
    let rlib = workerpool_rlib(&deps);
    let errors = compile_errors(
        &as_program("let pool: workerpool::Pool<u8> = workerpool::Pool::new(1);\n# pool.stop();"),
        &deps,
        &rlib,
    );
    assert_eq!(errors, Vec::<String>::new());
    let errors = compile_errors(
        &as_program("let pool = workerpool::Pool::new(1);"),
        &deps,
        &rlib,
    );
    // `workerpool::Pool<_>` against a build with `v2`, `Pool<_>` without it: a reader's.
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(
        as_a_reader_sees_it(&errors[0]),
        "error[E0283]: type annotations needed for `Pool<_>`"
    );
}
