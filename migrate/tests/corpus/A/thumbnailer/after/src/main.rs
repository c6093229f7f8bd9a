mod image;
mod prelude;
mod resize;

use std::sync::mpsc;
use std::sync::Mutex;

use prelude::*;

const THREADS: usize = 3;

/// The longest side of a thumbnail, from `THUMB_SIDE` or 48.
fn max_side() -> Result<u32, BoxError> {
    match std::env::var("THUMB_SIDE") {
        Ok(v) => {
            let side: u32 = v.trim().parse()?;
            if side == 0 {
                return Err("THUMB_SIDE must be at least 1".into());
            }
            Ok(side)
        }
        Err(_) => Ok(48),
    }
}

mod report {
    use std::collections::BTreeMap;

    use crate::prelude::*;

    /// How many thumbnails of each format, and their total pixel count.
    pub fn by_format(thumbs: &[Thumbnail]) -> BTreeMap<&'static str, (usize, u64)> {
        let mut out = BTreeMap::new();
        for t in thumbs {
            let ext = t.name.rsplit('.').next().and_then(|e| Format::from_name(&format!("x.{e}")));
            let key = ext.map(Format::extension).unwrap_or("?");
            let entry = out.entry(key).or_insert((0, 0));
            entry.0 += 1;
            entry.1 += t.width as u64 * t.height as u64;
        }
        out
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn counts_per_format() {
            let t = |name: &str| Thumbnail { name: name.into(), width: 2, height: 3, checksum: 0 };
            let got = by_format(&[t("a_t.png"), t("b_t.png"), t("c_t.jpg")]);
            assert_eq!(got["png"], (2, 12));
            assert_eq!(got["jpg"], (1, 6));
        }
    }
}

fn build_pool(done: mpsc::Sender<Thumbnail>) -> Result<WorkPool<image::ResizeJob>, PoolError> {
    let pool = WorkPool::<ResizeJob>::new(16);
    let done = Mutex::new(done);
    let worker = std::sync::Arc::new(move |job: ResizeJob| {
        let thumb = resize::resize(&job);
        done.lock().unwrap().send(thumb).expect("main waits for every thumbnail");
    });
    for _ in 0..THREADS {
        pool.add_worker({ let worker = std::sync::Arc::clone(&worker); move |job| worker(job) });
    }
    Ok(pool)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let names = [
        "beach.png", "cat.jpg", "dog.jpeg", "forest.webp", "mountain.png", "notes.txt",
        "river.jpg", "sunset.png",
    ];
    let side = max_side().map_err(|e| format!("bad THUMB_SIDE: {e}"))?;
    let (tx, rx) = mpsc::channel();
    let pool = build_pool(tx)?;
    println!("workers: {}", pool.workers());

    let mut queued = 0;
    for (i, name) in names.iter().enumerate() {
        let Some(format) = Format::from_name(name) else {
            println!("skipping {name}: not an image");
            continue;
        };
        let image = Image::generate(name, 120 + 20 * i as u32, 90 + 10 * i as u32);
        pool.delegate(ResizeJob { image, max_side: side, format })?;
        queued += 1;
    }

    let mut thumbs: Vec<Thumbnail> = rx.iter().take(queued).collect();
    thumbs.sort();
    for t in &thumbs {
        println!("{t}");
    }
    println!("{} thumbnails", thumbs.len());
    for (ext, (count, pixels)) in report::by_format(&thumbs) {
        println!("  {ext:<5} {count} files, {pixels} pixels");
    }
    pool.stop();
    Ok(())
}
