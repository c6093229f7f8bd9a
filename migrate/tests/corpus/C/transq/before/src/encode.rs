//! What an encoder thread does with one job (simulated: sizes, not bytes).

use std::sync::mpsc::Sender;

use crate::job::{Job, Outcome};
use crate::profile::Codec;

/// A job together with where its outcome goes.
pub type Ticket = (Job, Sender<Outcome>);

/// The encoder threads' worker function.
pub fn run((job, reply): Ticket) {
    // The receiver may be gone if the caller gave up; the outcome is then dropped.
    let _ = reply.send(encode(&job));
}

pub fn encode(job: &Job) -> Outcome {
    let p = &job.profile;
    if p.needs_video() && !job.input.has_video {
        return Outcome::Rejected {
            id: job.id,
            reason: format!(
                "{} needs a video track, {} has none",
                p.name(),
                job.input.path
            ),
        };
    }
    if job.input.seconds == 0 {
        return Outcome::Rejected {
            id: job.id,
            reason: format!("{} is empty", job.input.path),
        };
    }
    let stem = job
        .input
        .path
        .rsplit_once('.')
        .map_or(job.input.path.as_str(), |(s, _)| s);
    Outcome::Encoded {
        id: job.id,
        output: format!("{stem}.{}.{}", p.name(), p.extension()),
        kilobytes: p.bitrate() * u64::from(job.input.seconds) / 8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job::Media;
    use crate::profile::Profile;

    #[test]
    fn audio_cannot_become_video() {
        let job = Job {
            id: 1,
            input: Media::audio("talk.wav", 60),
            profile: Profile::Vp9Web,
        };
        assert!(matches!(encode(&job), Outcome::Rejected { .. }));
    }

    #[test]
    fn size_follows_bitrate() {
        let job = Job {
            id: 2,
            input: Media::video("a.mov", 8),
            profile: Profile::H264_1080p,
        };
        assert_eq!(
            encode(&job),
            Outcome::Encoded {
                id: 2,
                output: "a.h264-1080p.mp4".into(),
                kilobytes: 5_000
            }
        );
    }
}
