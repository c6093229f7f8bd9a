//! Job types from the compiler: where the code does not write a pool's job type where the pool is, `--verify` asks
//! rustc with a probe (a placeholder job type per pool) and writes the type the compiler found, by a path that
//! resolves where it is written; the output builds.

mod common;

use std::fs;

use common::{local_crate, migrate, text};

/// The pool's worker is a function of another module, whose job type is written only there; the pool is built in
/// a function that returns it, and fed a job made by a third module's function.
const JOB_ELSEWHERE: &str = r#"use std::sync::mpsc;
use workerpool::{Pool, Worker};

mod jobs {
    pub struct Order(pub u32);

    pub fn next(n: u32) -> Order {
        Order(n * 2)
    }
}

mod handlers {
    use std::sync::mpsc::Sender;

    pub fn handle(order: crate::jobs::Order, out: &Sender<u32>) {
        out.send(order.0).unwrap();
    }
}

fn build(out: mpsc::Sender<u32>) -> Pool {
    let pool = Pool::new(4);
    let worker = Worker::new(move |order| handlers::handle(order, &out));
    pool.add_worker(&worker).unwrap();
    pool
}

fn main() {
    let (tx, rx) = mpsc::channel();
    let pool = build(tx);
    pool.delegate(jobs::next(21)).unwrap();
    println!("{} from {} worker", rx.recv().unwrap(), pool.workers_num());
}
"#;

#[test]
fn a_job_type_the_code_does_not_write_at_the_pool_comes_from_the_compiler() {
    let dir = local_crate("probe_job_elsewhere", JOB_ELSEWHERE);
    let out = migrate(&["--verify", "--allow-dirty"], &[&dir.path().join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    let main = fs::read_to_string(dir.path().join("src/main.rs")).unwrap();
    assert!(
        main.contains("fn build(out: mpsc::Sender<u32>) -> Pool<jobs::Order> {"),
        "{main}\n{report}"
    );
    assert!(!main.contains("v2"), "{main}\n{report}");
    assert!(!main.contains("[();"), "no placeholder is left: {main}");
    assert!(report.contains("asked the compiler"), "{report}");
    assert!(report.contains("1 typed from its answers"), "{report}");
}

/// No job or worker of this pool is typed anywhere the compiler can see: it stays on v2, saying so.
const NOTHING_TO_SAY: &str = r#"use workerpool::Pool;

fn main() {
    let pool = Pool::new(2);
    println!("{} workers", pool.workers_num());
}
"#;

#[test]
fn a_pool_the_compiler_says_nothing_about_stays_on_v2_and_the_files_are_put_back() {
    let dir = local_crate("probe_nothing", NOTHING_TO_SAY);
    let out = migrate(&["--verify", "--allow-dirty"], &[&dir.path().join("src")]);
    let report = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{report}");
    let main = fs::read_to_string(dir.path().join("src/main.rs")).unwrap();
    assert!(!main.contains("[();"), "no placeholder is left: {main}");
    assert!(main.contains("workerpool::v2"), "{main}");
    assert!(
        report.contains("the compiler, asked with a placeholder job type, did not say"),
        "{report}"
    );
}
