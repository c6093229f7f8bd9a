use toolbelt::{run_script, standard_registry, Registry, ToolError};

#[test]
fn script_output_is_in_order() {
    let reg = standard_registry().unwrap();
    let out = run_script(&reg, "reverse abc\nfib 10\nupper x");
    assert_eq!(out, [" 0: cba", " 1: fib(10) = 55", " 2: X"]);
}

#[test]
fn wrong_input_is_refused_before_queueing() {
    let reg = standard_registry().unwrap();
    let err = reg.submit("fib", 0, "ten".to_string()).unwrap_err();
    assert!(matches!(err, ToolError::WrongInput { ref tool, .. } if tool == "fib"));
    assert_eq!(reg.threads("fib"), Some(2));
}

#[test]
fn a_custom_tool_with_a_struct_input() {
    #[derive(Debug)]
    struct Pair(u32, u32);
    let mut reg = Registry::new();
    reg.register("add", 1, |Pair(a, b): Pair| (a + b).to_string())
        .unwrap();
    reg.register("len", 1, |s: &'static str| s.len().to_string())
        .unwrap();
    reg.submit("add", 0, Pair(2, 3)).unwrap();
    reg.submit("len", 1, "four").unwrap();
    assert_eq!(reg.collect(2), [(0, "5".to_string()), (1, "4".to_string())]);
}

#[test]
fn a_tool_without_threads_refuses_work() {
    let reg = standard_registry().unwrap();
    reg.shrink("crc").unwrap();
    assert_eq!(reg.threads("crc"), Some(0));
    let err = reg.submit("crc", 0, vec![1u8]).unwrap_err();
    assert!(matches!(err, ToolError::Pool(workerpool::Error::NoWorkers)));
}
