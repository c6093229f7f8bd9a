#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub id: u64,
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Envelope {
    pub fn new(id: u64, to: impl Into<String>, subject: impl Into<String>) -> Envelope {
        Envelope { id, to: to.into(), subject: subject.into(), body: String::new() }
    }

    pub fn with_body(mut self, body: &str) -> Envelope {
        self.body = body.to_owned();
        self
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Delivered { id: u64, attempts: u32 },
    Bounced { id: u64, reason: String },
}

impl Outcome {
    pub fn id(&self) -> u64 {
        match self {
            Outcome::Delivered { id, .. } | Outcome::Bounced { id, .. } => *id,
        }
    }
}
