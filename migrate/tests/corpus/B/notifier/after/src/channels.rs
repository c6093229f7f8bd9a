//! Delivery channels: each notification kind and how it is delivered.

use std::sync::Mutex;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sms {
    pub number: String,
    pub text: String,
}

pub static DELIVERED: Mutex<Vec<String>> = Mutex::new(Vec::new());

pub fn deliver_email(e: Email) {
    DELIVERED.lock().unwrap().push(format!("email {} <{}>", e.subject, e.to));
}

pub fn deliver_sms(s: Sms) {
    let text: String = s.text.chars().take(20).collect();
    DELIVERED.lock().unwrap().push(format!("sms {} '{}'", s.number, text));
}

/// Waits until `n` deliveries have happened; returns them sorted and clears the list.
pub fn take_delivered(n: usize) -> Vec<String> {
    loop {
        let mut d = DELIVERED.lock().unwrap();
        if d.len() >= n {
            let mut out = std::mem::take(&mut *d);
            out.sort();
            return out;
        }
        drop(d);
        std::thread::yield_now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sms_is_cut_to_twenty_chars() {
        deliver_sms(Sms { number: "1".into(), text: "x".repeat(50) });
        deliver_email(Email { to: "a@b".into(), subject: "S".into() });
        let got = take_delivered(2);
        assert_eq!(got, vec!["email S <a@b>".to_string(), format!("sms 1 '{}'", "x".repeat(20))]);
    }
}
