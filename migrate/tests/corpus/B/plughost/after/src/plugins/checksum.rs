use std::sync::mpsc::Sender;
use std::sync::Mutex;

use workerpool::v2::{Error, Pool, Worker};

use crate::plugin::{Finding, Plugin};

/// Checksums a document's bytes: one job per document, the raw bytes.
pub struct Checksum {
    pub block: usize,
}

pub struct Blob {
    pub doc: String,
    pub bytes: Vec<u8>,
}

impl Plugin for Checksum {
    fn name(&self) -> &'static str {
        "checksum"
    }

    fn worker(&self, out: Sender<Finding>) -> Worker {
        let block = self.block;
        let out = Mutex::new(out);
        Worker::new(move |blob: Blob| {
            let sums: Vec<String> = blob
                .bytes
                .chunks(block)
                .map(|c| format!("{:02x}", c.iter().fold(0u8, |a, b| a ^ b)))
                .collect();
            let detail = format!("{} bytes, blocks {}", blob.bytes.len(), sums.join(""));
            out.lock().unwrap().send(Finding { plugin: "checksum", doc: blob.doc, detail }).unwrap();
        })
    }

    fn schedule(&self, pool: &Pool, doc: &str, text: &str) -> Result<usize, Error> {
        pool.delegate(Blob { doc: doc.to_string(), bytes: text.as_bytes().to_vec() })?;
        Ok(1)
    }
}
