//! Documents to index, and the sample logs the binary ships with.

/// A named log file held in memory.
#[derive(Debug, Clone)]
pub struct Document {
    pub name: String,
    pub text: String,
}

impl Document {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Document {
            name: name.into(),
            text: text.into(),
        }
    }
}

pub const SAMPLE_LOGS: &[(&str, &str)] = &[
    (
        "api.log",
        "INFO request served path=/users status=200\n\
         WARN slow request path=/search latency high\n\
         ERROR upstream timeout calling billing service\n\
         INFO request served path=/orders status=200\n\
         ERROR database connection refused on replica\n",
    ),
    (
        "worker.log",
        "INFO job started queue=emails\n\
         INFO job finished queue=emails\n\
         WARN retrying job queue=reports after timeout\n\
         ERROR job failed queue=reports database locked\n",
    ),
    (
        "db.log",
        "INFO checkpoint complete\n\
         WARN replica lag growing\n\
         ERROR replica connection refused by primary\n\
         INFO vacuum finished table=orders\n\
         WARN database disk usage high\n",
    ),
];

/// The sample logs as documents, in a fixed order.
pub fn sample_documents() -> Vec<Document> {
    SAMPLE_LOGS
        .iter()
        .map(|(n, t)| Document::new(*n, *t))
        .collect()
}
