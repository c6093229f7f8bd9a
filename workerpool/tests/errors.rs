//! The errors hand the job back and convert with `?` into `workerpool::Error`,
//! `Box<dyn Error + Send + Sync>` and `anyhow::Error`, for every job type.

use std::cell::Cell;
use std::error::Error as _;

use workerpool::{DelegateError, Error, Pool};

/// A job type that is `Send` but not `Sync`, nor `Debug`: a boxed closure.
type Task = Box<dyn FnOnce() + Send>;

fn stopped_pool<T: Send + 'static>() -> Pool<T> {
    let pool = Pool::new(1);
    pool.stop();
    pool
}

#[test]
fn debug_and_display_work_for_any_job_type() {
    let err = stopped_pool::<Task>()
        .delegate(Box::new(|| {}))
        .unwrap_err();
    assert_eq!(format!("{err:?}"), "DelegateError { kind: Stopped, .. }");
    assert_eq!(
        err.to_string(),
        "the pool is stopped and takes no more jobs"
    );
    assert!(err.source().is_none());
    // `.expect()` needs Debug on the error: it compiles and panics with the kind.
    let caught = std::panic::catch_unwind(|| {
        stopped_pool::<Task>()
            .delegate(Box::new(|| {}))
            .expect("queue the task");
    });
    assert!(caught.is_err());
}

#[test]
fn every_kind_has_its_own_message() {
    assert_eq!(Error::Full.to_string(), "the queue is full");
    assert_eq!(
        Error::Timeout.to_string(),
        "timed out waiting for room in the queue"
    );
    assert_eq!(
        Error::Stopped.to_string(),
        "the pool is stopped and takes no more jobs"
    );
}

#[test]
fn question_mark_converts_into_the_non_generic_error() {
    fn queue(pool: &Pool<String>) -> Result<(), Error> {
        pool.delegate("job".to_string())?;
        Ok(())
    }
    assert_eq!(queue(&stopped_pool()), Err(Error::Stopped));
}

#[test]
fn question_mark_boxes_the_error_even_for_jobs_that_are_not_sync() {
    fn queue(pool: &Pool<Task>) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        pool.delegate(Box::new(|| {}))?;
        Ok(())
    }
    let err = queue(&stopped_pool()).unwrap_err();
    let err = err.downcast::<DelegateError<Task>>().unwrap();
    assert!(err.is_stopped());
    (err.into_job())(); // the task comes back whole and still runs
}

#[test]
fn question_mark_converts_into_anyhow() {
    fn queue(pool: &Pool<Cell<u32>>) -> anyhow::Result<()> {
        pool.try_delegate(Cell::new(1))?;
        Ok(())
    }
    let pool = Pool::new(1);
    queue(&pool).unwrap();
    let err = queue(&pool).unwrap_err();
    assert_eq!(err.to_string(), "the queue is full");
    let err = err.downcast::<DelegateError<Cell<u32>>>().unwrap();
    assert_eq!(err.into_job().get(), 1);
}

#[test]
fn delegate_error_is_send_and_sync_when_the_job_is_send() {
    fn assert_send_sync<E: Send + Sync + 'static>() {}
    assert_send_sync::<DelegateError<Task>>();
    assert_send_sync::<DelegateError<Cell<u32>>>();
    assert_send_sync::<Error>();
}
