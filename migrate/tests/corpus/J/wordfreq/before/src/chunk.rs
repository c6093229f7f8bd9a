//! Documents are cut into chunks of a few lines, the unit of work.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub doc: usize,
    pub text: String,
}

/// Split `text` into chunks of at most `lines` lines.
pub fn split(doc: usize, text: &str, lines: usize) -> Vec<Chunk> {
    let all: Vec<&str> = text.lines().collect();
    all.chunks(lines.max(1))
        .map(|ls| Chunk {
            doc,
            text: ls.join("\n"),
        })
        .collect()
}
