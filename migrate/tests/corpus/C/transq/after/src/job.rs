//! A transcoding job and what comes of it.

use crate::profile::Profile;

pub type JobId = u32;

/// A source file as the queue knows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Media {
    pub path: String,
    pub seconds: u32,
    pub has_video: bool,
}

impl Media {
    pub fn video(path: &str, seconds: u32) -> Media {
        Media {
            path: path.into(),
            seconds,
            has_video: true,
        }
    }

    pub fn audio(path: &str, seconds: u32) -> Media {
        Media {
            path: path.into(),
            seconds,
            has_video: false,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Job {
    pub id: JobId,
    pub input: Media,
    pub profile: Profile,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Encoded {
        id: JobId,
        output: String,
        kilobytes: u64,
    },
    Rejected {
        id: JobId,
        reason: String,
    },
}

impl Outcome {
    pub fn id(&self) -> JobId {
        match self {
            Outcome::Encoded { id, .. } | Outcome::Rejected { id, .. } => *id,
        }
    }
}
