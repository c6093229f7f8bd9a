//! A worker's function as the code writes it: a closure literal's form and job type. A closure kept in a local first
//! (`let f = ..; Worker::new(f)`), or one a function returns (`Worker::new(scaler(5, tx))`), is not followed: its job
//! type is the compiler's to say.

use syn::{ExprClosure, Pat};

use super::Collector;
use crate::analysis::model::{JobType, WorkerFn};
use crate::analysis::types::job_type;

/// What a closure is as a worker's function: its form, and the job type its one parameter writes.
#[derive(Debug, Clone)]
pub(super) struct ClosureFn {
    pub kind: WorkerFn,
    pub job: Option<JobType>,
}

impl Collector<'_> {
    /// The closure `c` as a worker's function, looked at where it is written.
    pub(super) fn closure_fn(&self, c: &ExprClosure) -> ClosureFn {
        let inputs: Vec<Pat> = c.inputs.iter().cloned().collect();
        let kind = if c.capture.is_some()
            && self.captures_only_clone(self.range(c).start, &inputs, &c.body)
        {
            WorkerFn::CloneClosure
        } else if c.capture.is_some() {
            WorkerFn::MoveClosure
        } else {
            WorkerFn::Closure
        };
        let job = match c.inputs.first() {
            Some(Pat::Type(t)) if c.inputs.len() == 1 => Some(job_type(
                self.source,
                &t.ty,
                self.scope(),
                &self.generics_in_scope(),
            )),
            _ => None,
        };
        ClosureFn { kind, job }
    }

    /// Whether the single name `path` given to `Worker::new` is a local or a parameter (not an item).
    pub(super) fn is_local(&self, path: &syn::ExprPath) -> bool {
        path.path
            .get_ident()
            .filter(|_| path.qself.is_none())
            .is_some_and(|ident| {
                (self.tree)
                    .resolve(&ident.to_string(), self.range(path).start)
                    .is_some()
            })
    }
}
