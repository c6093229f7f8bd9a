use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

use crate::envelope::Envelope;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendError {
    /// 4xx: try again later.
    Transient(String),
    /// 5xx: give up.
    Permanent(String),
}

impl fmt::Display for SendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SendError::Transient(m) => write!(f, "4xx {m}"),
            SendError::Permanent(m) => write!(f, "5xx {m}"),
        }
    }
}

pub trait Transport: Send + Sync + 'static {
    fn send(&self, env: &Envelope) -> Result<(), SendError>;
}

/// Recipients containing "greylist" fail their first two tries, "nouser" always fails.
#[derive(Default)]
pub struct FakeSmtp {
    tries: Mutex<HashMap<u64, u32>>,
    sent: Mutex<Vec<u64>>,
}

impl FakeSmtp {
    pub fn sent(&self) -> Vec<u64> {
        let mut v = self.sent.lock().unwrap().clone();
        v.sort_unstable();
        v
    }
}

impl Transport for FakeSmtp {
    fn send(&self, env: &Envelope) -> Result<(), SendError> {
        let n = {
            let mut tries = self.tries.lock().unwrap();
            let n = tries.entry(env.id).or_insert(0);
            *n += 1;
            *n
        };
        if env.to.contains("nouser") {
            return Err(SendError::Permanent(format!("550 no such user {}", env.to)));
        }
        if env.to.contains("greylist") && n <= 2 {
            return Err(SendError::Transient("451 greylisted".into()));
        }
        self.sent.lock().unwrap().push(env.id);
        Ok(())
    }
}
