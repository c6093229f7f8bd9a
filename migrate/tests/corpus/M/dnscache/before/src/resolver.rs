use std::fmt;
use std::sync::mpsc::{self, Sender};
use std::sync::OnceLock;

use workerpool::{Pool, Worker};

use crate::zone;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Answer {
    pub name: String,
    pub addr: Result<[u8; 4], String>,
    pub hops: usize,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.addr {
            Ok([a, b, c, d]) => write!(f, "{} -> {a}.{b}.{c}.{d} ({} hops)", self.name, self.hops),
            Err(e) => write!(f, "{} -> {e}", self.name),
        }
    }
}

/// A lookup as the resolver pool carries it.
pub type Lookup = (String, Sender<Answer>);

#[derive(Debug)]
pub enum ResolveError {
    Pool(workerpool::Error),
    NoAnswer(String),
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Pool(e) => write!(f, "resolver pool: {e}"),
            ResolveError::NoAnswer(n) => write!(f, "no answer for {n}"),
        }
    }
}

impl std::error::Error for ResolveError {}

impl From<workerpool::Error> for ResolveError {
    fn from(e: workerpool::Error) -> Self {
        ResolveError::Pool(e)
    }
}

const RESOLVER_THREADS: usize = 4;

static RESOLVERS: OnceLock<Pool> = OnceLock::new();

fn resolvers() -> &'static Pool {
    RESOLVERS.get_or_init(|| {
        let pool = Pool::new(128);
        let worker = Worker::new(|(name, reply): Lookup| {
            let answer = match zone::resolve(&name) {
                Ok((addr, hops)) => Answer { name, addr: Ok(addr), hops },
                Err(e) => Answer { name, addr: Err(e), hops: 0 },
            };
            let _ = reply.send(answer);
        });
        for _ in 0..RESOLVER_THREADS {
            pool.add_worker(&worker).expect("adding a resolver thread");
        }
        pool
    })
}

/// Resolves one name on the shared pool.
pub fn lookup(name: &str) -> Result<Answer, ResolveError> {
    let (tx, rx) = mpsc::channel();
    resolvers().delegate((name.to_string(), tx))?;
    rx.recv().map_err(|_| ResolveError::NoAnswer(name.to_string()))
}

/// Resolves many names at once; the answers come back sorted by name.
pub fn lookup_many<I, S>(names: I) -> Result<Vec<Answer>, ResolveError>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let (tx, rx) = mpsc::channel::<Answer>();
    let mut n = 0;
    for name in names {
        resolvers().delegate((name.into(), tx.clone()))?;
        n += 1;
    }
    drop(tx);
    let mut answers: Vec<Answer> = rx.iter().take(n).collect();
    if answers.len() != n {
        return Err(ResolveError::NoAnswer(format!("{} of {n} lookups", n - answers.len())));
    }
    answers.sort();
    Ok(answers)
}
