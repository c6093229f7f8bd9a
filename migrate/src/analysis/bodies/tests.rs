//! The flow layer's data-driven tests: a snippet in, the pools, calls, workers and refusals it finds out.

use super::*;
use crate::analysis::declare::Declarer;

/// The flow layer's facts about `text` (a file of a crate on 2.x): each pool (a group of places, named by where
/// it is first seen) with the calls on it, the workers added or removed and the refusals, then each worker.
fn facts(text: &str) -> String {
    let source =
        Source::from_bytes(std::path::Path::new("t.rs"), text.as_bytes().to_vec()).unwrap();
    let syntax = source.parse().unwrap();
    let names = Names::collect(&source, &syntax, true, &Default::default());
    let tree = ScopeTree::of_file(&source, &syntax);
    let (mut facts, mut decls) = (Facts::default(), Decls::default());
    Declarer::new(FileId(0), &source, &names, &mut facts, &mut decls).items(&syntax.items);
    Collector::new(FileId(0), &source, &names, &tree, &mut facts, &decls, false).run(&syntax);
    let place = |loc: Loc| {
        let (l, c) = source.line_col(loc.offset);
        format!("{l}:{c}")
    };
    let mut roots: Vec<NodeId> = (0..facts.len())
        .filter(|n| !facts.not_pools.contains(n))
        .map(|n| facts.root(n))
        .collect();
    roots.sort_by_key(|r| facts.first_seen[r]);
    roots.dedup();
    let mut out = String::new();
    for root in roots {
        out.push_str(&format!("pool {}\n", place(facts.first_seen[&root])));
        for (node, _, kind, loc) in &facts.calls {
            if facts.root(*node) == root {
                out.push_str(&format!("  {kind:?} {}\n", place(*loc)));
            }
        }
        for s in facts
            .worker_sites
            .iter()
            .filter(|s| facts.root(s.node) == root)
        {
            let what = if s.remove { "removes" } else { "adds" };
            out.push_str(&format!("  {what} worker {} ({:?})\n", s.worker.0, s.ctx));
        }
        for (node, loc, reason) in &facts.refusals {
            if facts.root(*node) == root {
                out.push_str(&format!("  refused {} {}\n", place(*loc), reason.id()));
            }
        }
    }
    for (i, w) in facts.workers.iter().enumerate() {
        let job = w.job.as_ref().map_or("?", |j| j.text.as_str());
        let refusal = w.refusal.as_ref().map_or(String::new(), |(loc, r)| {
            format!(", refused {} {}", place(*loc), r.id())
        });
        out.push_str(&format!("worker {i} {:?} job {job}{refusal}\n", w.kind));
    }
    out
}

