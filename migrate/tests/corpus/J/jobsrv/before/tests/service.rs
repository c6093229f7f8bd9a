//! The service's life cycle: start, submit, pause, resume, shutdown.

use jobsrv::{audit, Config, Service, ServiceError, Task};

fn echo(id: u32) -> Task {
    Task::echo(id, &format!("t{id}"))
}

#[test]
fn submit_before_start_is_refused() {
    let s = Service::new(Config::default());
    assert_eq!(s.submit(echo(1)), Err(ServiceError::NotStarted));
    assert!(!s.is_running());
}

#[test]
fn start_twice_fails() {
    let s = Service::new(Config::default());
    s.start().unwrap();
    assert_eq!(s.start(), Err(ServiceError::AlreadyStarted));
    s.shutdown();
}

#[test]
fn outcomes_come_back_sorted() {
    let s = Service::new(Config::new(4, 2));
    s.start().unwrap();
    for id in [5, 3, 9, 1] {
        s.submit(echo(id)).unwrap();
    }
    let ids: Vec<u32> = s.collect(4).iter().map(|o| o.id).collect();
    assert_eq!(ids, vec![1, 3, 5, 9]);
    assert_eq!(s.shutdown(), 4);
}

#[test]
fn submit_while_paused_is_refused() {
    let s = Service::new(Config::default());
    s.start().unwrap();
    s.pause();
    assert!(!s.is_running());
    assert_eq!(s.submit(echo(1)), Err(ServiceError::Paused));
}

#[test]
fn resume_after_pause_runs_new_tasks() {
    let s = Service::new(Config::new(1, 1));
    s.start().unwrap();
    s.pause();
    s.resume().unwrap();
    assert!(s.is_running());
    s.submit(echo(7)).unwrap();
    assert_eq!(s.collect(1)[0].summary, "echo t7");
}

#[test]
fn shutdown_forgets_the_pool() {
    let s = Service::new(Config::new(2, 1));
    s.start().unwrap();
    assert_eq!(s.shutdown(), 2);
    assert_eq!(s.shutdown(), 0);
    assert_eq!(s.submit(echo(1)), Err(ServiceError::NotStarted));
    s.start().unwrap();
    assert!(s.is_running());
}

#[test]
fn the_audit_log_sees_submissions() {
    let s = Service::new(Config::default());
    s.start().unwrap();
    s.submit(echo(4242)).unwrap();
    s.collect(1);
    assert!(audit::drain().contains(&"submit 4242".to_string()));
}
