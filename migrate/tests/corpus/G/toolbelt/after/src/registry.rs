//! Tools by name. Each tool is a pool and a worker that takes one input type; the registry checks the
//! input's type before queueing it, so a wrong input is an error, not a dead worker.

use std::any::{type_name, Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;

use workerpool::v2::{Pool, Worker};

#[derive(Debug)]
pub enum ToolError {
    NoSuchTool(String),
    WrongInput {
        tool: String,
        expected: &'static str,
        got: &'static str,
    },
    Pool(workerpool::v2::Error),
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::NoSuchTool(name) => write!(f, "no tool named {name:?}"),
            ToolError::WrongInput {
                tool,
                expected,
                got,
            } => {
                write!(f, "{tool} takes {}, not {}", short(expected), short(got))
            }
            ToolError::Pool(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ToolError {}

/// `alloc::string::String` as `String`, `alloc::vec::Vec<u8>` as `Vec<u8>`.
fn short(type_name: &str) -> String {
    let mut out = String::new();
    for (i, part) in type_name.split('<').enumerate() {
        if i > 0 {
            out.push('<');
        }
        out.push_str(part.rsplit("::").next().unwrap_or(part));
    }
    out
}

impl From<workerpool::v2::Error> for ToolError {
    fn from(e: workerpool::v2::Error) -> Self {
        ToolError::Pool(e)
    }
}

/// One output line, tagged with the number of the job that made it.
pub type Output = (usize, String);

struct Tool {
    pool: Pool,
    worker: Worker,
    input: TypeId,
    input_name: &'static str,
}

pub struct Registry {
    tools: HashMap<String, Tool>,
    out: Sender<Output>,
    results: Mutex<Receiver<Output>>,
}

impl Default for Registry {
    fn default() -> Self {
        Registry::new()
    }
}

impl Registry {
    pub fn new() -> Registry {
        let (out, results) = mpsc::channel();
        Registry {
            tools: HashMap::new(),
            out,
            results: Mutex::new(results),
        }
    }

    /// Registers `f` under `name` on a pool of `threads` threads.
    pub fn register<J, F>(&mut self, name: &str, threads: usize, f: F) -> Result<(), ToolError>
    where
        J: Any + Send,
        F: Fn(J) -> String + Send + Sync + 'static,
    {
        let out = self.out.clone();
        let worker = Worker::new(move |(seq, input): (usize, J)| {
            let _ = out.send((seq, f(input)));
        });
        let pool = Pool::new(threads * 4);
        for _ in 0..threads {
            pool.add_worker(&worker)?;
        }
        self.tools.insert(
            name.to_string(),
            Tool {
                pool,
                worker,
                input: TypeId::of::<J>(),
                input_name: type_name::<J>(),
            },
        );
        Ok(())
    }

    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.tools.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    pub fn threads(&self, name: &str) -> Option<usize> {
        self.tools.get(name).map(|t| t.pool.workers_num())
    }

    /// Queues `input` as job `seq` on the tool called `name`.
    pub fn submit<J: Any + Send>(&self, name: &str, seq: usize, input: J) -> Result<(), ToolError> {
        let tool = self
            .tools
            .get(name)
            .ok_or_else(|| ToolError::NoSuchTool(name.to_string()))?;
        if tool.input != TypeId::of::<J>() {
            return Err(ToolError::WrongInput {
                tool: name.to_string(),
                expected: tool.input_name,
                got: type_name::<J>(),
            });
        }
        tool.pool.delegate((seq, input))?;
        Ok(())
    }

    /// Takes one thread away from `name`.
    pub fn shrink(&self, name: &str) -> Result<(), ToolError> {
        let tool = self
            .tools
            .get(name)
            .ok_or_else(|| ToolError::NoSuchTool(name.to_string()))?;
        tool.pool.remove_worker(&tool.worker)?;
        Ok(())
    }

    /// Waits for `n` outputs, in job order.
    pub fn collect(&self, n: usize) -> Vec<Output> {
        let results = self.results.lock().unwrap();
        let mut got: Vec<Output> = results.iter().take(n).collect();
        got.sort();
        got
    }

    pub fn close(self) {
        for tool in self.tools.values() {
            tool.pool.stop();
        }
    }
}