#[test]
fn a_pool_flows_through_lets_arguments_and_returns_and_meets_its_calls() {
    let got = facts(
        "use workerpool::{Pool, Worker};\n\nfn make() -> Pool {\n    let pool = Pool::new(2);\n    let w = Worker::new(|n: u8| drop(n));\n    pool.add_worker(&w).unwrap();\n    pool\n}\n\nfn feed(pool: &Pool) {\n    pool.delegate(1u8).unwrap();\n}\n\nfn main() {\n    let pool = make();\n    let same = pool.clone();\n    feed(&same);\n    println!(\"{}\", pool.workers_num());\n    let _ = pool.stop();\n}\n",
    );
    expect_test::expect![[r#"
        pool 3:14
          AddWorker 6:10
          Delegate 11:10
          Other 18:25
          Stop 19:18
          adds worker 0 (Semi)
        worker 0 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn what_the_flow_cannot_follow_is_refused_where_it_happens() {
    let got = facts(
        "use workerpool::{Pool, Worker};\n\nfn main() {\n    let pool = Pool::new(2);\n    let tx = std::sync::mpsc::channel::<u8>().0;\n    let w = Worker::new(move |n: u8| tx.send(n).unwrap());\n    pool.add_worker(&w).unwrap();\n    pool.add_worker(&w).unwrap();\n    let v = vec![pool];\n    other(&w);\n    let untyped = Worker::new(|n| drop::<u8>(n));\n    let second = Pool::new(1);\n    second.add_worker(&untyped).unwrap();\n    let n = { let pool = 3; pool };\n}\n",
    );
    expect_test::expect![[r#"
        pool 4:16
          AddWorker 7:10
          AddWorker 8:10
          adds worker 0 (Semi)
          adds worker 0 (Semi)
          refused 9:18 needs-compiler
        pool 12:18
          AddWorker 13:12
          adds worker 1 (Semi)
        worker 0 MoveClosure job u8, refused 10:12 needs-compiler
        worker 1 Closure job ?, refused 11:19 needs-compiler
    "#]]
    .assert_eq(&got);
}

#[test]
fn the_branches_of_an_if_or_match_are_one_pool_and_one_unfollowed_branch_refuses_it() {
    let got = facts(
        "use workerpool::{Pool, Worker};\nfn sized(big: bool) -> Pool {\n    let pool = if big { Pool::new(8) } else { Pool::new(2) };\n    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    match big { true => pool, false => unreachable!() }\n}\nfn make() -> Pool { Pool::new(1) }\nfn pick(local: bool) -> Pool {\n    if local { make() } else { std::thread::spawn(make).join().unwrap() }\n}\n",
    );
    expect_test::expect![[r#"
        pool 2:24
          AddWorker 4:10
          adds worker 0 (Semi)
        pool 7:14
          refused 9:32 needs-compiler
          refused 9:51 needs-compiler
        worker 0 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_function_that_makes_a_pool_joins_the_cell_it_initialises_and_nothing_else() {
    // `LazyLock::new(make)` and `get_or_init(Self::make)` join the function's pool with the static; the
    // function handed to `thread::spawn` is a flow this tool does not follow.
    let got = facts(
        "use std::sync::{LazyLock, OnceLock};\nuse workerpool::{Pool, Worker};\nstatic A: LazyLock<Pool> = LazyLock::new(make);\nstatic B: OnceLock<Pool> = OnceLock::new();\nfn make() -> Pool {\n    let pool = Pool::new(1);\n    pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    pool\n}\nstruct S;\nimpl S {\n    fn make() -> Pool { Pool::new(1) }\n    fn get() -> &'static Pool { B.get_or_init(Self::make) }\n}\nfn other() -> Pool { Pool::new(1) }\nfn main() {\n    let p = std::thread::spawn(other).join().unwrap();\n    p.stop();\n}\n",
    );
    expect_test::expect![[r#"
        pool 3:20
          AddWorker 7:10
          adds worker 0 (Semi)
        pool 4:20
        pool 15:15
          refused 17:32 needs-compiler
        worker 0 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn an_option_of_a_pool_hands_back_the_same_pool() {
    // Some(..), take(), as_ref(), if let Some(p), is_some() and `= None` are followed; `map` is not.
    let got = facts(
        "use workerpool::{Pool, Worker};\nstruct S { pool: Option<Pool> }\nimpl S {\n    fn new() -> S {\n        let pool = Pool::new(1);\n        pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n        S { pool: Some(pool) }\n    }\n    fn go(&mut self) {\n        self.pool.as_ref().unwrap().delegate(1u8).unwrap();\n        if self.pool.is_some() {\n            if let Some(p) = self.pool.take() { p.stop(); }\n        }\n        self.pool = None;\n    }\n    fn other(&self) -> Option<usize> {\n        self.pool.as_ref().map(|p| p.workers_num())\n    }\n}\n",
    );
    expect_test::expect![[r#"
        pool 2:25
          AddWorker 6:14
          Delegate 10:37
          Stop 12:51
          adds worker 0 (Semi)
          refused 17:28 needs-compiler
        worker 0 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_pool_behind_a_lock_is_reached_through_its_guard() {
    // `Mutex::new`, `.lock()`, `.write()` and `.read()` hand back the same pool; a guard passed to an unknown
    // function is not followed.
    let got = facts(
        "use std::sync::{Mutex, RwLock};\nuse workerpool::{Pool, Worker};\nstatic POOL: Mutex<Option<Pool>> = Mutex::new(None);\nstruct S { pool: RwLock<Pool> }\nfn init() {\n    let pool = Pool::new(4);\n    pool.add_worker(&Worker::new(|n: u32| drop(n))).unwrap();\n    *POOL.lock().unwrap() = Some(pool);\n    if let Some(pool) = POOL.lock().unwrap().as_ref() { pool.delegate(1u32).unwrap(); }\n}\nfn other() -> S {\n    let s = S { pool: RwLock::new(Pool::new(1)) };\n    s.pool.write().unwrap().add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    println!(\"{}\", s.pool.read().unwrap().workers_num());\n    elsewhere(s.pool.read().unwrap());\n    s\n}\n",
    );
    expect_test::expect![[r#"
        pool 3:27
          AddWorker 7:10
          Delegate 9:62
          adds worker 0 (Semi)
        pool 4:25
          AddWorker 13:29
          Other 14:43
          adds worker 1 (Semi)
          refused 15:15 needs-compiler
        worker 0 Closure job u32
        worker 1 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn the_self_of_an_impl_trait_for_pool_is_the_pool_its_methods_are_called_on() {
    // `a.go(..)` and `b.go(..)` join `a`, `b` and the impl's `self`; an impl naming `Self` is refused; an inherent
    // method of another type with the same name is not a pool's.
    let got = facts(
        "use workerpool::{Pool, Worker};\ntrait Ext { fn go(&self, n: u8) -> bool; }\nimpl Ext for Pool {\n    fn go(&self, n: u8) -> bool { self.delegate(n).is_ok() && self.more() }\n}\ntrait More { fn more(&self) -> bool; fn make() -> Self; }\nimpl More for Pool {\n    fn more(&self) -> bool { self.workers_num() > 0 }\n    fn make() -> Self { unimplemented!() }\n}\nstruct S;\nimpl S { fn go(&self, _n: u8) -> bool { true } }\nfn main() {\n    let a = Pool::new(1);\n    a.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    let b = Pool::new(1);\n    a.go(1);\n    b.go(2);\n    S.go(3);\n}\n",
    );
    expect_test::expect![[r#"
        pool 3:14
          Delegate 4:40
          Other 8:35
          AddWorker 15:7
          adds worker 0 (Semi)
          refused 7:15 needs-compiler
        worker 0 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_helper_of_another_module_is_called_by_its_name_or_a_path_to_its_module() {
    // `pub(crate)` is a helper; `crate::w::make` and `w::make` reach it, `other::make` may not be it.
    let got = facts(
        "use workerpool::Pool;\nmod w {\n    use workerpool::Worker;\n    pub(crate) fn make() -> Worker {\n        Worker::new(|n: u8| drop(n))\n    }\n}\nuse crate::w::make;\nfn main() {\n    let pool = Pool::new(1);\n    pool.add_worker(&make()).unwrap();\n    pool.add_worker(&crate::w::make()).unwrap();\n    let again = w::make();\n    pool.add_worker(&again).unwrap();\n}\nfn other() {\n    Pool::new(1).add_worker(&other::make()).unwrap();\n}\n",
    );
    expect_test::expect![[r#"
        pool 10:16
          AddWorker 11:10
          AddWorker 12:10
          AddWorker 14:10
          adds worker 0 (Semi)
          adds worker 0 (Semi)
          adds worker 0 (Semi)
        pool 17:5
          AddWorker 17:18
          refused 17:18 needs-compiler
        worker 0 Helper job u8, refused 17:30 needs-compiler
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_parameter_of_a_generic_type_delegated_refuses_the_pool_without_the_compiler() {
    // `j: J` of `fn submit<J>` and of a trait impl's generic method; `n: u8` of a generic function is fine.
    let got = facts(
        "use workerpool::{Pool, Worker};\nfn submit<J: Send + 'static>(pool: &Pool, j: J) { pool.delegate(j).unwrap(); }\nfn typed<J>(pool: &Pool, n: u8, _j: J) { pool.delegate(n).unwrap(); }\ntrait Ext { fn go<T: Send + 'static>(&self, t: T); }\nimpl Ext for Pool { fn go<T: Send + 'static>(&self, t: T) { self.delegate((t)).unwrap(); } }\nfn main() {\n    let a = Pool::new(1);\n    a.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    submit(&a, 1u8);\n    let b = Pool::new(1);\n    b.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    typed(&b, 1, ());\n    b.go(2u8);\n}\n",
    );
    expect_test::expect![[r#"
        pool 2:37
          Delegate 2:56
          AddWorker 8:7
          adds worker 0 (Semi)
          refused 2:56 needs-compiler
        pool 3:20
          Delegate 3:47
          Delegate 5:66
          AddWorker 11:7
          adds worker 1 (Semi)
          refused 5:66 needs-compiler
        worker 0 Closure job u8
        worker 1 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_generic_helper_is_no_helper_and_its_adds_are_the_compilers() {
    // `wrap`'s bound (in a where clause) writes `u32`, but a generic function is no helper: the adds of what `wrap`
    // and `boxed` return are workers the walk does not follow, a question the probe asks (kept workers).
    let got = facts(
        "use workerpool::{Pool, Worker};\nfn wrap<F>(f: F) -> Worker\nwhere\n    F: Fn(u32) + Send + Sync + 'static,\n{\n    Worker::new(f)\n}\nfn boxed<F: Fn(T) + Send + Sync + 'static, T>(f: F) -> Worker {\n    Worker::new(f)\n}\nfn main() {\n    let pool = Pool::new(1);\n    let a = wrap(|n| drop(n));\n    pool.add_worker(&a).unwrap();\n    pool.add_worker(&a).unwrap();\n    let v = vec![1];\n    let b = wrap(move |n| drop((n, &v)));\n    pool.add_worker(&b).unwrap();\n    pool.add_worker(&b).unwrap();\n    Pool::new(1).add_worker(&boxed(|n: u8| drop(n))).unwrap();\n    let c = { let tx = std::sync::Arc::new(0); wrap(move |n| drop((n, &tx))) };\n    pool.add_worker(&c).unwrap();\n    pool.add_worker(&c).unwrap();\n}\n",
    );
    expect_test::expect![[r#"
        pool 12:16
          AddWorker 14:10
          AddWorker 15:10
          AddWorker 18:10
          AddWorker 19:10
          AddWorker 22:10
          AddWorker 23:10
          refused 14:10 needs-compiler
          refused 15:10 needs-compiler
          refused 18:10 needs-compiler
          refused 19:10 needs-compiler
          refused 22:10 needs-compiler
          refused 23:10 needs-compiler
        pool 20:5
          AddWorker 20:18
          refused 20:18 needs-compiler
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_method_returning_a_worker_is_a_helper_called_on_a_value_of_known_type() {
    // `Echo { .. }.worker()` and `e.worker()` of a `let e: Echo` are the helper; `unknown().worker()` may be.
    let got = facts(
        "use workerpool::{Pool, Worker};\nstruct Echo;\nimpl Echo {\n    fn worker(self) -> Worker {\n        Worker::new(|n: u8| drop(n))\n    }\n}\nfn main() {\n    let pool = Pool::new(1);\n    pool.add_worker(&Echo {}.worker()).unwrap();\n    let e: Echo = Echo {};\n    let w = e.worker();\n    pool.add_worker(&w).unwrap();\n    let other = unknown().worker();\n}\n",
    );
    expect_test::expect![[r#"
        pool 9:16
          AddWorker 10:10
          AddWorker 13:10
          adds worker 0 (Semi)
          adds worker 0 (Semi)
        worker 0 Helper job u8, refused 14:27 needs-compiler
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_helper_named_where_it_is_not_followed_is_refused_there() {
    // A helper method called by path, and a helper function named as a value: what they make is not followed.
    let got = facts(
        "use workerpool::{Pool, Worker};\nstruct Echo;\nimpl Echo {\n    fn worker(&self) -> Worker {\n        Worker::new(|n: u8| drop(n))\n    }\n}\nfn make() -> Worker {\n    Worker::new(|n: u16| drop(n))\n}\nfn main(e: &Echo) {\n    Pool::new(1).add_worker(&e.worker()).unwrap();\n    let _w = Echo::worker(e);\n    Pool::new(1).add_worker(&make()).unwrap();\n    let _f = make;\n}\n",
    );
    expect_test::expect![[r#"
        pool 12:5
          AddWorker 12:18
          adds worker 0 (Semi)
        pool 14:5
          AddWorker 14:18
          adds worker 1 (Semi)
        worker 0 Helper job u8, refused 13:14 needs-compiler
        worker 1 Helper job u16, refused 15:14 needs-compiler
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_channel_is_std_s_by_the_import_that_names_it_not_by_its_spelling() {
    // The first worker captures a std Sender (Clone); the second a sender of a `channel` imported from
    // elsewhere, whose type this tool does not know; the third a std Sender made with a turbofish.
    let got = facts(
        "use workerpool::{Pool, Worker};\nmod a {\n    use std::sync::mpsc::channel;\n    use workerpool::{Pool, Worker};\n    fn f() {\n        let (tx, _rx) = channel();\n        let w = Worker::new(move |n: u8| tx.send(n).unwrap());\n        Pool::new(1).add_worker(&w).unwrap();\n    }\n}\nmod b {\n    use other::channel;\n    use workerpool::{Pool, Worker};\n    fn f() {\n        let (tx, _rx) = channel();\n        let w = Worker::new(move |n: u8| tx.send(n).unwrap());\n        Pool::new(1).add_worker(&w).unwrap();\n    }\n}\nmod c {\n    use std::sync::mpsc::channel;\n    use workerpool::{Pool, Worker};\n    fn f() {\n        let (tx, _rx) = channel::<u8>();\n        let w = Worker::new(move |n: u8| tx.send(n).unwrap());\n        Pool::new(1).add_worker(&w).unwrap();\n    }\n}\n",
    );
    expect_test::expect![[r#"
        pool 8:9
          AddWorker 8:22
          adds worker 0 (Semi)
        pool 17:9
          AddWorker 17:22
          adds worker 1 (Semi)
        pool 26:9
          AddWorker 26:22
          adds worker 2 (Semi)
        worker 0 CloneClosure job u8
        worker 1 MoveClosure job u8
        worker 2 CloneClosure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn an_add_worker_a_function_returns_is_followed_by_ok_and_one_whose_value_goes_elsewhere_is_refused()
 {
    // The tail of `attach`, and a tail of the `if` that ends `maybe`, are what those functions return; the tail
    // of a closure's block, and a remove_worker whose value is returned, are not migrated.
    let got = facts(
        "use workerpool::{Error, Pool, Worker};\nfn attach(pool: &Pool) -> Result<(), Error> {\n    let w = Worker::new(|n: u8| drop(n));\n    pool.add_worker(&w)\n}\nfn maybe(pool: &Pool, yes: bool) -> Result<(), Error> {\n    let w = Worker::new(|n: u8| drop(n));\n    if yes { pool.add_worker(&w) } else { Ok(()) }\n}\nfn main() {\n    let pool = Pool::new(1);\n    attach(&pool).unwrap();\n    maybe(&pool, true).unwrap();\n    let other = Pool::new(1);\n    let w = Worker::new(|n: u8| drop(n));\n    let add = || { other.add_worker(&w) };\n    add().unwrap();\n    let _ = cycle(&Pool::new(1));\n}\nfn cycle(pool: &Pool) -> Result<(), Error> {\n    let v = Worker::new(|n: u8| drop(n));\n    pool.add_worker(&v)?;\n    pool.remove_worker(&v)\n}\n",
    );
    expect_test::expect![[r#"
        pool 2:18
          AddWorker 4:10
          AddWorker 8:19
          adds worker 0 (ResultTail)
          adds worker 1 (ResultTail)
        pool 14:17
          AddWorker 16:26
          refused 16:26 needs-compiler
        pool 20:17
          AddWorker 22:10
          Other 23:10
          adds worker 3 (Semi)
          refused 23:10 needs-compiler
        worker 0 Closure job u8
        worker 1 Closure job u8
        worker 2 Closure job u8
        worker 3 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn an_asserted_ok_add_worker_is_a_dead_check_but_a_debug_assertion_is_not() {
    // `debug_assert!` does not run its call in a release build: dropping it would add a worker 2.x never added.
    let got = facts(
        "use workerpool::{Pool, Worker};\n\nfn main() {\n    let pool = Pool::new(2);\n    let w = Worker::new(|n: u8| drop(n));\n    assert!(pool.add_worker(&w).is_ok());\n    assert!(pool.add_worker(&w).is_ok(), \"second {}\", 2);\n    let other = Pool::new(2);\n    debug_assert!(other.add_worker(&w).is_ok());\n}\n",
    );
    expect_test::expect![[r#"
        pool 4:16
          AddWorker 6:18
          AddWorker 7:18
          adds worker 0 (DeadCheck)
          adds worker 0 (DeadCheck)
        pool 8:17
          AddWorker 9:25
          refused 9:25 needs-compiler
        worker 0 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_pool_given_whole_to_a_macro_or_named_in_one_that_is_not_code_is_refused_as_in_a_macro() {
    // `send!(a, ..)` and `send!(&b)` give the pool whole; `println!` and `assert!` only read what they format;
    // `lazy_static!`'s body is not code, and the pool `make` returns is named there.
    let got = facts(
        "use workerpool::{Pool, Worker};\nfn make() -> Pool { Pool::new(1) }\nlazy_static::lazy_static! {\n    static ref P: Pool = make();\n}\nfn main() {\n    let a = Pool::new(1);\n    a.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    send!(a, 1u8);\n    let b = Pool::new(1);\n    send!(&b);\n    let c = Pool::new(1);\n    println!(\"{}\", c.workers_num());\n    assert!(c.delegate(1u8).is_err());\n}\n",
    );
    expect_test::expect![[r#"
        pool 2:14
          refused 4:26 needs-compiler
        pool 7:13
          AddWorker 8:7
          adds worker 0 (Semi)
          refused 9:11 needs-compiler
        pool 10:13
          refused 11:12 needs-compiler
        pool 12:13
          Other 13:22
          Delegate 14:15
        worker 0 Closure job u8
    "#]]
    .assert_eq(&got);
}

#[test]
fn items_inside_a_function_body_are_places_as_at_module_level_and_two_of_one_name_join() {
    // Both `feed`s take a pool: a call of either name joins them, so their two job types refuse them (never a wrong
    // type); `Local`'s field is the place its literal's pool goes.
    let got = facts(
        "use workerpool::{Pool, Worker};\n\nfn one() {\n    fn feed(pool: &Pool) {\n        pool.delegate(1u8).unwrap();\n    }\n    let pool = Pool::new(1);\n    feed(&pool);\n}\n\nfn two() {\n    fn feed(pool: &Pool) {\n        pool.delegate(2u64).unwrap();\n    }\n    struct Local {\n        pool: Pool,\n    }\n    let local = Local { pool: Pool::new(1) };\n    local.pool.add_worker(&Worker::new(|n: u32| drop(n))).unwrap();\n    feed(&Pool::new(1));\n}\n",
    );
    expect_test::expect![[r#"
        pool 4:20
          Delegate 5:14
          Delegate 13:14
        pool 16:15
          AddWorker 19:16
          adds worker 0 (Semi)
        worker 0 Closure job u32
    "#]]
    .assert_eq(&got);
}

#[test]
fn a_pool_created_in_a_macro_rules_body_is_refused_there_and_is_what_its_calls_evaluate_to() {
    // `pool_of!` creates a pool (refused at its `Pool`), which `a` holds; `twice!` creates none.
    let got = facts(
        "use workerpool::{Pool, Worker};\nmacro_rules! pool_of {\n    ($f:expr) => {{ let p = Pool::new(2); p.add_worker(&Worker::new($f)).unwrap(); p }};\n}\nmacro_rules! twice { ($e:expr) => { $e; $e } }\nfn main() {\n    let a = pool_of!(|n: u8| drop(n));\n    a.delegate(1u8).unwrap();\n    let b = Pool::new(1);\n    b.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n    twice!(b.delegate(2u8).unwrap());\n}\n",
    );
    expect_test::expect![[r#"
        pool 3:29
          Delegate 8:7
          refused 3:29 needs-compiler
        pool 9:13
          AddWorker 10:7
          Delegate 11:14
          adds worker 0 (Semi)
        worker 0 Closure job u8
    "#]]
    .assert_eq(&got);
}
