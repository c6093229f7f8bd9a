//! A worker's closure kept in a local first (`let f = move |n: u64| ..; Worker::new(f)`): the closure the local
//! holds, as certain as one written inside `Worker::new(..)`.

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

/// What `Worker::new(name)` is given, when `name` is a local.
pub(super) enum LocalFn<'c> {
    /// A local bound by `let` to a closure literal.
    Closure(&'c ClosureFn),
    /// Any other local or parameter.
    Other,
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

    /// `let name = |..| ..;`: remembers the closure the local holds.
    pub(super) fn closure_local(&mut self, named: &syn::Ident, c: &ExprClosure) {
        let at = self.source.range(named.span()).start;
        if let Some(id) = self.tree.binding_at(at) {
            let closure = self.closure_fn(c);
            self.closure_locals.insert(id, closure);
        }
    }

    /// What the single name `path` given to `Worker::new` holds, when it is a local (None: an item, a function).
    pub(super) fn local_fn(&self, path: &syn::ExprPath) -> Option<LocalFn<'_>> {
        let ident = path.path.get_ident().filter(|_| path.qself.is_none())?;
        let id = self
            .tree
            .resolve(&ident.to_string(), self.range(path).start)?;
        Some(match self.closure_locals.get(&id) {
            Some(closure) => LocalFn::Closure(closure),
            None => LocalFn::Other,
        })
    }
}
