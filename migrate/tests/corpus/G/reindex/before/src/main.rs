//! Nightly reindex: scans documents into digests, then renders the index, both on one pool
//! whose workers are swapped between the phases.

mod docs;
mod error;
mod indexer;
mod phases;

use std::sync::mpsc;

use docs::{sample_corpus, Doc};
use error::IndexError;
use indexer::Indexer;
use phases::{Digest, Phase, RenderJob, ScanJob};

fn run(schedule: &[Phase], corpus: Vec<Doc>) -> Result<Vec<String>, IndexError> {
    let mut indexer = Indexer::new(3, 8);
    let mut digests: Vec<Digest> = Vec::new();
    let mut lines = Vec::new();
    for &phase in schedule {
        indexer.enter(phase)?;
        println!("phase {phase}: {} workers", indexer.workers());
        match phase {
            Phase::Scan => {
                let (out, back) = mpsc::channel::<Digest>();
                for doc in &corpus {
                    indexer.submit(ScanJob {
                        doc: doc.clone(),
                        out: out.clone(),
                    })?;
                }
                digests = back.iter().take(corpus.len()).collect();
                digests.sort_by_key(|d| d.id);
            }
            Phase::Render => {
                let (out, back) = mpsc::channel::<String>();
                for digest in &digests {
                    let job: RenderJob = (digest.clone(), out.clone());
                    indexer.submit(job)?;
                }
                lines = back.iter().take(digests.len()).collect();
                lines.sort();
            }
        }
    }
    indexer.finish();
    Ok(lines)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let schedule = match std::env::args().nth(1) {
        Some(arg) => arg
            .split(',')
            .map(str::parse)
            .collect::<Result<Vec<Phase>, _>>()?,
        None => vec![Phase::Scan, Phase::Render],
    };
    for line in run(&schedule, sample_corpus())? {
        println!("{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_then_render_lists_every_doc() {
        let lines = run(&[Phase::Scan, Phase::Render], sample_corpus()).unwrap();
        assert_eq!(lines.len(), sample_corpus().len());
        assert!(lines[0].starts_with("#1 "));
    }

    #[test]
    fn render_alone_has_nothing_to_render() {
        assert!(run(&[Phase::Render], sample_corpus()).unwrap().is_empty());
    }
}
