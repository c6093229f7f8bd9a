//! Property test: on arbitrary parseable Rust built from 2.x-style fragments (names that collide, pools in
//! closures, loops, structs, matches on NoWorkers ...), the tool never panics, its output still parses, keeps every
//! comment, and a second run changes nothing.

use proptest::prelude::*;

fn pool() -> impl Strategy<Value = String> {
    prop_oneof![Just("pool"), Just("q"), Just("self.pool"), Just("shared")].prop_map(String::from)
}

fn worker() -> impl Strategy<Value = String> {
    prop_oneof![Just("w"), Just("v")].prop_map(String::from)
}

fn job_type() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("u64"),
        Just("String"),
        Just("(u8, bool)"),
        Just("Vec<T>")
    ]
    .prop_map(String::from)
}

fn wrap() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(""),
        Just("?"),
        Just(".unwrap()"),
        Just(".expect(\"x\")"),
        Just(".ok()"),
        Just(".is_err()")
    ]
    .prop_map(String::from)
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("1"),
        Just("1u64"),
        Just("String::new()"),
        Just("x"),
        Just("(1, true)")
    ]
    .prop_map(String::from)
}

fn leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        (pool(), 0..3u8).prop_map(|(p, n)| format!("let {p} = Pool::new({n});")),
        (pool(), 0..3u8).prop_map(|(p, n)| format!("let {p} = Arc::new(Pool::new({n}));")),
        (pool(), pool()).prop_map(|(p, q)| format!("let {p} = {q}.clone();")),
        (worker(), job_type())
            .prop_map(|(w, t)| format!("let {w} = Worker::new(|x: {t}| drop(x));")),
        (worker(), job_type())
            .prop_map(|(w, t)| format!("let {w} = Worker::new(move |x: {t}| drop(x));")),
        worker().prop_map(|w| format!("let {w} = Worker::new(|x| drop(x));")),
        worker().prop_map(|w| format!("let {w} = Worker::new(work);")),
        (pool(), worker(), wrap()).prop_map(|(p, w, r)| format!("{p}.add_worker(&{w}){r};")),
        (pool(), job_type(), wrap())
            .prop_map(|(p, t, r)| format!("{p}.add_worker(&Worker::new(|x: {t}| drop(x))){r};")),
        (pool(), worker(), wrap())
            .prop_map(|(p, w, r)| format!("{p}\n    .add_worker(&{w}) // one\n    {r};")),
        (worker(), job_type()).prop_map(|(w, t)| format!(
            "let {w} = Worker::new(\n    // c\n    move |x: {t}| drop(x),\n);"
        )),
        (pool(), worker(), wrap()).prop_map(|(p, w, r)| format!("{p}.remove_worker(&{w}){r};")),
        (pool(), value(), wrap()).prop_map(|(p, v, r)| format!("{p}.delegate({v}){r};")),
        (pool(), value()).prop_map(|(p, v)| format!("let r = {p}.delegate({v});")),
        pool().prop_map(|p| format!("{p}.stop();")),
        pool().prop_map(|p| format!("{p}.stop()")),
        pool().prop_map(|p| format!("println!(\"{{}}\", {p}.workers_num());")),
        pool().prop_map(|p| format!("helper(&{p});")),
        pool().prop_map(|p| format!("S {{ pool: {p} }};")),
        pool().prop_map(|p| format!("std::thread::spawn(move || {p}.stop());")),
        (pool(), value()).prop_map(|(p, v)| format!(
            "match {p}.delegate({v}) {{ Ok(()) => {{}} Err(Error::NoWorkers) => {{}} }}"
        )),
        Just("return Err(Error::NoWorkers);".to_string()),
        Just("/* comment */ // line comment\n".to_string()),
    ]
}

fn statements() -> impl Strategy<Value = String> {
    leaf().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(|v| v.join("\n")),
            prop::collection::vec(inner.clone(), 0..4)
                .prop_map(|v| format!("for _ in 0..2 {{ {} }}", v.join(" "))),
            prop::collection::vec(inner.clone(), 0..4)
                .prop_map(|v| format!("{{ {} }}", v.join("\r\n"))),
            prop::collection::vec(inner, 0..4)
                .prop_map(|v| format!("let f = move || {{ {} }};", v.join(" "))),
        ]
    })
}

fn file() -> impl Strategy<Value = String> {
    let imports = prop_oneof![
        Just("use workerpool::{Pool, Worker, Error};"),
        Just("use workerpool::*;"),
        Just("use workerpool::{Pool as P, Worker};\nuse workerpool::Error;"),
        Just("use workerpool::{\n    // the pool\n    Pool,\n    Worker, /* w */ Error, // e\n};"),
        Just(""),
    ];
    (imports, statements(), statements(), statements(), any::<bool>()).prop_map(|(imports, a, b, c, bom)| {
        format!(
            "{}{imports}\nuse std::sync::Arc;\n\nfn work(x: u64) {{ drop(x); }}\n\n\
             fn main() -> Result<(), Error> {{\n{a}\nOk(())\n}}\n\n\
             fn helper(pool: &Pool) {{\n{b}\n}}\n\n\
             struct S {{ pool: Pool }}\n\nimpl S {{\n    fn run<T>(&self, x: T) -> Pool {{\n{c}\nPool::new(1)\n    }}\n}}\n",
            if bom { "\u{feff}" } else { "" }
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn output_parses_and_a_second_run_changes_nothing(text in file()) {
        prop_assume!(syn::parse_file(text.trim_start_matches('\u{feff}')).is_ok());
        let once = migrate::analysis::migrate_text(&text).expect("parses").unwrap_or(text.clone());
        prop_assert!(
            syn::parse_file(once.trim_start_matches('\u{feff}')).is_ok(),
            "output does not parse:\n{once}"
        );
        let comments = |t: &str| {
            let mut all: Vec<String> = migrate::edit::comments(t, 0..t.len())
                .into_iter()
                .map(|r| t[r].to_string())
                .collect();
            all.sort();
            all
        };
        prop_assert_eq!(comments(&text), comments(&once), "a comment was lost:\n{}", once);
        let twice = migrate::analysis::migrate_text(&once).expect("parses");
        prop_assert!(twice.is_none(), "second run changed:\n{once}\n---\n{}", twice.unwrap_or_default());
    }
}
