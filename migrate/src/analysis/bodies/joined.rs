//! A pool moved into a spawned thread and handed back as the thread's value: `let handle = thread::spawn(move || {
//! ..; pool });` then `let pool = handle.join().unwrap();` (or `.expect(..)`). What `join()` returns is the closure's
//! value, so the pool taken back is the one of the closure's tail; the handle must only be joined that way, so that
//! the walk sees where that pool goes.

use std::collections::HashSet;

use syn::{Expr, ExprClosure, ExprMethodCall, Stmt};

use super::{Binding, Collector, key};
use crate::analysis::model::{NodeId, SpanKey};
use crate::analysis::path_names::PathNames;
use crate::analysis::reasons::Refusal;
use crate::analysis::scope_tree::BindingId;

/// A `let` bound to the handle of a thread whose closure ends in a pool.
pub(super) struct PoolThread {
    /// The handle's name.
    name: String,
    /// The pool the thread returns.
    node: NodeId,
    /// Where the handle is bound.
    at: usize,
    /// The reads of the handle that are `handle.join().unwrap()`, by range.
    joins: HashSet<SpanKey>,
}

impl Collector<'_> {
    /// `let handle = thread::spawn(move || { ..; pool });`: the closure's value flows into a place the handle's
    /// `join()` gives back. False for any other `let`.
    pub(super) fn pool_thread_let(&mut self, named: &syn::Ident, init: &Expr) -> bool {
        let Expr::Call(call) = init else {
            return false;
        };
        let Expr::Path(p) = &*call.func else {
            return false;
        };
        let spawn = matches!(
            PathNames::of(&p.path).last_two().as_slice(),
            ["thread", "spawn"]
        );
        let (true, Some(Expr::Closure(c)), 1) = (spawn, call.args.first(), call.args.len()) else {
            return false;
        };
        if closure_tail(c).is_none_or(|tail| self.classify(tail).is_none()) {
            return false;
        }
        let at = self.source.range(named.span()).start;
        let Some(id) = self.tree.binding_at(at) else {
            return false;
        };
        let node = self.facts.node(self.loc(self.range(c).start));
        self.closure_into.insert(key(&self.range(c)), node);
        self.bind(named, Binding::PoolThread(node));
        let thread = PoolThread {
            name: named.to_string(),
            node,
            at,
            joins: HashSet::new(),
        };
        self.pool_threads.insert(id, thread);
        true
    }

    /// `handle.join().unwrap()` (`.expect(..)`) of such a handle: the pool the thread returned, and its range.
    pub(super) fn joined_pool(
        &mut self,
        m: &ExprMethodCall,
    ) -> Option<(NodeId, std::ops::Range<usize>)> {
        if !matches!(m.method.to_string().as_str(), "unwrap" | "expect") {
            return None;
        }
        let Expr::MethodCall(join) = &*m.receiver else {
            return None;
        };
        let Expr::Path(p) = &*join.receiver else {
            return None;
        };
        if join.method != "join" || !join.args.is_empty() || p.qself.is_some() {
            return None;
        }
        let ident = p.path.get_ident()?;
        let Binding::PoolThread(node) = self.lookup(&ident.to_string(), self.range(p).start)?
        else {
            return None;
        };
        let id = self.tree.resolve(&ident.to_string(), self.range(p).start)?;
        let path = key(&self.range(p));
        self.pool_threads.get_mut(&id)?.joins.insert(path);
        Some((node, self.range(m)))
    }

    /// Refuses the pool of a thread whose handle is used other than by one `join().unwrap()` the walk follows.
    pub(super) fn refuse_pool_thread_uses(&mut self) {
        let threads: Vec<(BindingId, PoolThread)> = self.pool_threads.drain().collect();
        for (id, thread) in threads {
            let reads = self.binding_reads.get(&id).copied().unwrap_or(0);
            if reads == thread.joins.len() {
                continue;
            }
            let loc = self.loc(thread.at);
            let handle = thread.name;
            self.facts
                .refuse(thread.node, loc, Refusal::PoolThreadHandleUsed { handle });
        }
    }
}

/// The value a closure ends in: its body, or the last expression of its block.
fn closure_tail(c: &ExprClosure) -> Option<&Expr> {
    match &*c.body {
        Expr::Block(b) => match b.block.stmts.last()? {
            Stmt::Expr(tail, None) => Some(tail),
            _ => None,
        },
        body => Some(body),
    }
}
