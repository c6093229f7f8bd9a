use logindex::prelude::*;
use logindex::source::sample_documents;

#[test]
fn every_line_is_indexed_once() {
    let docs: Vec<Document> = (0..8)
        .map(|d| {
            Document::new(
                format!("d{d}"),
                (0..50)
                    .map(|l| format!("alpha line{l}\n"))
                    .collect::<String>(),
            )
        })
        .collect();
    let mut ix = Indexer::new(4).unwrap();
    ix.index_all(&docs).unwrap();
    assert_eq!(ix.snapshot().lookup("alpha").len(), 400);
}

#[test]
fn indexing_twice_appends_documents() {
    let mut ix = Indexer::new(2).unwrap();
    ix.index_all(&sample_documents()).unwrap();
    ix.index_all(&[Document::new("late.log", "ERROR late replica\n")])
        .unwrap();
    let hits = ix.search("replica").unwrap();
    assert_eq!(hits.last().map(String::as_str), Some("late.log:1"));
}

#[test]
fn empty_query_is_an_error() {
    let ix = Indexer::new(1).unwrap();
    assert!(matches!(ix.search("to be"), Err(IndexError::EmptyQuery(_))));
}
