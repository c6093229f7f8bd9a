use transq::{Batch, Codec, Media, Outcome, Profile};

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let library = [
        Media::video("trailer.mov", 95),
        Media::video("keynote.mkv", 2_700),
        Media::audio("podcast-041.wav", 3_120),
        Media::video("empty.mp4", 0),
    ];
    let ladder: Vec<Profile> = ["h264-720p", "h264-1080p", "vp9-web", "opus-voice"]
        .iter()
        .map(|s| s.parse())
        .collect::<Result<_, _>>()?;

    let mut batch = Batch::new();
    for media in &library {
        let ids = batch.submit(media, &ladder)?;
        println!("{}: jobs {}..={}", media.path, ids[0], ids[ids.len() - 1]);
    }
    println!(
        "encoder threads: {}",
        transq::queue::encoders().workers()
    );

    let mut total_kb = 0;
    for outcome in batch.wait()? {
        match outcome {
            Outcome::Encoded {
                id,
                output,
                kilobytes,
            } => {
                total_kb += kilobytes;
                println!("#{id:<2} ok   {output} ({kilobytes} kB)");
            }
            Outcome::Rejected { id, reason } => println!("#{id:<2} skip {reason}"),
        }
    }
    println!("total output: {} MB", total_kb / 1024);
    println!("opus bitrate: {} kbit/s", Profile::OpusVoice.bitrate());
    Ok(())
}
