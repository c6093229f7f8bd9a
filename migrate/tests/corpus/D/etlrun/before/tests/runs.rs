use std::sync::Arc;

use etlrun::*;

fn runner(skip: bool) -> (Runner<MemorySink>, Arc<MemorySink>) {
    let sink = Arc::new(MemorySink::default());
    let cfg = RunnerConfig { skip_bad_rows: skip, batch_size: 2, ..RunnerConfig::default() };
    (Runner::new(cfg, Arc::clone(&sink)), sink)
}

#[test]
fn loads_everything_good() -> Result<(), EtlError> {
    let (mut r, sink) = runner(true);
    let rep = r.run("1,a,1,se\n2,b,2,se\n3,c,3,no\nbad\n")?;
    assert_eq!(rep.loaded, 3);
    assert_eq!(rep.batches, 2);
    assert_eq!(rep.skipped.len(), 1);
    assert_eq!(sink.rows().len(), 3);
    Ok(())
}

#[test]
fn strict_mode_fails_on_a_bad_row() {
    let (mut r, _) = runner(false);
    match r.run("1,a,1,se\nx,b,2,se\n") {
        Err(EtlError::Parse(e)) => assert_eq!(e.line, 2),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn pool_is_reused_across_runs() -> Result<(), EtlError> {
    let (mut r, sink) = runner(true);
    r.run("1,a,1,se\n")?;
    r.run("2,b,1,se\n")?;
    assert_eq!(sink.rows().len(), 2);
    Ok(())
}
