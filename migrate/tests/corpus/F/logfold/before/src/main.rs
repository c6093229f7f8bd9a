//! Folds a built-in sample log and prints per-route statistics.
use logfold::*;

const SAMPLE: &str = "\
GET /index 200 12
GET /index 200 8
POST /login 500 40
POST /login 200 31
GET /static/app.js 200 2
GET /index 503 90
bogus
DELETE /item/7 204 15
GET /static/app.js 304 1
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut folder = Folder::new(3)?;
    println!("workers: {}", folder.workers());
    folder.feed(SAMPLE)?;
    folder.resize(1)?;
    println!("workers after resize: {}", folder.workers());
    folder.feed("GET /index 200 10\nPUT /item/7 200 22\n")?;
    for e in folder.finish() {
        println!("error: {e}");
    }
    for (route, s) in folder.snapshot() {
        println!("{route}: hits={} errors={} avg={}ms", s.hits, s.errors, s.total_millis / s.hits);
    }
    Ok(())
}
