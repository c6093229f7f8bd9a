//! Posting entries into balances, and checking balances against a bank statement.
use crate::audit;
use crate::entry::Entry;
use crate::error::*;
use crate::TaskPool;
use std::collections::{BTreeMap, HashMap};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};

type Balances = Arc<Mutex<HashMap<String, i64>>>;
/// A posting job: the entry and a channel for its acknowledgement.
pub type Posting = (Entry, Sender<String>);
/// A check job: account, the statement's balance, where to report.
type CheckJob = (String, i64, Sender<Option<Mismatch>>);

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mismatch {
    pub account: String,
    pub ledger: i64,
    pub statement: i64,
}

pub struct Reconciler {
    posting: TaskPool<Posting>,
    poster: workerpool::SharedWorker<Posting>,
    checks: Arc<TaskPool<CheckJob>>,
    balances: Balances,
}

impl Reconciler {
    /// A reconciler whose posting pool has no workers yet: call `start`.
    pub fn new(tag: &str) -> Reconciler {
        let balances: Balances = Arc::default();
        let b = Arc::clone(&balances);
        let tag = tag.to_string();
        let poster = workerpool::SharedWorker::new(move |(entry, ack): Posting| {
            *b.lock().unwrap().entry(entry.account.clone()).or_insert(0) += entry.cents;
            audit::record(format!("{tag}: posted {} {}", entry.account, entry.cents));
            let _ = ack.send(entry.account);
        });

        let checks = Arc::new(TaskPool::<CheckJob>::new(16));
        let b = Arc::clone(&balances);
        let checker = move |(account, statement, report): CheckJob| {
            let ledger = b.lock().unwrap().get(&account).copied().unwrap_or(0);
            let found = (ledger != statement).then(|| Mismatch { account, ledger, statement });
            let _ = report.send(found);
        };
        checks.add_worker(checker.clone());
        checks.add_worker(checker.clone());

        Reconciler { posting: TaskPool::new(32), poster, checks, balances }
    }

    pub fn start(&self, workers: usize) -> LedgerResult<()> {
        for _ in 0..workers {
            self.posting.add_shared_worker(&self.poster);
        }
        Ok(())
    }

    pub fn posting_workers(&self) -> usize {
        self.posting.workers()
    }

    /// Posts one entry; the ack carries its account when it is in the balances.
    pub fn post(&self, entry: Entry, ack: Sender<String>) -> LedgerResult<()> {
        self.posting.delegate((entry, ack)).map_err(workerpool::Error::from)?;
        Ok(())
    }

    /// Posts a whole journal and waits until every entry is in.
    pub fn post_journal(&self, entries: Vec<Entry>) -> LedgerResult<usize> {
        crate::entry::check_balanced(&entries)?;
        let (ack, acks) = mpsc::channel::<String>();
        let n = entries.len();
        for e in entries {
            self.post(e, ack.clone())?;
        }
        for _ in 0..n {
            acks.recv()?;
        }
        Ok(n)
    }

    /// Compares every account of the statement (and every account we know) with our balances.
    pub fn reconcile(&self, statement: &BTreeMap<String, i64>) -> LedgerResult<Vec<Mismatch>> {
        let mut accounts: Vec<String> = self.balances.lock().unwrap().keys().cloned().collect();
        accounts.extend(statement.keys().cloned());
        accounts.sort();
        accounts.dedup();
        let (report, reports) = mpsc::channel();
        for account in &accounts {
            let expected = statement.get(account).copied().unwrap_or(0);
            self.checks.delegate((account.clone(), expected, report.clone())).map_err(workerpool::Error::from)?;
        }
        let mut found = Vec::new();
        for _ in 0..accounts.len() {
            if let Some(m) = reports.recv()? {
                found.push(m);
            }
        }
        found.sort();
        Ok(found)
    }

    pub fn balance(&self, account: &str) -> i64 {
        self.balances.lock().unwrap().get(account).copied().unwrap_or(0)
    }

    /// A handle on the check pool, for callers that queue their own checks.
    pub fn check_pool(&self) -> Arc<TaskPool<CheckJob>> {
        Arc::clone(&self.checks)
    }

    pub fn close(&self) {
        self.posting.stop();
        self.checks.stop();
    }
}
