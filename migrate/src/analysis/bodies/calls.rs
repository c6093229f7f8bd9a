//! The 2.x calls on a pool (`delegate`, `stop`, `workers_num`, `add_worker`, `remove_worker`) and the
//! `Worker::new` they take: what each site needs, and when it cannot be migrated.

use std::ops::Range;

use syn::{BinOp, Expr, ExprMethodCall};

use super::{Binding, Collector, Wrapper, key};
use crate::analysis::declare::fn_job;
use crate::analysis::model::{
    CallKind, FnId, Loc, NodeId, Owner, StmtCtx, WorkerDecl, WorkerFn, WorkerId, WorkerSite,
};
use crate::analysis::reasons::Refusal;
use crate::analysis::scope_tree::BindingId;
use crate::analysis::types::TryTarget;
use crate::edit::Edit;

impl Collector<'_> {
    /// `pool.delegate(job)` in a function whose parameters carry a type parameter (`fn submit<J>(&self, job: J)`,
    /// `jobs: Vec<J>`), with a job made from a local: its type may be that parameter, which 2.x took and 3.x's `Pool<T>`
    /// takes only if `T` is it. A question for the compiler where it is not asked (`--no-verify`); where it is, its
    /// probe and the check say (`compiler::State::learn`).
    fn generic_delegate(&mut self, node: NodeId, m: &ExprMethodCall, loc: Loc) {
        if !self.checked
            && self.generic_valued.last() == Some(&true)
            && m.args.first().is_some_and(|arg| self.names_a_local(arg))
        {
            self.facts.refuse(node, loc, Refusal::UNSETTLED);
        }
    }

    /// Whether `expr` names a local binding other than a parameter of a known type.
    fn names_a_local(&self, expr: &Expr) -> bool {
        let mut idents = Vec::new();
        super::macros::collect_ident_tokens(quote::ToTokens::to_token_stream(expr), &mut idents);
        idents.iter().any(|ident| {
            let at = self.source.range(ident.span()).start;
            let local = self.tree.resolve(&ident.to_string(), at);
            local.is_some_and(|id| !self.concrete_params.contains(&id))
        })
    }

    /// A 2.x method called on the pool `node`.
    pub(super) fn pool_call(&mut self, node: NodeId, m: &ExprMethodCall) {
        let call = self.range(m);
        let method = m.method.to_string();
        let (outer, wrapper) = match self.wrappers.get(&key(&call)) {
            Some((outer, w)) => (outer.clone(), Some(*w)),
            None => (call.clone(), None),
        };
        let ctx = self.stmt_ctx.get(&key(&outer)).copied();
        let loc = self.loc(self.source.range(m.method.span()).start);
        let func = self.fns.first().map_or(FnId(self.loc(0)), |f| f.id);
        match method.as_str() {
            "workers_num" => {
                self.facts.calls.push((node, func, CallKind::Other, loc));
                let edit = Edit::replace(self.source.range(m.method.span()), "workers");
                self.facts.cond_edits.push((node, self.file, edit));
            }
            "delegate" => {
                self.facts.calls.push((node, func, CallKind::Delegate, loc));
                self.literal_delegate(node, m, loc);
                self.generic_delegate(node, m, loc);
                let ok = match wrapper {
                    Some(Wrapper::Inspect) => {
                        self.facts.checked_delegates.push((node, loc));
                        true
                    }
                    Some(Wrapper::Unwrap | Wrapper::Formatted) => true,
                    Some(Wrapper::Try) => self.try_delegate(node, loc, call.end),
                    None if self.formatted_results.contains(&key(&outer)) => {
                        // `match pool.delegate(job) { Ok(()) => .., Err(e) => eprintln!("{e}") }`.
                        self.facts.matched_errors.push((node, loc));
                        self.facts.checked_delegates.push((node, loc));
                        true
                    }
                    None if let Some(arm) = self.returns_delegate(&outer) => {
                        // `fn f(..) -> Result<(), workerpool::Error> { pool.delegate(job) }`.
                        let ok = self.try_delegate(node, loc, outer.end);
                        self.convert_returned_result(node, &outer, arm);
                        ok
                    }
                    None => matches!(ctx, Some((StmtCtx::Semi | StmtCtx::LetUnderscore, _))),
                };
                if !ok && let Some(stmt) = self.stmts.last() {
                    self.facts
                        .error_claims
                        .push((node, self.file, stmt.clone()));
                }
                if !ok && wrapper != Some(Wrapper::Try) {
                    let stmt = &self.source.text[outer.start..self.stmt_end(&outer)];
                    if stmt.contains("NoWorkers") || self.enclosing_mentions_no_workers(&outer) {
                        self.facts.refuse(node, loc, Refusal::MatchesNoWorkers);
                    } else {
                        self.keep_v2_result(node, loc, call.end);
                    }
                }
            }
            "stop" => {
                self.facts.calls.push((node, func, CallKind::Stop, loc));
                match (wrapper, ctx) {
                    (None, Some((StmtCtx::Semi | StmtCtx::LetUnderscore, _))) => {}
                    (None, Some((StmtCtx::Tail, _))) => {
                        self.facts
                            .cond_edits
                            .push((node, self.file, Edit::insert(outer.end, ";")));
                    }
                    (None, Some((StmtCtx::ClosureBody, _))) => {
                        self.facts.cond_edits.push((
                            node,
                            self.file,
                            Edit::insert(outer.start, "{ "),
                        ));
                        self.facts.cond_edits.push((
                            node,
                            self.file,
                            Edit::insert(outer.end, "; }"),
                        ));
                    }
                    // Its value used: 3.x's stop() returns the jobs left, which the check judges.
                    _ => self.facts.refuse(node, loc, Refusal::UNFOLLOWED),
                }
            }
            _ => self.worker_call(node, m, &method, outer, wrapper, ctx, loc),
        }
    }

    /// `delegate(5)` or `delegate(n)` of a `for n in 0..3` / `let n = 5`: a job 2.x typed as `i32` (`f64`).
    fn literal_delegate(&mut self, node: NodeId, m: &ExprMethodCall, loc: Loc) {
        let Some(arg) = m.args.first().filter(|_| m.args.len() == 1) else {
            return;
        };
        if let Some((was, bindings)) = self.untyped_number(arg) {
            self.literal_delegates.push((node, loc, was, bindings));
        }
    }

    /// Whether `expr` is a number whose type nothing fixes (2.x made it an `i32` or `f64`): an unsuffixed literal,
    /// a local bound to one (or to an item of an untyped range), or arithmetic of such operands; with the locals it
    /// reads, each of which must be read nowhere else.
    fn untyped_number(&self, expr: &Expr) -> Option<(&'static str, Vec<BindingId>)> {
        if let Some(was) = super::literal_type(expr) {
            return Some((was, Vec::new()));
        }
        match expr {
            Expr::Paren(p) => self.untyped_number(&p.expr),
            Expr::Path(p) => {
                let ident = p.path.get_ident()?;
                let id = self.tree.resolve(&ident.to_string(), self.range(p).start)?;
                let &was = self.literal_bindings.get(&id)?;
                Some((was, vec![id]))
            }
            // `i * 10`, `t * 5 + i`: both operands of one untyped type give that type (not `<<`, whose type is the
            // left operand's alone, nor a comparison).
            Expr::Binary(b)
                if matches!(
                    b.op,
                    BinOp::Add(_) | BinOp::Sub(_) | BinOp::Mul(_) | BinOp::Div(_) | BinOp::Rem(_)
                ) =>
            {
                let (left, mut read) = self.untyped_number(&b.left)?;
                let (right, more) = self.untyped_number(&b.right)?;
                read.extend(more);
                (left == right).then_some((left, read))
            }
            _ => None,
        }
    }

    /// `outer`, a delegate's `Result` (or a chain carrying it) that a function returning `Result<(),
    /// workerpool::Error>` evaluates to: in 3.x its error converts through `?`, as a person would write it
    /// (`..?;` then `Ok(())`), or, as a whole `match` arm, which holds one expression, through `.map_err(Into::into)`.
    pub(super) fn convert_returned_result(
        &mut self,
        node: NodeId,
        outer: &Range<usize>,
        arm: bool,
    ) {
        if arm {
            let edit = Edit::insert(outer.end, ".map_err(Into::into)");
            self.facts.cond_edits.push((node, self.file, edit));
            return;
        }
        let (indent, newline) = self.line_shape(outer.start);
        let ok_line = format!("{newline}{indent}Ok(())");
        // A trailing `// comment` on the call's line stays there: `Ok(())` goes after it.
        let rest = &self.source.text[outer.end..];
        let line = rest.find(['\r', '\n']).unwrap_or(rest.len());
        let edits = if rest[..line].trim_start().starts_with("//") {
            vec![
                Edit::insert(outer.end, "?;"),
                Edit::insert(outer.end + line, ok_line),
            ]
        } else {
            vec![Edit::insert(outer.end, format!("?;{ok_line}"))]
        };
        for edit in edits {
            self.facts.cond_edits.push((node, self.file, edit));
        }
    }

    /// When `outer` is what a `fn` returning `Result<_, workerpool::Error>` evaluates to (its tail, or a tail of its
    /// tail's branches): whether it is a whole `match` arm.
    pub(super) fn returns_delegate(&self, outer: &Range<usize>) -> Option<bool> {
        let f = self.fns.last()?;
        if !matches!(f.target, TryTarget::Linked { .. }) {
            return None;
        }
        let at = key(outer);
        f.tails.iter().find(|(t, _)| *t == at).map(|&(_, arm)| arm)
    }

    /// End of the statement `outer` is in (for reading its text).
    pub(super) fn stmt_end(&self, outer: &Range<usize>) -> usize {
        let rest = &self.source.text[outer.end..];
        outer.end + rest.find([';', '\n']).unwrap_or(rest.len())
    }

    pub(super) fn enclosing_mentions_no_workers(&self, outer: &Range<usize>) -> bool {
        let text = &self.source.text;
        let start = text[..outer.start].rfind("fn ").unwrap_or(0);
        let end = text[outer.end..]
            .find("\nfn ")
            .map_or(text.len(), |i| outer.end + i);
        text[start..end].contains("NoWorkers")
    }

    /// `delegate(..)?`, the result ending at `end`: the error must convert into the function's error type under 3.x
    /// too.
    pub(super) fn try_delegate(&mut self, node: NodeId, loc: Loc, end: usize) -> bool {
        self.try_delegate_in(node, loc, self.fns.len().saturating_sub(1), end)
    }

    /// A `?` in the function at `fn_index` of the walk's stack takes a delegate's error, from a result ending at
    /// `end`: it must convert into that function's error type under 3.x too. Into a type with `impl
    /// From<workerpool::Error>` it converts through that, written `.map_err(workerpool::Error::from)` before the `?`.
    pub(super) fn try_delegate_in(
        &mut self,
        node: NodeId,
        loc: Loc,
        fn_index: usize,
        end: usize,
    ) -> bool {
        let Some(f) = self.fns.get(fn_index) else {
            return false;
        };
        match f.target.clone() {
            TryTarget::Fine => true,
            TryTarget::Linked { .. } => {
                if let Some(error) = f.error {
                    self.facts.tie(node, error);
                }
                self.facts.error_links.push(node);
                true
            }
            TryTarget::Named { name, .. }
                if let Some(&error) = self.decls.from_error.get(&name) =>
            {
                self.facts.tie(node, error);
                self.facts.error_links.push(node);
                let edit = Edit::insert(end, ".map_err(workerpool::Error::from)");
                self.facts.cond_edits.push((node, self.file, edit));
                true
            }
            TryTarget::Other(_) | TryTarget::Named { .. } => {
                self.facts.refuse(node, loc, Refusal::UNSETTLED);
                false
            }
            TryTarget::Unknown => {
                self.keep_v2_result(node, loc, end);
                true
            }
        }
    }

    /// A delegate's result, ending at `end`, used in a way the flow layer does not follow: it keeps 2.x's type,
    /// `Result<(), workerpool::Error>` (3.x's `Error` where 2.x's was), through `.map_err(workerpool::Error::from)`,
    /// and the compiler judges the rest. A question for it: without it, the pool stays on v2.
    fn keep_v2_result(&mut self, node: NodeId, loc: Loc, end: usize) {
        self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
        let edit = Edit::insert(end, ".map_err(workerpool::Error::from)");
        self.facts.cond_edits.push((node, self.file, edit));
        self.facts.mapped_results.push((node, loc));
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn worker_call(
        &mut self,
        node: NodeId,
        m: &ExprMethodCall,
        method: &str,
        outer: Range<usize>,
        wrapper: Option<Wrapper>,
        ctx: Option<(StmtCtx, Option<usize>)>,
        loc: Loc,
    ) {
        let remove = method == "remove_worker";
        let func = self.fns.first().map_or(FnId(self.loc(0)), |f| f.id);
        if remove {
            self.facts.calls.push((node, func, CallKind::Other, loc));
        } else {
            self.facts
                .calls
                .push((node, func, CallKind::AddWorker, loc));
        }
        let helper = match m.args.first() {
            Some(Expr::Reference(r)) => match &*r.expr {
                Expr::Call(c) => self.helper_call(c),
                Expr::MethodCall(call) => self.helper_method_call(call),
                _ => None,
            },
            _ => None,
        };
        let mut bound = None;
        let worker = match m.args.first().filter(|_| m.args.len() == 1) {
            Some(Expr::Reference(r)) if helper.is_some() => {
                self.worker_accounted.insert(key(&self.range(&*r.expr)));
                helper
            }
            Some(Expr::Reference(r)) if self.is_worker_new(&r.expr) => {
                Some(self.inline_worker(&r.expr))
            }
            Some(Expr::Reference(r)) => match &*r.expr {
                Expr::Path(p) if p.path.segments.len() == 1 => {
                    match self.lookup(&p.path.segments[0].ident.to_string(), self.range(p).start) {
                        Some(Binding::Worker(w)) => {
                            self.worker_accounted.insert(key(&self.range(p)));
                            Some(w)
                        }
                        Some(Binding::HelperWorker(w, b)) => {
                            self.worker_accounted.insert(key(&self.range(p)));
                            bound = Some((b, self.helper_bindings[b]));
                            Some(w)
                        }
                        _ => None,
                    }
                }
                _ => None,
            },
            _ => None,
        };
        let Some(worker) = worker else {
            self.facts.refuse(node, loc, Refusal::UNFOLLOWED_WORKER);
            return;
        };
        // 2.x's add_worker always returns Ok(()): a check of its error is dead code (not so with a handle to remove).
        let dead_check = self.dead_checks.get(&key(&self.range(m))).cloned();
        let (outer, ctx) = match dead_check {
            Some((check, kept)) if !remove => {
                if let Some(kept) = kept {
                    let edit = Edit::insert(check.end, kept);
                    self.facts.cond_edits.push((node, self.file, edit));
                }
                (check, Some((StmtCtx::DeadCheck, None)))
            }
            _ => (outer, ctx),
        };
        let (ctx, semi_end) = match (wrapper, ctx) {
            (_, Some((c @ StmtCtx::DeadCheck, semi))) => (c, semi),
            // `fn attach(..) -> Result<(), Error> { ..; pool.add_worker(&w) }`: 2.x's Ok(()) is written out.
            (None, Some((StmtCtx::Tail, _))) => match self.result_tail_edit(&outer) {
                Some(edit) if !remove => {
                    self.facts.cond_edits.push((node, self.file, edit));
                    (StmtCtx::ResultTail, None)
                }
                _ => {
                    // A use of the result not rewritten: the check judges it.
                    self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
                    return;
                }
            },
            (
                None | Some(Wrapper::Try | Wrapper::Unwrap | Wrapper::Formatted),
                Some((c @ (StmtCtx::Semi | StmtCtx::Tail | StmtCtx::LetUnderscore), semi)),
            )
            | (
                Some(Wrapper::Inspect),
                Some((c @ (StmtCtx::Semi | StmtCtx::LetUnderscore), semi)),
            )
            // `(0..n).for_each(|_| pool.add_worker(&w).unwrap())`
            | (Some(Wrapper::Unwrap), Some((c @ StmtCtx::ClosureBody, semi))) => (c, semi),
            _ => {
                self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
                return;
            }
        };
        // `pool.add_worker(&w)?` in `fn start() -> Result<Self, workerpool::Error>`: the function's error is this
        // pool's (v2's while it stays on v2; 3.x's `workerpool::Error`, untouched, once the `?` goes with the rewrite).
        if wrapper == Some(Wrapper::Try)
            && let Some(error) = self.fns.last().and_then(|f| f.error)
        {
            self.facts.tie(node, error);
        }
        let block = *self.blocks.last().expect("a block");
        let line_start = self.source.text[..outer.start]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let own_line = (matches!(ctx, StmtCtx::Semi | StmtCtx::Tail)
            && self.source.text[line_start..outer.start].trim().is_empty())
        .then(|| self.line_shape(outer.start));
        self.facts.worker_sites.push(WorkerSite {
            worker,
            node,
            remove,
            call: self.range(m),
            arg: self.range(&m.args[0]),
            bound,
            arg_inner: match &m.args[0] {
                Expr::Reference(r) => self.range(&*r.expr).start,
                other => self.range(other).start,
            },
            outer,
            ctx,
            block,
            depth: self.nesting(),
            semi_end,
            loc,
            own_line,
        });
    }

    /// For a call `outer` that a function returns as its `Result<(), _>` (the tail of its body, or of a branch of that
    /// tail, outside closures): the `Ok(())` that follows it once the call ends in `;`. It goes at the start of the
    /// next line (after a trailing `// comment`), or before what follows the call on its line (` }`), so that it
    /// never shares an offset with the `;` written at the call's end.
    fn result_tail_edit(&self, outer: &Range<usize>) -> Option<Edit> {
        let f = self.fns.last()?;
        let at = key(outer);
        if self.closures > 0 || !f.tails.iter().any(|&(t, arm)| t == at && !arm) {
            return None;
        }
        let rest = &self.source.text[outer.end..];
        let line = rest.find(['\r', '\n']).unwrap_or(rest.len());
        let on_line = rest[..line].trim_start();
        if on_line.is_empty() || on_line.starts_with("//") {
            let (indent, newline) = self.line_shape(outer.start);
            let next = outer.end + line + rest[line..].find('\n')? + 1;
            return Some(Edit::insert(next, format!("{indent}Ok(()){newline}")));
        }
        let space = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        (space > 0).then(|| Edit::insert(outer.end + space, "Ok(()) "))
    }

    /// A call of a helper `fn f(..) -> Worker` of the crate (the only function of that name): the worker it makes.
    /// Called by name (`f(..)`, imported or not), or by a path that ends at the helper's module (`workers::f(..)`,
    /// `crate::workers::f(..)`, `super::f(..)`).
    pub(super) fn helper_call(&self, call: &syn::ExprCall) -> Option<WorkerId> {
        let Expr::Path(p) = &*call.func else {
            return None;
        };
        if p.qself.is_some() || p.path.segments.iter().any(|s| !s.arguments.is_none()) {
            return None;
        }
        let segments: Vec<String> = p
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let (name, path) = segments.split_last()?;
        let id = *self.decls.helpers.get(name)?;
        let first_named = path
            .iter()
            .position(|s| !matches!(s.as_str(), "crate" | "self" | "super"))
            .unwrap_or(path.len());
        let module = self.decls.helper_modules.get(name)?;
        if !module.ends_with(&path[first_named..]) {
            return None;
        }
        let name = name.clone();
        let single = self
            .decls
            .receivers
            .get(&name)
            .is_some_and(|r| r.len() == 1);
        single.then_some(id)
    }

    /// A call of a helper method `fn m(self) -> Worker` on a value whose type the code shows (`Hasher { .. }.m()`,
    /// `h.m()` of a `let h = Hasher::new(..)`): the worker it makes.
    pub(super) fn helper_method_call(&self, m: &ExprMethodCall) -> Option<WorkerId> {
        let ty = self
            .struct_of_value(&m.receiver)
            .or_else(|| self.known_struct(&m.receiver))?;
        self.decls
            .helpers
            .get(&format!("{ty}::{}", m.method))
            .copied()
    }

    /// The helper a path may name: a free helper by its name (not a local's), through a path ending in its name, or a
    /// helper method as `Type::m` / `Self::m`.
    fn helper_named_by(&self, p: &syn::ExprPath) -> Option<WorkerId> {
        let segments = &p.path.segments;
        if p.qself.is_some() || segments.iter().any(|s| !s.arguments.is_none()) {
            return None;
        }
        let last = segments.last()?.ident.to_string();
        if segments.len() == 1 {
            let local = self.tree.resolve(&last, self.range(p).start).is_some();
            return (!local).then(|| self.decls.helpers.get(&last).copied())?;
        }
        let ty = segments[segments.len() - 2].ident.to_string();
        let ty = match ty.as_str() {
            "Self" => self.impl_types.last().cloned().unwrap_or_default(),
            _ => ty,
        };
        let method = self.decls.helpers.get(&format!("{ty}::{last}"));
        method.or_else(|| self.decls.helpers.get(&last)).copied()
    }

    /// A path that may name a helper, other than the callee of a followed helper call (`other::helper(..)`,
    /// `Type::helper(&x)`, `.map(helper)`): if it is the helper, what it is given would be the 3.x closure, so the
    /// helper stays on v2.
    pub(super) fn helper_path_use(&mut self, p: &syn::ExprPath) {
        if self.helper_funcs.contains(&key(&self.range(p))) {
            return;
        }
        let Some(id) = self.helper_named_by(p) else {
            return;
        };
        let loc = self.loc(self.range(p).start);
        self.facts.workers[id]
            .refusal
            .get_or_insert((loc, Refusal::UNFOLLOWED_WORKER));
    }

    /// A method call that is, or may be, a helper method's: a use of its worker, which must be accounted for; where
    /// the receiver's type is not known and a helper method has that name, the helper stays on v2.
    pub(super) fn helper_method_use(&mut self, m: &ExprMethodCall) {
        if let Some(id) = self.helper_method_call(m) {
            self.worker_uses.push((id, self.range(m)));
            return;
        }
        let suffix = format!("::{}", m.method);
        let ids: Vec<WorkerId> = self
            .decls
            .helpers
            .iter()
            .filter(|(k, _)| k.ends_with(&suffix))
            .map(|(_, &id)| id)
            .collect();
        for id in ids {
            let loc = self.loc(self.source.range(m.method.span()).start);
            self.facts.workers[id]
                .refusal
                .get_or_insert((loc, Refusal::UNFOLLOWED_WORKER));
        }
    }

    /// Fills in the worker of a helper function from the `Worker::new(f)` its body ends with.
    pub(super) fn fill_helper(&mut self, id: WorkerId, tail: &Expr) -> WorkerId {
        let made = self.worker_decl(tail, None, (0, String::new(), "\n"));
        let mut decl = self.facts.workers.pop().expect("just made");
        debug_assert_eq!(made.0, self.facts.workers.len());
        // The `Worker` of `Worker::new` in the body now belongs to the helper's worker.
        for owner in self.facts.owners.values_mut() {
            if *owner == Owner::Worker(made) {
                *owner = Owner::Worker(id);
            }
        }
        let placeholder = &self.facts.workers[id];
        decl.kind = WorkerFn::Helper;
        decl.helper_ret = placeholder.helper_ret.clone();
        self.facts.workers[id] = decl;
        id
    }

    /// Records a `Worker::new(f)`; `name` is None when it is written inline.
    pub(super) fn worker_decl(
        &mut self,
        expr: &Expr,
        name: Option<String>,
        after_let: (usize, String, &'static str),
    ) -> WorkerId {
        let Expr::Call(call) = expr else {
            unreachable!("checked by is_worker_new")
        };
        let Expr::Path(p) = &*call.func else {
            unreachable!("checked by is_worker_new")
        };
        let scope = self.scope();
        let mut refusal = None;
        let func_expr = call.args.first();
        let (kind, job) = match func_expr {
            Some(Expr::Closure(c)) => {
                let closure = self.closure_fn(c);
                (closure.kind, closure.job)
            }
            // `let f = move |n: u64| ..; Worker::new(f)`: what the local holds is not followed.
            Some(Expr::Path(fp)) if self.is_local(fp) => (WorkerFn::Other, None),
            Some(Expr::Path(fp))
                if fp.qself.is_none()
                    && (1..=2).contains(&fp.path.segments.len())
                    && fp.path.segments.iter().all(|s| s.arguments.is_none()) =>
            {
                // `handle` or `Type::method`.
                let name = fp
                    .path
                    .segments
                    .iter()
                    .map(|s| s.ident.to_string())
                    .collect::<Vec<_>>()
                    .join("::");
                (
                    WorkerFn::FnPath,
                    fn_job(self.decls, self.source, self.file, &name),
                )
            }
            _ => (WorkerFn::Other, None),
        };
        let call_range = self.range(call);
        if job.is_none() {
            // Not written at the worker (or a local the walk does not follow to a closure): a question for the
            // compiler.
            refusal = Some((self.loc(call_range.start), Refusal::UNSETTLED));
        }
        let func = func_expr.map_or(call_range.clone(), |f| self.range(f));
        let taken = self.fns.last().map(|f| f.taken.clone()).unwrap_or_default();
        let id = WorkerId(self.facts.workers.len());
        let name_start = self.source.range(p.path.segments[0].ident.span()).start;
        self.facts
            .owners
            .insert(self.loc(name_start), Owner::Worker(id));
        self.facts.workers.push(WorkerDecl {
            name,
            scope,
            block: *self.blocks.last().expect("a block"),
            depth: self.nesting(),
            call: call_range,
            func,
            kind,
            job,
            after_let,
            refusal,
            taken,
            helper_ret: None,
        });
        id
    }

    pub(super) fn inline_worker(&mut self, expr: &Expr) -> WorkerId {
        let range = self.range(expr);
        let w = self.worker_decl(expr, None, (range.start, String::new(), "\n"));
        self.worker_accounted.insert(key(&range));
        w
    }

    /// Indentation of the line `offset` is on, and the line ending the file uses there.
    pub(super) fn line_shape(&self, offset: usize) -> (String, &'static str) {
        let text = &self.source.text;
        let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let indent: String = text[start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect();
        let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        let newline = if end > 0 && text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\r') {
            "\r\n"
        } else {
            "\n"
        };
        (indent, newline)
    }
}
