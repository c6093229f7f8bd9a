//! A worker's closure kept in a local first (`let f = move |n: u64| ..; Worker::new(f)`): the closure the local
//! holds, as certain as one written inside `Worker::new(..)`.

use syn::{Expr, ExprCall, ExprClosure, Pat, Stmt};

use super::Collector;
use crate::analysis::model::{JobType, Scope, WorkerFn};
use crate::analysis::types::job_type;

/// What a closure is as a worker's function: its form, and the job type its one parameter writes.
#[derive(Debug, Clone)]
pub(super) struct ClosureFn {
    pub kind: WorkerFn,
    pub job: Option<JobType>,
    /// The job type of the closure it returns (`|offset: u64| { ..; move |n: u64| .. }`), written on that closure.
    pub returns: Option<JobType>,
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
        let returned = match &*c.body {
            Expr::Block(b) => match b.block.stmts.last() {
                Some(Stmt::Expr(Expr::Closure(inner), None)) => Some(inner),
                _ => None,
            },
            Expr::Closure(inner) => Some(inner),
            _ => None,
        };
        let returns = returned.and_then(|inner| self.closure_fn(inner).job);
        ClosureFn { kind, job, returns }
    }

    /// The job type of the worker function `call` makes, written where its callee is: `make(100)` of a local
    /// closure that returns a closure with a typed parameter, or `scaler(5, tx)` of a `fn scaler(..) -> impl Fn(T)`
    /// of this file. None when the code does not write it.
    pub(super) fn made_fn_job(&self, call: &ExprCall) -> Option<JobType> {
        let Expr::Path(p) = &*call.func else {
            return None;
        };
        let ident = p
            .path
            .get_ident()
            .filter(|_| p.qself.is_none())?
            .to_string();
        if let Some(id) = self.tree.resolve(&ident, self.range(p).start) {
            return self.closure_locals.get(&id)?.returns.clone();
        }
        let (ty, module) = self
            .decls
            .returned_jobs
            .get(&(self.file, ident))?
            .as_ref()?;
        let scope = Scope {
            file: self.file,
            module: module.clone(),
            func: None,
        };
        Some(job_type(self.source, ty, scope, &[]))
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
