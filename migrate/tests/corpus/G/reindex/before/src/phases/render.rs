//! Rendering: one digest in, one index line out.

use std::sync::mpsc::Sender;

use super::Digest;

pub type RenderJob = (Digest, Sender<String>);

pub struct Template {
    pub empty_marker: &'static str,
}

impl Default for Template {
    fn default() -> Self {
        Template {
            empty_marker: "(empty)",
        }
    }
}

impl Template {
    pub fn render(&self, (digest, out): RenderJob) {
        let words = if digest.words == 0 {
            self.empty_marker.to_string()
        } else {
            format!("{} words", digest.words)
        };
        let _ = out.send(format!(
            "#{} {:<16} {:>9} {:08x}",
            digest.id, digest.title, words, digest.checksum
        ));
    }
}
