//! A fake SMTP transport: "sent" mail lands in an outbox.

use std::sync::Mutex;

use crate::audit;
use crate::message::Message;

static OUTBOX: Mutex<Vec<String>> = Mutex::new(Vec::new());

pub fn render(msg: &Message) -> String {
    let body = match msg {
        Message::Welcome { .. } => "Thanks for signing up.".to_string(),
        Message::Reset { token, .. } => format!("Code: {token:06}"),
        Message::Digest { items, .. } => items.join(", "),
    };
    format!("To: {} | {} | {}", msg.to(), msg.subject(), body)
}

/// The worker function of the mail pool.
pub fn send(msg: Message) {
    let line = render(&msg);
    audit::record(format!("sent to {}", msg.to()));
    OUTBOX.lock().unwrap().push(line);
}

pub fn sent_count() -> usize {
    OUTBOX.lock().unwrap().len()
}

/// Everything sent, sorted, and empties the outbox.
pub fn drain() -> Vec<String> {
    let mut out = std::mem::take(&mut *OUTBOX.lock().unwrap());
    out.sort();
    out
}
