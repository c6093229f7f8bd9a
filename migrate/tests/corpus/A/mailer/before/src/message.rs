//! What the mailer sends.

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Welcome { to: String, name: String },
    Reset { to: String, token: u32 },
    Digest { to: String, items: Vec<String> },
}

impl Message {
    pub fn to(&self) -> &str {
        match self {
            Message::Welcome { to, .. } | Message::Reset { to, .. } | Message::Digest { to, .. } => to,
        }
    }

    pub fn subject(&self) -> String {
        match self {
            Message::Welcome { name, .. } => format!("Welcome, {name}!"),
            Message::Reset { .. } => "Your password reset code".to_string(),
            Message::Digest { items, .. } => format!("{} new items", items.len()),
        }
    }
}
