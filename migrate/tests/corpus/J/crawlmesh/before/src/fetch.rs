//! The fetch stage: looks a url up and hands the page to the parse pool.

use std::sync::mpsc::Sender;
use std::sync::Arc;

use crate::exec::{SharedPool, TaskWorker};
use crate::parse::{Page, Parsed};
use crate::web::Web;

#[derive(Debug, Clone)]
pub struct FetchJob {
    pub url: String,
    pub depth: u32,
}

impl FetchJob {
    pub fn new(url: impl Into<String>, depth: u32) -> Self {
        FetchJob {
            url: url.into(),
            depth,
        }
    }
}

/// The fetch worker. A missing page is reported straight to `results`;
/// a found one goes on to `parsers`, which report it.
pub fn fetcher(web: Arc<Web>, parsers: SharedPool, results: Sender<Parsed>) -> TaskWorker {
    TaskWorker::new(move |job: FetchJob| match web.get(&job.url) {
        Some(body) => {
            let page = Page {
                url: job.url,
                depth: job.depth,
                body: body.to_string(),
                reply: results.clone(),
            };
            parsers.delegate(page).expect("parse pool has workers");
        }
        None => {
            let _ = results.send(Parsed::missing(job.url, job.depth));
        }
    })
}
