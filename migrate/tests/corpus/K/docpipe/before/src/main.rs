//! Indexes a handful of documents and prints the inverted index.
use docpipe::prelude::*;

const DOCS: &[&str] = &[
    "The cat sat on the mat.",
    "Cats and dogs: the dogs barked, the cats ignored it.",
    "Mapping the stars is slow work; stars move.",
    "A dog walked into a bar and ordered water.",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let pipeline = Pipeline::builder().threads(3).queue(8).build()?;
    println!("stages: {:?}", pipeline.stages());
    pipeline.stage("stem")?.resize(1)?;
    println!("stages: {:?}", pipeline.stages());

    let index = pipeline.index_docs(DOCS)?;
    for (term, docs) in &index {
        let ids: Vec<String> = docs.iter().map(|d| d.to_string()).collect();
        println!("{term:<8} {}", ids.join(","));
    }

    match pipeline.stage("spellcheck") {
        Ok(_) => println!("spellcheck stage exists?"),
        Err(e) => println!("error: {e}"),
    }
    pipeline.shutdown();
    println!("terms: {}", index.len());
    Ok(())
}
