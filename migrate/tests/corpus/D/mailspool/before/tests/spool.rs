use mailspool::*;

fn spool(cfg: SpoolConfig) -> Spool<FakeSmtp> {
    let mut s = Spool::new(cfg, FakeSmtp::default());
    s.start().expect("start");
    s
}

#[test]
fn not_running_refuses() {
    let mut s = Spool::new(SpoolConfig::default(), FakeSmtp::default());
    assert!(matches!(s.submit(Envelope::new(1, "a@b", "x")), Err(SpoolError::NotRunning)));
    assert_eq!(s.status(), Status::Stopped);
}

#[test]
fn greylisted_mail_gets_through_on_retry() -> Result<(), SpoolError> {
    let mut s = spool(SpoolConfig::default());
    s.submit(Envelope::new(7, "x@greylist.test", "hi"))?;
    assert_eq!(s.drain()?, vec![Outcome::Delivered { id: 7, attempts: 3 }]);
    Ok(())
}

#[test]
fn too_few_attempts_bounce() -> Result<(), SpoolError> {
    let mut s = spool(SpoolConfig { max_attempts: 2, ..SpoolConfig::default() });
    s.submit(Envelope::new(1, "x@greylist.test", "hi"))?;
    let out = s.drain()?;
    assert!(matches!(&out[0], Outcome::Bounced { id: 1, reason } if reason.starts_with("4xx")));
    Ok(())
}

#[test]
fn without_retriers_transient_failures_bounce() -> Result<(), SpoolError> {
    let mut s = spool(SpoolConfig { retriers: 0, ..SpoolConfig::default() });
    assert_eq!(s.status(), Status::Running { senders: 2, retriers: 0 });
    s.submit(Envelope::new(3, "x@greylist.test", "hi"))?;
    s.submit(Envelope::new(4, "ok@test", "hi"))?;
    let out = s.drain()?;
    assert!(matches!(&out[0], Outcome::Bounced { id: 3, reason } if reason.contains("no retry")));
    assert_eq!(out[1], Outcome::Delivered { id: 4, attempts: 1 });
    Ok(())
}
