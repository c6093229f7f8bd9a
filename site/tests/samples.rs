//! The landing page's code samples, compiled against the workspace's `workerpool` and run: the
//! page shows regions of these very files.

#[path = "../samples/mail.rs"]
mod mail;

#[path = "../samples/send_emails.rs"]
mod send_emails;

#[path = "../samples/busy.rs"]
mod busy;

#[path = "../samples/per_connection.rs"]
mod per_connection;

#[path = "../samples/upgrade.rs"]
mod upgrade;

use mail::{Client, Email, Outbox};
use std::path::PathBuf;
use std::sync::Mutex;
use workerpool::Pool;

fn emails(count: usize) -> Vec<Email> {
    (0..count)
        .map(|n| Email::to(format!("reader{n}@example.com")))
        .collect()
}

static SENT: Mutex<Vec<Email>> = Mutex::new(Vec::new());

fn record(email: Email) {
    SENT.lock().unwrap().push(email);
}

#[test]
fn four_workers_send_every_email_once_before_send_all_returns() {
    // More emails than the queue holds, so delegate has to wait for room.
    let emails = emails(1000);
    send_emails::send_all(emails.clone(), record).unwrap();
    let mut sent = SENT.lock().unwrap().clone();
    sent.sort();
    let mut expected = emails;
    expected.sort();
    assert_eq!(sent, expected);
}

#[test]
fn a_full_queue_turns_the_request_away_and_hands_the_email_back() {
    let pool = Pool::new(1);
    busy::accept(&pool, Email::to("first@example.com")).unwrap();
    let turned_away = busy::accept(&pool, Email::to("second@example.com"));
    assert_eq!(
        turned_away,
        Err(busy::Busy(Email::to("second@example.com")))
    );
    assert_eq!(pool.queued(), 1, "the turned-away email was not queued");
}

#[test]
fn a_queue_with_room_accepts_the_request() {
    let pool = Pool::new(1);
    let outbox = Outbox::default();
    let mut client = Client::connect(1, &outbox);
    let _worker = pool.add_worker(move |email| client.send(email));
    busy::accept(&pool, Email::to("a@example.com")).unwrap();
    pool.wait_idle();
    busy::accept(&pool, Email::to("b@example.com")).unwrap();
    pool.stop();
    let sent: Vec<Email> = outbox
        .lock()
        .unwrap()
        .iter()
        .map(|(_, email)| email.clone())
        .collect();
    assert_eq!(
        sent,
        [Email::to("a@example.com"), Email::to("b@example.com")]
    );
}

#[test]
fn each_connection_sends_through_its_own_client_until_it_goes_away() {
    let pool = Pool::new(16);
    let outbox = Outbox::default();
    let clients = (1..=3).map(|id| Client::connect(id, &outbox)).collect();
    let mut workers = per_connection::connect(&pool, clients);
    assert_eq!(pool.workers(), 3);

    for email in emails(30) {
        pool.delegate(email).unwrap();
    }
    pool.wait_idle();
    assert_eq!(outbox.lock().unwrap().len(), 30);

    per_connection::disconnect(&mut workers, 2);
    assert_eq!(pool.workers(), 2);
    assert!(!workers.contains_key(&2));
    outbox.lock().unwrap().clear();
    for email in emails(30) {
        pool.delegate(email).unwrap();
    }
    pool.stop();
    let senders: Vec<u32> = outbox.lock().unwrap().iter().map(|(id, _)| *id).collect();
    assert_eq!(senders.len(), 30, "every email was sent");
    assert!(
        senders.iter().all(|&id| id != 2),
        "client 2 sent after it went away: {senders:?}"
    );
}

#[test]
fn v2_and_v3_samples_both_run_and_end_with_no_worker() {
    assert_eq!(upgrade::with_v2(PathBuf::from("a.png")).unwrap(), 0);
    assert_eq!(upgrade::with_v3(PathBuf::from("b.png")).unwrap(), 0);
}
