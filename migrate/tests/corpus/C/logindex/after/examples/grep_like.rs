//! Indexes generated service logs on two threads, grows to four, and greps a term.

use logindex::{Document, Indexer};

fn main() -> logindex::Result<()> {
    let docs: Vec<Document> = (0..4)
        .map(|svc| {
            let text: String = (0..25)
                .map(|i| match (svc + i) % 5 {
                    0 => format!("ERROR svc{svc} request {i} failed\n"),
                    1 => format!("WARN svc{svc} retry {i}\n"),
                    _ => format!("INFO svc{svc} ok {i}\n"),
                })
                .collect();
            Document::new(format!("svc{svc}.log"), text)
        })
        .collect();
    let mut indexer = Indexer::new(2)?;
    indexer.grow()?;
    indexer.grow()?;
    println!("threads: {}", indexer.threads());
    indexer.index_all(&docs)?;
    let failed = indexer.search("failed")?;
    println!("{} failed requests", failed.len());
    for hit in failed.iter().take(6) {
        println!("  {hit}");
    }
    Ok(())
}
