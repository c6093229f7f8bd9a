use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use workerpool::{Pool, SharedWorker};

use crate::error::{HubError, Result};
use crate::message::{Delivery, Message, UserId};
use crate::outbox::Outbox;

/// Several hubs may share one fan-out pool.
pub type SharedPool = Arc<Pool<Delivery>>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Metrics {
    pub workers: usize,
    pub posted: u64,
    pub delivered: usize,
    pub rooms: usize,
}

#[derive(Default)]
struct Progress {
    delivered: Mutex<usize>,
    changed: Condvar,
}

pub struct Hub<O: Outbox> {
    pool: SharedPool,
    outbox: Arc<O>,
    rooms: Mutex<BTreeMap<String, BTreeSet<UserId>>>,
    workers: Mutex<Vec<SharedWorker<Delivery>>>,
    progress: Arc<Progress>,
    queued: AtomicUsize,
    seq: AtomicU64,
}

impl<O: Outbox> Hub<O> {
    pub fn new(pool: SharedPool, outbox: Arc<O>) -> Self {
        Hub {
            pool,
            outbox,
            rooms: Mutex::new(BTreeMap::new()),
            workers: Mutex::new(Vec::new()),
            progress: Arc::new(Progress::default()),
            queued: AtomicUsize::new(0),
            seq: AtomicU64::new(0),
        }
    }

    /// Starts a hub on a pool of its own with `senders` workers.
    pub fn with_senders(outbox: Arc<O>, senders: usize) -> Result<Self> {
        let hub = Hub::new(Arc::new(Pool::<Delivery>::new(64)), outbox);
        hub.scale_to(senders)?;
        Ok(hub)
    }

    fn sender(&self) -> SharedWorker<Delivery> {
        let outbox = Arc::clone(&self.outbox);
        let progress = Arc::clone(&self.progress);
        SharedWorker::new(move |d: Delivery| {
            outbox.push(&d);
            *progress.delivered.lock().unwrap() += 1;
            progress.changed.notify_all();
        })
    }

    /// Adds or retires sender workers; each is its own `Worker`.
    pub fn scale_to(&self, senders: usize) -> Result<()> {
        let mut workers = self.workers.lock().unwrap();
        while workers.len() < senders {
            let w = self.sender();
            self.pool.add_shared_worker(&w);
            workers.push(w);
        }
        while workers.len() > senders {
            if let Some(w) = workers.pop() {
                self.pool.remove_shared_worker(&w);
            }
        }
        Ok(())
    }

    pub fn join(&self, room: &str, user: UserId) {
        self.rooms.lock().unwrap().entry(room.to_owned()).or_default().insert(user);
    }

    pub fn leave(&self, room: &str, user: UserId) -> Result<()> {
        let mut rooms = self.rooms.lock().unwrap();
        let members = rooms.get_mut(room).ok_or_else(|| HubError::NoSuchRoom(room.to_owned()))?;
        if !members.remove(&user) {
            return Err(HubError::NotAMember { room: room.to_owned(), user });
        }
        Ok(())
    }

    /// Queues the message for every other member; returns how many deliveries were queued.
    pub fn post(&self, room: &str, from: UserId, text: &str) -> Result<usize> {
        let members: Vec<UserId> = {
            let rooms = self.rooms.lock().unwrap();
            let members = rooms.get(room).ok_or_else(|| HubError::NoSuchRoom(room.to_owned()))?;
            if !members.contains(&from) {
                return Err(HubError::NotAMember { room: room.to_owned(), user: from });
            }
            members.iter().copied().filter(|&m| m != from).collect()
        };
        let message = Arc::new(Message {
            seq: self.seq.fetch_add(1, Ordering::SeqCst),
            room: room.to_owned(),
            from,
            text: text.to_owned(),
        });
        for to in &members {
            self.pool.delegate(Delivery { to: *to, message: Arc::clone(&message) }).map_err(workerpool::Error::from)?;
            self.queued.fetch_add(1, Ordering::SeqCst);
        }
        Ok(members.len())
    }

    /// Blocks until every queued delivery reached the outbox.
    pub fn flush(&self) {
        let target = self.queued.load(Ordering::SeqCst);
        let mut delivered = self.progress.delivered.lock().unwrap();
        while *delivered < target {
            delivered = self.progress.changed.wait(delivered).unwrap();
        }
    }

    pub fn metrics(&self) -> Metrics {
        Metrics {
            workers: self.pool.workers(),
            posted: self.seq.load(Ordering::SeqCst),
            delivered: *self.progress.delivered.lock().unwrap(),
            rooms: self.rooms.lock().unwrap().len(),
        }
    }
}
