use std::sync::{mpsc, Arc};
use thumbq::workers::{resizer, Stats};
use thumbq::{enqueue, queue, BoxError, Image};

fn main() -> Result<(), BoxError> {
    let worker = resizer(Arc::new(Stats::default()));
    queue().add_worker(&worker)?;
    let (reply, done) = mpsc::channel();
    let n = enqueue(Image::pattern("example.png", 400, 300, 0), &[200, 100, 50], &reply)?;
    let mut thumbs: Vec<_> = done.iter().take(n).collect();
    thumbs.sort_by_key(|t| t.max_side);
    for t in thumbs {
        println!("{}x{}", t.width, t.height);
    }
    queue().stop();
    Ok(())
}
