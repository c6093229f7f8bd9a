mod channels;
mod dispatch;

use std::collections::BTreeMap;

use workerpool::Worker;

use channels::{Email, Sms};

struct Subscriber {
    name: &'static str,
    email: Option<&'static str>,
    phone: Option<&'static str>,
}

const SUBSCRIBERS: [Subscriber; 5] = [
    Subscriber { name: "ana", email: Some("ana@example.org"), phone: Some("+4915550001") },
    Subscriber { name: "ben", email: Some("ben@example.org"), phone: None },
    Subscriber { name: "cho", email: None, phone: Some("+4915550003") },
    Subscriber { name: "dev", email: Some("dev@example.org"), phone: Some("+4915550004") },
    Subscriber { name: "eli", email: None, phone: None },
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut log: BTreeMap<&str, usize> = BTreeMap::new();

    let emails = SUBSCRIBERS.iter().filter_map(|s| {
        s.email.map(|to| Email { to: to.to_string(), subject: format!("Hello {}", s.name) })
    });
    let email_worker = Worker::new(channels::deliver_email);
    let n = dispatch::campaign(&email_worker, 1, emails, |n| {
        for line in channels::take_delivered(n) {
            println!("{line}");
        }
    })?;
    log.insert("email", n);
    println!("workers after email campaign: {}", dispatch::DISPATCH.workers_num());

    let texts = SUBSCRIBERS.iter().filter_map(|s| {
        s.phone.map(|p| Sms { number: p.to_string(), text: format!("{}, your code is {}", s.name, s.name.len() * 1111) })
    });
    let sms_worker = Worker::new(channels::deliver_sms);
    let n = dispatch::campaign(&sms_worker, 3, texts, |n| {
        for line in channels::take_delivered(n) {
            println!("{line}");
        }
    })?;
    log.insert("sms", n);

    for (kind, n) in log {
        println!("{kind}: {n} sent");
    }
    let unreachable: Vec<&str> = SUBSCRIBERS.iter().filter(|s| s.email.is_none() && s.phone.is_none()).map(|s| s.name).collect();
    println!("unreachable: {unreachable:?}");
    Ok(())
}
