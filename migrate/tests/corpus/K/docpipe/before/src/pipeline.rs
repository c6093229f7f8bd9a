//! The pipeline: tokenize -> stem -> index, three stages of three job types, kept in one list.
use crate::error::*;
use crate::stage::{build_stage, Stage};
use crate::text::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};

/// tokenize: (doc id, text, where the tokens go)
pub type TokenJob = (usize, String, Sender<(usize, Vec<String>)>);
/// stem: (doc id, word, where the stem goes)
pub type StemJob = (usize, String, Sender<(usize, String)>);

/// index: one posting, or a request for the index so far.
pub enum IndexJob {
    Add { doc: usize, term: String },
    Dump(Sender<BTreeMap<String, BTreeSet<usize>>>),
}

pub type Index = BTreeMap<String, BTreeSet<usize>>;

pub struct Pipeline {
    stages: Vec<Stage>,
}

pub struct PipelineBuilder {
    threads: usize,
    queue: usize,
}

impl Default for PipelineBuilder {
    fn default() -> Self {
        PipelineBuilder { threads: 2, queue: 16 }
    }
}

impl PipelineBuilder {
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n;
        self
    }

    pub fn queue(mut self, n: usize) -> Self {
        self.queue = n;
        self
    }

    pub fn build(self) -> PipeResult<Pipeline> {
        let tokenizer = build_stage("tokenize", self.threads, self.queue, |(doc, text, out): TokenJob| {
            let words = tokenize(&text).into_iter().filter(|w| !is_stop_word(w)).collect();
            let _ = out.send((doc, words));
        })?;
        let stemmer = build_stage("stem", self.threads, self.queue, |(doc, word, out): StemJob| {
            let _ = out.send((doc, stem(&word)));
        })?;
        let index = Mutex::new(Index::new());
        let indexer = build_stage("index", 1, self.queue, move |job: IndexJob| match job {
            IndexJob::Add { doc, term } => {
                index.lock().unwrap().entry(term).or_default().insert(doc);
            }
            IndexJob::Dump(out) => {
                let _ = out.send(index.lock().unwrap().clone());
            }
        })?;
        Ok(Pipeline { stages: vec![tokenizer, stemmer, indexer] })
    }
}

impl Pipeline {
    pub fn builder() -> PipelineBuilder {
        PipelineBuilder::default()
    }

    pub fn stage(&self, name: &str) -> PipeResult<&Stage> {
        self.stages.iter().find(|s| s.name() == name).ok_or_else(|| PipeError::NoSuchStage(name.to_string()))
    }

    pub fn stages(&self) -> Vec<(String, usize)> {
        self.stages.iter().map(|s| (s.name().to_string(), s.threads())).collect()
    }

    /// Runs every document through all three stages and returns the index.
    pub fn index_docs(&self, docs: &[&str]) -> PipeResult<Index> {
        let (tok_tx, tok_rx) = channel::<(usize, Vec<String>)>();
        for (id, text) in docs.iter().enumerate() {
            self.stage("tokenize")?.send((id, text.to_string(), tok_tx.clone()))?;
        }
        let (stem_tx, stem_rx) = channel::<(usize, String)>();
        let mut words = 0usize;
        for _ in 0..docs.len() {
            let (doc, tokens) = tok_rx.recv().map_err(|_| PipeError::Incomplete { stage: "tokenize".into(), missing: 1 })?;
            for word in tokens {
                self.stage("stem")?.send((doc, word, stem_tx.clone()))?;
                words += 1;
            }
        }
        let indexer = self.stage("index")?;
        for got in 0..words {
            let (doc, term) = stem_rx
                .recv()
                .map_err(|_| PipeError::Incomplete { stage: "stem".into(), missing: words - got })?;
            indexer.send(IndexJob::Add { doc, term })?;
        }
        let (dump_tx, dump_rx) = channel();
        indexer.send(IndexJob::Dump(dump_tx))?;
        dump_rx.recv().map_err(|_| PipeError::Incomplete { stage: "index".into(), missing: 1 })
    }

    pub fn shutdown(&self) {
        for stage in &self.stages {
            stage.stop();
        }
    }
}

/// A convenience for callers that want one pipeline for one batch.
pub fn index_once(docs: &[&str]) -> PipeResult<Index> {
    let pipeline = Arc::new(Pipeline::builder().build()?);
    let index = pipeline.index_docs(docs)?;
    pipeline.shutdown();
    Ok(index)
}
