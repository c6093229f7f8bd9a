//! The documents to index.

#[derive(Debug, Clone)]
pub struct Doc {
    pub id: u32,
    pub title: String,
    pub body: String,
}

pub fn sample_corpus() -> Vec<Doc> {
    [
        (
            4,
            "Release notes",
            "Fixed the flaky upload test. Faster startup.",
        ),
        (
            1,
            "Getting started",
            "Install the tool, then run it on a folder.",
        ),
        (3, "FAQ", "Why is it slow? It is not."),
        (2, "Configuration", "Every option lives in one file."),
        (5, "Changelog", ""),
    ]
    .into_iter()
    .map(|(id, title, body)| Doc {
        id,
        title: title.to_string(),
        body: body.to_string(),
    })
    .collect()
}
