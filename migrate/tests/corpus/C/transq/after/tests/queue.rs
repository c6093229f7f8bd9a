use transq::{Batch, Media, Outcome, Profile, QueueError};

#[test]
fn outcomes_come_back_in_job_order() {
    let mut batch = Batch::new();
    for i in 0..40 {
        batch
            .submit(
                &Media::video(&format!("v{i}.mov"), 1 + i),
                &[Profile::Vp9Web],
            )
            .unwrap();
    }
    let ids: Vec<_> = batch.wait().unwrap().iter().map(Outcome::id).collect();
    assert_eq!(ids, (1..=40).collect::<Vec<_>>());
}

#[test]
fn empty_batch_waits_for_nothing() {
    let batch = Batch::new();
    assert!(batch.is_empty());
    assert!(batch.wait().unwrap().is_empty());
}

#[test]
fn rejected_jobs_say_why() -> Result<(), QueueError> {
    let mut batch = Batch::new();
    batch.submit(&Media::audio("a.wav", 5), &[Profile::H264_720p])?;
    match &batch.wait()?[0] {
        Outcome::Rejected { reason, .. } => assert!(reason.contains("video track"), "{reason}"),
        other => panic!("expected a rejection, got {other:?}"),
    }
    Ok(())
}

#[test]
fn the_pool_is_shared() {
    let a = transq::queue::encoders() as *const _;
    let b = transq::queue::encoders() as *const _;
    assert_eq!(a, b);
    assert_eq!(
        transq::queue::encoders().workers(),
        transq::queue::ENCODER_THREADS
    );
}
