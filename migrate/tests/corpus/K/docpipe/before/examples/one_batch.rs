//! Indexes two lines with `index_once` and prints the terms they share.
fn main() -> docpipe::error::PipeResult<()> {
    let index = docpipe::pipeline::index_once(&["red fish blue fish", "one fish two fish red"])?;
    let shared: Vec<&String> = index.iter().filter(|(_, d)| d.len() == 2).map(|(t, _)| t).collect();
    println!("shared: {shared:?}");
    Ok(())
}
