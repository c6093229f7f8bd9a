use std::sync::Arc;
use std::thread;

use mailer::{audit, transport, validate, Mailer, Message};
use workerpool::Pool;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let users = [
        ("ana@example.org", "Ana"),
        ("ben@example", "Ben"),
        ("cho@example.net", "Cho"),
        ("dev@mail.example.com", "Dev"),
        ("@nobody.org", "Nobody"),
        ("eve@example.org", "Eve"),
    ];
    let shared = Arc::new(Pool::new(32));

    // First the pool checks the addresses, then it sends the mail.
    let addrs: Vec<String> = users.iter().map(|(a, _)| a.to_string()).collect();
    let bad = validate::invalid_addresses(&shared, &addrs, 1)?;
    println!("invalid: {}", bad.join(", "));
    println!("workers between phases: {}", shared.workers_num());

    let mailer = Mailer::on(Arc::clone(&shared), 3, vec!["eve@example.org".to_string()])?;
    println!("senders: {}", mailer.senders());

    let mut expected = 0;
    let handles: Vec<_> = users
        .iter()
        .filter(|(a, _)| !bad.contains(&a.to_string()))
        .enumerate()
        .map(|(i, (to, name))| {
            let mailer = mailer.clone();
            let (to, name) = (to.to_string(), name.to_string());
            thread::spawn(move || -> Result<usize, mailer::MailError> {
                mailer.send(Message::Welcome { to: to.clone(), name })?;
                mailer.send(Message::Reset { to: to.clone(), token: 1000 + i as u32 * 37 })?;
                if i % 2 == 0 {
                    mailer.send(Message::Digest { to, items: vec!["news".into(), format!("offer {i}")] })?;
                    return Ok(3);
                }
                Ok(2)
            })
        })
        .collect();
    for h in handles {
        match h.join().unwrap() {
            Ok(n) => expected += n,
            Err(e) => println!("error: {e}"),
        }
    }

    while transport::sent_count() < expected {
        thread::yield_now();
    }
    for line in transport::drain() {
        println!("{line}");
    }
    let trail = audit::trail_of_at_least(expected);
    println!("audit lines: {}", trail.len());
    println!("first audit: {}", trail[0]);
    Ok(())
}
