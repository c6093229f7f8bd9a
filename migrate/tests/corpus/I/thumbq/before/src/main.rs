use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use thumbq::workers::{self, Stats};
use thumbq::{enqueue, queue, BoxError, Image};

const SIZES: [u32; 3] = [128, 64, 16];

fn main() -> Result<(), BoxError> {
    let stats = Arc::new(Stats::default());
    let resizer = workers::resizer(Arc::clone(&stats));
    workers::start(&resizer, 3)?;
    println!("resizers: {}", queue().workers_num());

    let uploads = [
        ("beach.png", 640, 480),
        ("cat.jpg", 300, 400),
        ("logo.png", 256, 256),
        ("panorama.jpg", 1200, 300),
    ];
    let (reply, done) = mpsc::channel();
    let mut expected = 0;
    for (seed, (name, w, h)) in uploads.iter().enumerate() {
        expected += enqueue(Image::pattern(name, *w, *h, seed as u32), &SIZES, &reply)?;
    }

    let mut thumbs: Vec<_> = done.iter().take(expected).collect();
    thumbs.sort();
    for t in &thumbs {
        println!(
            "{:<14} {:>4} -> {:>3}x{:<3} adler32={:08x}",
            t.source, t.max_side, t.width, t.height, t.checksum
        );
    }
    println!(
        "{} thumbnails, {} pixels",
        stats.thumbnails.load(Ordering::Relaxed),
        stats.pixels.load(Ordering::Relaxed)
    );

    for _ in 0..3 {
        queue().remove_worker(&resizer)?;
    }
    println!("resizers after shutdown: {}", queue().workers_num());
    Ok(())
}
