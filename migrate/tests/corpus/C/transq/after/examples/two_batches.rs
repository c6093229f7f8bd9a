//! Two batches in flight at once on the shared encoder pool, from two threads.

use std::thread;

use transq::{Batch, Media, Outcome, Profile};

fn main() {
    let results: Vec<Vec<Outcome>> = thread::scope(|s| {
        let a = s.spawn(|| {
            let mut b = Batch::new();
            for i in 0..5 {
                b.submit(
                    &Media::video(&format!("clip{i}.mov"), 10 + i),
                    &[Profile::H264_720p],
                )
                .unwrap();
            }
            b.wait().unwrap()
        });
        let c = s.spawn(|| {
            let mut b = Batch::new();
            b.submit(
                &Media::audio("voice.wav", 600),
                &[Profile::OpusVoice, Profile::Vp9Web],
            )
            .unwrap();
            b.wait().unwrap()
        });
        vec![a.join().unwrap(), c.join().unwrap()]
    });
    for (n, outcomes) in results.iter().enumerate() {
        println!("batch {n}:");
        for o in outcomes {
            println!("  {o:?}");
        }
    }
}
