use logindex::prelude::*;
use logindex::source::sample_documents;

fn main() -> Result<(), BoxError> {
    let docs = sample_documents();
    let mut indexer = Indexer::new(3)?;
    indexer.index_all(&docs)?;
    let index = indexer.snapshot();
    println!(
        "indexed {} documents, {} terms",
        docs.len(),
        index.term_count()
    );

    println!("top terms:");
    for (term, n) in index.top_terms(5) {
        println!("  {term:<10} {n}");
    }

    for query in ["replica refused", "timeout", "database", "queue reports"] {
        let hits = indexer.search(query)?;
        println!("{query:?}: {}", hits.join(", "));
    }
    if let Err(e) = indexer.search("a 42") {
        println!("rejected: {e}");
    }
    Ok(())
}
