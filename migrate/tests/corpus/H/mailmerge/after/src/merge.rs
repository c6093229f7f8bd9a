use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;
use std::sync::mpsc::{channel, Sender};
use std::thread;
use workerpool::{Pool, SharedWorker};

use crate::template;

#[derive(Debug)]
pub enum MergeError {
    Pool(workerpool::Error),
    Short { expected: usize, got: usize },
}

impl From<workerpool::Error> for MergeError {
    fn from(e: workerpool::Error) -> Self {
        MergeError::Pool(e)
    }
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Pool(e) => write!(f, "pool error: {}", e),
            MergeError::Short { expected, got } => write!(f, "expected {} letters, got {}", expected, got),
        }
    }
}

pub struct Mailer {
    pool: Pool<(String, BTreeMap<String, String>, Sender<String>)>,
    writer: SharedWorker<(String, BTreeMap<String, String>, Sender<String>)>,
}

pub fn mailer(writers: usize) -> Result<Rc<Mailer>, MergeError> {
    let writer = SharedWorker::new(|(tpl, fields, out): (String, BTreeMap<String, String>, Sender<String>)| {
            out.send(template::render(&tpl, &fields)).unwrap();
        },
    );
    let pool = Pool::<(String, BTreeMap<String, String>, Sender<String>)>::new(2);
    for _ in 0..writers {
        pool.add_shared_worker(&writer);
    }
    Ok(Rc::new(Mailer { pool, writer }))
}

fn feed(pool: &Pool<(String, BTreeMap<String, String>, Sender<String>)>, tpl: &str, names: &[&str], out: &Sender<String>) -> Result<(), workerpool::Error> {
    for (i, name) in names.iter().enumerate() {
        let mut fields = BTreeMap::new();
        fields.insert("name".to_string(), name.to_string());
        fields.insert("n".to_string(), (i + 1).to_string());
        pool.delegate((tpl.to_string(), fields, out.clone()))?;
    }
    Ok(())
}

/// Two feeder threads share the pool by reference.
pub fn merge(m: &Rc<Mailer>, tpl: &str, groups: [&[&str]; 2]) -> Result<Vec<String>, MergeError> {
    let pool = &m.pool;
    let (tx, rx) = channel();
    let expected = groups[0].len() + groups[1].len();
    thread::scope(|s| -> Result<(), MergeError> {
        let handles: Vec<_> = groups
            .iter()
            .map(|g| {
                let tx = tx.clone();
                s.spawn(move || feed(pool, tpl, g, &tx))
            })
            .collect();
        for h in handles {
            h.join().expect("feeder panicked")?;
        }
        Ok(())
    })?;
    drop(tx);
    let mut letters: Vec<String> = rx.iter().take(expected).collect();
    if letters.len() != expected {
        return Err(MergeError::Short { expected, got: letters.len() });
    }
    letters.sort();
    Ok(letters)
}

pub fn dismiss_one(m: &Mailer) -> Result<usize, MergeError> {
    m.pool.remove_shared_worker(&m.writer);
    Ok(m.pool.workers())
}

pub fn writers(m: &Mailer) -> usize {
    m.pool.workers()
}
