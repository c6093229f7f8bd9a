//! Output profiles and the codecs behind them.

/// What an encoder needs to know about a codec.
pub trait Codec {
    fn name(&self) -> &'static str;
    fn extension(&self) -> &'static str;
    /// Kilobits per second at this profile.
    fn bitrate(&self) -> u64;
    fn needs_video(&self) -> bool {
        true
    }
}

#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    H264_720p,
    H264_1080p,
    Vp9Web,
    OpusVoice,
}

impl Codec for Profile {
    fn name(&self) -> &'static str {
        match self {
            Profile::H264_720p => "h264-720p",
            Profile::H264_1080p => "h264-1080p",
            Profile::Vp9Web => "vp9-web",
            Profile::OpusVoice => "opus-voice",
        }
    }

    fn extension(&self) -> &'static str {
        match self {
            Profile::H264_720p | Profile::H264_1080p => "mp4",
            Profile::Vp9Web => "webm",
            Profile::OpusVoice => "opus",
        }
    }

    fn bitrate(&self) -> u64 {
        match self {
            Profile::H264_720p => 2_500,
            Profile::H264_1080p => 5_000,
            Profile::Vp9Web => 1_800,
            Profile::OpusVoice => 32,
        }
    }

    fn needs_video(&self) -> bool {
        !matches!(self, Profile::OpusVoice)
    }
}

impl std::str::FromStr for Profile {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [
            Profile::H264_720p,
            Profile::H264_1080p,
            Profile::Vp9Web,
            Profile::OpusVoice,
        ]
        .into_iter()
        .find(|p| p.name() == s)
        .ok_or_else(|| format!("unknown profile {s:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_back() {
        for p in [Profile::H264_720p, Profile::Vp9Web, Profile::OpusVoice] {
            assert_eq!(p.name().parse::<Profile>().unwrap(), p);
        }
        assert!("mpeg1".parse::<Profile>().is_err());
    }
}
