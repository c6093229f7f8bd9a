use crate::url::Url;
use crate::web;
use std::collections::BTreeMap;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use workerpool::SharedWorker;

/// Fetches per host, across all shards.
pub type HitCounts = Arc<Mutex<BTreeMap<String, u32>>>;

#[derive(Debug, Clone)]
pub struct Page {
    pub url: Url,
    pub depth: u32,
    pub status: u16,
    pub links: Vec<Url>,
}

/// The worker of one shard: fetches a URL and sends the page back.
pub fn fetcher(hits: HitCounts) -> SharedWorker<(Url, u32, Sender<Page>)> {
    SharedWorker::new(move |(url, depth, out): (Url, u32, Sender<Page>)| {
        *hits.lock().unwrap().entry(url.host.clone()).or_insert(0) += 1;
        let page = match web::get(&url.host, &url.path) {
            Some(links) => Page {
                links: links.iter().filter_map(|l| url.join(l)).collect(),
                url,
                depth,
                status: 200,
            },
            None => Page {
                url,
                depth,
                status: 404,
                links: Vec::new(),
            },
        };
        out.send(page).expect("frontier went away");
    })
}
