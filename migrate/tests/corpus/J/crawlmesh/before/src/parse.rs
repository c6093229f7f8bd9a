//! The parse stage: counts words and pulls out links.

use std::sync::mpsc::Sender;

use crate::exec::TaskWorker;

pub struct Page {
    pub url: String,
    pub depth: u32,
    pub body: String,
    pub reply: Sender<Parsed>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub url: String,
    pub depth: u32,
    pub found: bool,
    pub words: usize,
    pub links: Vec<String>,
}

impl Parsed {
    pub fn missing(url: String, depth: u32) -> Self {
        Parsed {
            url,
            depth,
            found: false,
            words: 0,
            links: Vec::new(),
        }
    }
}

/// The targets of `[[url]]` links, in order; an unclosed `[[` is not a link.
pub fn links(body: &str) -> Vec<String> {
    body.split("[[")
        .skip(1)
        .filter_map(|part| part.split_once("]]").map(|(url, _)| url.to_string()))
        .collect()
}

fn words(body: &str) -> usize {
    body.split_whitespace()
        .filter(|w| !w.starts_with("[["))
        .count()
}

pub fn parser() -> TaskWorker {
    TaskWorker::new(|page: Page| {
        let parsed = Parsed {
            words: words(&page.body),
            links: links(&page.body),
            url: page.url,
            depth: page.depth,
            found: true,
        };
        let _ = page.reply.send(parsed);
    })
}
