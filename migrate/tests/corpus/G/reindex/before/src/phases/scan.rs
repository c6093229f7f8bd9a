//! Scanning: one document in, one digest out.

use std::sync::mpsc::Sender;

use crate::docs::Doc;

#[derive(Debug, Clone)]
pub struct Digest {
    pub id: u32,
    pub title: String,
    pub words: usize,
    pub checksum: u32,
}

pub struct ScanJob {
    pub doc: Doc,
    pub out: Sender<Digest>,
}

/// FNV-1a, enough to notice a changed body.
fn checksum(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

pub fn scan(job: ScanJob) {
    let ScanJob { doc, out } = job;
    let digest = Digest {
        id: doc.id,
        words: doc.body.split_whitespace().count(),
        checksum: checksum(&doc.body),
        title: doc.title,
    };
    let _ = out.send(digest);
}
