//! A nightly run over a generated tree, printing only the verdict.
use backupd::{Engine, Store};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let source = Store::new();
    for i in 0..50 {
        source.put(&format!("data/part-{i:03}"), vec![i as u8; 100 + i]);
    }
    let engine = Engine::new(source, Store::new(), 4, &[]);
    let summary = engine.run(&[])?;
    println!("{} files, {} bytes, {} corrupt", summary.copied.len(), summary.bytes, summary.corrupt.len());
    Ok(())
}
