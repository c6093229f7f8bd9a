//! The walk over function bodies: the syntax visitor that drives the flow layer, one method per kind of node. What
//! it finds is recorded by the `Collector` methods of the sibling files (`calls`, `flow`, `collected`, ..).

use syn::visit::{self, Visit};
use syn::{Expr, ExprCall, ExprMethodCall, Pat, Stmt};

use super::{
    Binding, CallVia, Collector, FnCtx, POOL_METHODS, TailWorker, Wrapper, captures, flow,
    generic_names, handled, key, literal_type,
};
use crate::analysis::model::{DefId, FnId, Key, Owner, StmtCtx};
use crate::analysis::path_names::PathNames;
use crate::analysis::reasons::Refusal;
use crate::analysis::types::{TryTarget, pool_type, try_target};

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.module.push(m.ident.to_string());
        visit::visit_item_mod(self, m);
        self.module.pop();
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        self.generics.push(generic_names(&i.generics));
        let ty = match &*i.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        self.impl_types.push(ty.unwrap_or_default());
        let pool = match &i.trait_ {
            Some(_) => {
                let def = DefId(self.loc(self.source.range(i.impl_token.span).start));
                self.facts.get(&Key::PoolImpl(def))
            }
            None => None,
        };
        self.impl_pools.push(pool);
        visit::visit_item_impl(self, i);
        self.impl_pools.pop();
        self.impl_types.pop();
        self.generics.pop();
    }

    fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
        self.generics.push(generic_names(&t.generics));
        visit::visit_item_trait(self, t);
        self.generics.pop();
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.function(&f.sig, &f.block, &f.sig.ident.to_string());
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let ty = self.impl_types.last().cloned().unwrap_or_default();
        self.function(&f.sig, &f.block, &format!("{ty}::{}", f.sig.ident));
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.function(&f.sig, block, &f.sig.ident.to_string());
        }
    }

    fn visit_item_static(&mut self, s: &'ast syn::ItemStatic) {
        let def = DefId(self.loc(self.source.range(s.ident.span()).start));
        let node = self.facts.get(&Key::Static(def));
        // `static POOL: LazyLock<Pool> = LazyLock::new(|| Pool::new(n));` (or a block ending in the pool, or `build`)
        if let (Some(node), Expr::Call(call)) = (node, &*s.expr)
            && let Some(init) = flow::lazy_initialiser(call)
        {
            self.initialised_by(node, init);
        }
        visit::visit_item_static(self, s);
    }

    fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
        self.macro_rules_pool(m);
        visit::visit_item_macro(self, m);
    }

    fn visit_block(&mut self, b: &'ast syn::Block) {
        let id = self.next_block;
        self.next_block += 1;
        self.blocks.push(id);
        let last = b.stmts.len().saturating_sub(1);
        for (i, stmt) in b.stmts.iter().enumerate() {
            match stmt {
                Stmt::Expr(e, semi)
                    if let Expr::Match(m) = e
                        && let Some((call, kept)) = handled::error_match(m) =>
                {
                    // `match pool.add_worker(&w) { Ok(()) => {} Err(e) => .. }`: a check, as `if let Err(e)` is;
                    // an `Ok(()) => done(),` arm always ran after the call, so `done()` follows it.
                    let mut whole = self.range(e);
                    if let Some(semi) = semi {
                        whole.end = self.source.range(semi.span).end;
                    }
                    let kept = kept.map(|k| {
                        let (indent, newline) = self.line_shape(whole.start);
                        let text = self.source.text[self.range(k)].trim();
                        let end = if semi.is_some() || i != last { ";" } else { "" };
                        format!("{newline}{indent}{text}{end}")
                    });
                    self.dead_checks
                        .insert(key(&self.range(call)), (whole, kept));
                }
                // `assert!(pool.add_worker(&w).is_ok());`: a check that never fails, the call is the statement left.
                Stmt::Macro(sm) if let Some(call) = handled::asserted_ok(&sm.mac) => {
                    let mut whole = self.range(&sm.mac);
                    if let Some(semi) = &sm.semi_token {
                        whole.end = self.source.range(semi.span).end;
                    }
                    self.dead_checks
                        .insert(key(&self.range(&call)), (whole, None));
                }
                Stmt::Expr(e, Some(semi)) => {
                    let end = self.source.range(semi.span).end;
                    self.stmt_ctx
                        .insert(key(&self.range(e)), (StmtCtx::Semi, Some(end)));
                }
                Stmt::Expr(e, None) if i == last => {
                    self.stmt_ctx
                        .insert(key(&self.range(e)), (StmtCtx::Tail, None));
                }
                Stmt::Local(l) if matches!(l.pat, Pat::Wild(_)) => {
                    if let Some(init) = &l.init {
                        self.stmt_ctx.insert(
                            key(&self.range(&*init.expr)),
                            (StmtCtx::LetUnderscore, None),
                        );
                    }
                }
                _ => {}
            }
        }
        let is_body = self.fns.last().and_then(|f| f.body) == Some(key(&self.range(b)));
        for stmt in &b.stmts {
            self.visit_stmt(stmt);
        }
        if is_body && let Some(Stmt::Expr(tail, None)) = b.stmts.last() {
            self.returned(tail);
        }
        // The worker of `let w = { ..; Worker::new(f) };` is made once the block's statements are walked.
        if let Some(Stmt::Expr(tail, None)) = b.stmts.last()
            && let Some(t) = &self.tail_worker
            && t.made.is_none()
            && t.tail == key(&self.range(tail))
        {
            let (name, after_let) = (t.name.clone(), t.after_let.clone());
            let w = match t.helper {
                Some(id) => self.fill_helper(id, tail),
                None => self.worker_decl(tail, Some(name), after_let),
            };
            self.tail_worker.as_mut().expect("checked").made = Some(w);
        }
        self.blocks.pop();
    }

    fn visit_stmt(&mut self, s: &'ast Stmt) {
        if let Stmt::Item(item) = s {
            // The statements around it are not this item's.
            self.visit_item(item);
            return;
        }
        self.stmts.push(self.range(s));
        visit::visit_stmt(self, s);
        self.stmts.pop();
    }

    fn visit_expr_try(&mut self, t: &'ast syn::ExprTry) {
        let callee = match &*t.expr {
            Expr::Call(c) => match &*c.func {
                Expr::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                _ => None,
            },
            Expr::MethodCall(m) => Some(m.method.to_string()),
            _ => None,
        };
        // `f()?` where f returns workerpool::Error too: both error types must stay the same.
        if let (Some(name), Some(error)) = (callee, self.fns.last().and_then(|f| f.error))
            && self.decls.error_fns.contains(&name)
        {
            let loc = self.loc(self.range(t).start);
            let other = self.facts.error_node(Key::ErrorRet(name), loc);
            self.facts.union(error, other);
        }
        if let Expr::MethodCall(m) = &*t.expr
            && POOL_METHODS.contains(&m.method.to_string().as_str())
        {
            self.wrappers
                .insert(key(&self.range(m)), (self.range(t), Wrapper::Try));
        }
        // `pool.add_worker(&w).map_err(|e| e.to_string())?`, `pool.delegate(j).context("..")?`: the error is only
        // formatted, or wrapped into anyhow's, a type that does not depend on the pool's.
        if let Expr::MethodCall(map_err) = &*t.expr
            && let Expr::MethodCall(m) = &*map_err.receiver
            && self.error_only_formatted(m, map_err)
        {
            self.wrappers
                .insert(key(&self.range(m)), (self.range(t), Wrapper::Formatted));
        }
        visit::visit_expr_try(self, t);
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        let Some(init) = &l.init else {
            return;
        };
        let (named, annotation) = match &l.pat {
            Pat::Ident(p) if p.subpat.is_none() && p.by_ref.is_none() => (Some(&p.ident), None),
            Pat::Type(t) => match &*t.pat {
                Pat::Ident(p) if p.subpat.is_none() && p.by_ref.is_none() => {
                    (Some(&p.ident), Some(&*t.ty))
                }
                _ => (None, None),
            },
            _ => (None, None),
        };
        let ident = named.map(ToString::to_string);
        if let (Some(named), None, Some(was)) = (named, annotation, literal_type(&init.expr))
            && let Some(id) = self.tree.binding_at(self.source.range(named.span()).start)
        {
            self.literal_bindings.insert(id, was);
        }
        let strukt = match annotation {
            Some(ty) => self.struct_of_type(ty),
            None => self.struct_of_value(&init.expr),
        };
        if let (Some(named), Some(strukt)) = (named, strukt) {
            self.typed(named, strukt);
        }
        // `let w = helper(..);`, `let w = { let total = Arc::clone(&total); helper(move |n| ..) };` whose block's
        // tail is the call, or the method form `let w = Hasher { .. }.into_worker();`: added once, where it is bound,
        // it moves in as the helper's closure.
        let helper_made = match &*init.expr {
            Expr::Call(c) => self.helper_call(c).map(|id| (id, self.range(c))),
            Expr::MethodCall(m) => self.helper_method_call(m).map(|id| (id, self.range(m))),
            Expr::Block(b) if b.label.is_none() => match b.block.stmts.last() {
                Some(Stmt::Expr(Expr::Call(c), None)) => {
                    self.helper_call(c).map(|id| (id, self.range(c)))
                }
                _ => None,
            },
            _ => None,
        };
        if let (Some(_), None, None, Some((id, made))) =
            (&ident, &init.diverge, annotation, helper_made)
        {
            self.visit_expr(&init.expr);
            self.bind_helper_worker(named.expect("bound by name"), id, made);
            return;
        }
        if let (Some(name), None) = (&ident, &init.diverge)
            && self.is_worker_new(&init.expr)
        {
            let stmt = self.range(l);
            let (indent, newline) = self.line_shape(stmt.start);
            let w = self.worker_decl(&init.expr, Some(name.clone()), (stmt.end, indent, newline));
            if annotation.is_some() {
                // `let w: Worker = ..`: a type of its own, the kept worker's (`SharedWorker<T>`).
                let loc = self.loc(stmt.start);
                self.facts.workers[w]
                    .refusal
                    .get_or_insert((loc, Refusal::UNFOLLOWED_WORKER));
            }
            self.visit_expr(&init.expr);
            self.bind(named.expect("bound by name"), Binding::Worker(w));
            return;
        }
        if let (Some(name), None, Expr::Block(b)) = (&ident, &init.diverge, &*init.expr)
            && b.label.is_none()
            && let Some(Stmt::Expr(tail, None)) = b.block.stmts.last()
            && self.is_worker_new(tail)
        {
            // `let w = { let tx = tx.clone(); Worker::new(move |job| ..) };`
            let stmt = self.range(l);
            let (indent, newline) = self.line_shape(stmt.start);
            let outer = (*self.blocks.last().expect("a block"), self.nesting());
            let outer_tail = self.tail_worker.replace(TailWorker {
                tail: key(&self.range(tail)),
                name: name.clone(),
                after_let: (stmt.end, indent, newline),
                made: None,
                helper: None,
            });
            self.visit_expr(&init.expr);
            let made = std::mem::replace(&mut self.tail_worker, outer_tail).and_then(|t| t.made);
            if let Some(w) = made {
                let loc = self.loc(stmt.start);
                let decl = &mut self.facts.workers[w];
                (decl.block, decl.depth) = outer;
                if annotation.is_some() {
                    decl.refusal
                        .get_or_insert((loc, Refusal::UNFOLLOWED_WORKER));
                }
                self.bind(named.expect("bound by name"), Binding::Worker(w));
                return;
            }
        } else {
            self.visit_expr(&init.expr);
        }
        if let Some((_, diverge)) = &init.diverge {
            self.visit_expr(diverge);
        }
        match (&ident, init.diverge.is_none()) {
            (Some(name), true) if self.classify(&init.expr).is_some() => {
                let node = self.accept(&init.expr, None).expect("classified");
                if let Some(ty) = annotation {
                    match pool_type(self.names, self.source, ty) {
                        Some(at) => {
                            self.pool_type_site(node, at);
                            self.typed_by(&init.expr, node);
                        }
                        None => {
                            let loc = self.loc(self.range(ty).start);
                            self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
                        }
                    }
                }
                self.bind(named.expect("bound by name"), Binding::Pool(node));
            }
            (Some(name), true)
                if annotation
                    .map_or_else(|| captures::clone_value(&init.expr), captures::clone_type) =>
            {
                self.bind(named.expect("bound by name"), Binding::Clone);
            }
            (None, true) if self.is_std_channel(&init.expr) => {
                // `let (tx, rx) = mpsc::channel();`: the sender is Clone.
                if let Pat::Tuple(t) = &l.pat
                    && let Some(Pat::Ident(sender)) = t.elems.first()
                {
                    self.bind(&sender.ident, Binding::Clone);
                }
            }
            _ => {}
        }
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        for input in &c.inputs {
            if let Pat::Type(t) = input
                && let Pat::Ident(ident) = &*t.pat
                && let Some(strukt) = self.struct_of_type(&t.ty)
            {
                self.typed(&ident.ident, strukt);
            }
        }
        let id = self.fns.first().map_or(FnId(self.loc(0)), |f| f.id);
        let target = match &c.output {
            syn::ReturnType::Default => TryTarget::Unknown,
            out => try_target(self.names, self.source, out),
        };
        let taken = self.fns.last().map(|f| f.taken.clone()).unwrap_or_default();
        let error = match target {
            TryTarget::Linked { name_start } => {
                let node = self.facts.fresh_error_node(self.loc(name_start));
                self.facts
                    .owners
                    .insert(self.loc(name_start), Owner::Group(node));
                Some(node)
            }
            _ => None,
        };
        let ret = self.closure_into.get(&key(&self.range(c))).copied();
        let body = match &*c.body {
            Expr::Block(b) if ret.is_some() => Some(key(&self.range(&b.block))),
            _ => None,
        };
        self.fns.push(FnCtx {
            id,
            body,
            tails: Vec::new(),
            target,
            error,
            ret,
            taken,
        });
        if !matches!(&*c.body, Expr::Block(_)) {
            self.stmt_ctx
                .insert(key(&self.range(&*c.body)), (StmtCtx::ClosureBody, None));
        }
        self.closures += 1;
        self.visit_expr(&c.body);
        if ret.is_some() && !matches!(&*c.body, Expr::Block(_)) {
            self.returned(&c.body);
        }
        self.closures -= 1;
        self.fns.pop();
    }

    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        if let Pat::Ident(p) = &*f.pat
            && untyped_range(&f.expr)
            && let Some(id) = self
                .tree
                .binding_at(self.source.range(p.ident.span()).start)
        {
            self.literal_bindings.insert(id, "i32");
        }
        self.visit_expr(&f.expr);
        self.loops += 1;
        self.visit_block(&f.body);
        self.loops -= 1;
    }

    fn visit_expr_while(&mut self, w: &'ast syn::ExprWhile) {
        self.loops += 1;
        self.visit_expr(&w.cond);
        self.visit_block(&w.body);
        self.loops -= 1;
    }

    fn visit_expr_loop(&mut self, l: &'ast syn::ExprLoop) {
        self.loops += 1;
        self.visit_block(&l.body);
        self.loops -= 1;
    }

    fn visit_expr_if(&mut self, i: &'ast syn::ExprIf) {
        if let Expr::Let(l) = &*i.cond
            && handled::if_let_only_formats(l, &i.then_branch)
        {
            self.formatted_results.insert(key(&self.range(&*l.expr)));
        }
        if let Some(call) = handled::error_check(i) {
            self.dead_checks
                .insert(key(&self.range(call)), (self.range(i), None));
        }
        self.visit_expr(&i.cond);
        self.visit_block(&i.then_branch);
        if let Some((_, e)) = &i.else_branch {
            self.visit_expr(e);
        }
    }

    fn visit_expr_let(&mut self, l: &'ast syn::ExprLet) {
        // `if let Some(pool) = &self.pool` / `= self.pool.take()`: the binding holds the pool of an `Option<Pool>`.
        if let Some(p) = some_binding(&l.pat)
            && let Some(node) = self.accept(&l.expr, None)
        {
            self.bind(&p.ident, Binding::Pool(node));
        }
        self.visit_expr(&l.expr);
    }

    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        if handled::match_only_formats(m) {
            self.formatted_results.insert(key(&self.range(&*m.expr)));
        }
        self.visit_expr(&m.expr);
        for arm in &m.arms {
            if let Some((_, g)) = &arm.guard {
                self.visit_expr(g);
            }
            self.visit_expr(&arm.body);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.macro_args(mac);
    }

    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        self.helper_path_use(p);
        if let Some(ident) = p.path.get_ident()
            && let Some(id) = self.tree.resolve(&ident.to_string(), self.range(p).start)
        {
            *self.binding_reads.entry(id).or_default() += 1;
        }
        let mut local = false;
        if p.qself.is_none() && p.path.segments.len() == 1 {
            let name = p.path.segments[0].ident.to_string();
            local = true;
            match self.lookup(&name, self.range(p).start) {
                Some(Binding::Pool(node)) => self.occurrences.push((node, self.range(p))),
                Some(binding) => {
                    if let Some(w) = binding.worker() {
                        self.worker_uses.push((w, self.range(p)))
                    }
                }
                None => match self.static_node(&name, self.range(p).start) {
                    Some(node) => self.occurrences.push((node, self.range(p))),
                    None => local = false,
                },
            }
        }
        // A function returning a pool, named as a value: its pool goes wherever the function is called from.
        if !local
            && !self.called.contains(&key(&self.range(p)))
            && let Some(node) = self.fn_value(p)
        {
            self.fn_values.push((node, self.range(p)));
        }
        visit::visit_expr_path(self, p);
    }

    fn visit_expr_field(&mut self, f: &'ast syn::ExprField) {
        if let syn::Member::Named(ident) = &f.member
            && let Some(node) = self.field_node(&f.base, &ident.to_string())
        {
            if self.decls.other_fields.contains(&ident.to_string())
                && self.known_struct(&f.base).is_none()
            {
                let loc = self.loc(self.range(f).start);
                self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
            }
            self.occurrences.push((node, self.range(f)));
        }
        visit::visit_expr_field(self, f);
    }

    fn visit_expr_call(&mut self, call: &'ast ExprCall) {
        self.called.insert(key(&self.range(&*call.func)));
        if let Some(id) = self.helper_call(call) {
            self.worker_uses.push((id, self.range(call)));
            self.helper_funcs.insert(key(&self.range(&*call.func)));
        }
        if let Some(node) = self.ctor(call) {
            self.occurrences.push((node, self.range(call)));
        } else if let Expr::Path(p) = &*call.func {
            let names = PathNames::of(&p.path);
            let via = self.path_via(&names);
            if let Some(name) = self.crate_fn(&names)
                && let Some(node) = self.fn_ret(name, &via)
            {
                self.occurrences.push((node, self.range(call)));
            }
            if !names.wraps_its_argument()
                && let Some(name) = names.last()
            {
                // A method called by path (`Type::method(&x, pool)`) has `self` as its first argument.
                let shift = usize::from(
                    names.is_qualified()
                        && self
                            .decls
                            .receivers
                            .get(name)
                            .is_some_and(|r| r.iter().all(|&b| b)),
                );
                self.arguments(&name.clone(), &via, &call.args, shift);
            }
        }
        visit::visit_expr_call(self, call);
    }

    fn visit_expr_method_call(&mut self, m: &'ast ExprMethodCall) {
        let method = m.method.to_string();
        if let Some(p) = range_item_param(m)
            && let Some(id) = self
                .tree
                .binding_at(self.source.range(p.ident.span()).start)
        {
            // `(0..3).for_each(|n| pool.delegate(n))`: `n` is an item of an untyped range, an i32 in 2.x.
            self.literal_bindings.insert(id, "i32");
        }
        self.helper_method_use(m);
        let unwraps = matches!(method.as_str(), "unwrap" | "expect");
        if (unwraps || matches!(method.as_str(), "is_ok" | "is_err" | "ok"))
            && let Expr::MethodCall(inner) = &*m.receiver
            && POOL_METHODS.contains(&inner.method.to_string().as_str())
        {
            let kind = if unwraps {
                Wrapper::Unwrap
            } else {
                Wrapper::Inspect
            };
            self.wrappers
                .insert(key(&self.range(inner)), (self.range(m), kind));
        }
        if let Expr::MethodCall(inner) = &*m.receiver
            && self.error_only_formatted(inner, m)
        {
            // Under `?`, the wrapper (and its statement) is the `?` expression, recorded by visit_expr_try.
            let outer = self.range(m);
            self.wrappers
                .entry(key(&self.range(inner)))
                .or_insert((outer, Wrapper::Formatted));
        }
        if let Some(node) = self.fn_ret(&method, &CallVia::Method) {
            self.occurrences.push((node, self.range(m)));
        }
        if let Some((node, _)) = self.classify(&m.receiver) {
            if let Some(init) = flow::initialiser(m) {
                // `POOL.get_or_init(|| ..)` or `POOL.get_or_init(build)`: it makes the pool the cell holds.
                self.accept(&m.receiver, None);
                self.initialised_by(node, init);
            } else if POOL_METHODS.contains(&method.as_str()) {
                self.accept(&m.receiver, None);
                self.pool_call(node, m);
            } else if flow::is_option_access(m) || flow::is_lock_access(m) {
                // `self.pool.take()`, `POOL.lock()`: the pool itself (or its guard), followed where that value goes.
            } else if let Some(impls) = self.decls.pool_impl_methods.get(&method).cloned() {
                // `pool.submit_all(..)` of the crate's `impl Trait for Pool`: its `self` is this pool.
                for of_impl in impls {
                    self.accept(&m.receiver, Some(of_impl));
                }
            } else if matches!(method.as_str(), "is_some" | "is_none") && m.args.is_empty() {
                // Whether an `Option<Pool>` holds one: the same in 3.x.
                self.accept(&m.receiver, None);
            } else if method != "clone" || !m.args.is_empty() {
                self.accept(&m.receiver, None);
                let loc = self.loc(self.source.range(m.method.span()).start);
                self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
            }
        }
        self.arguments(&method, &CallVia::Method, &m.args, 0);
        visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
        for field in &s.fields {
            if self.classify(&field.expr).is_none() {
                continue;
            }
            let owner = match s.path.segments.last() {
                Some(last) if last.ident == "Self" => self.impl_types.last().cloned(),
                Some(last) => Some(last.ident.to_string()),
                None => None,
            };
            let target = match &field.member {
                syn::Member::Named(ident) => {
                    self.struct_field(owner.as_deref(), &ident.to_string())
                }
                syn::Member::Unnamed(_) => None,
            };
            self.value_of(&field.expr, target);
        }
        visit::visit_expr_struct(self, s);
    }

    fn visit_expr_assign(&mut self, a: &'ast syn::ExprAssign) {
        // `self.pool = None;`: an `Option<Pool>` emptied, nothing flows.
        if matches!(&*a.right, Expr::Path(p) if p.path.is_ident("None")) {
            self.accept(&a.left, None);
        }
        if self.classify(&a.right).is_some() {
            let left = self.accept(&a.left, None);
            self.value_of(&a.right, left);
        }
        visit::visit_expr_assign(self, a);
    }

    fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
        if let Some(e) = &r.expr {
            self.returned(e);
        }
        visit::visit_expr_return(self, r);
    }
}

/// The `p` of a `Some(p)` pattern (no sub-pattern): what an `Option<Pool>` holds, bound by `if let` or a `match` arm.
fn some_binding(pat: &Pat) -> Option<&syn::PatIdent> {
    let Pat::TupleStruct(t) = pat else {
        return None;
    };
    match t.elems.iter().collect::<Vec<_>>()[..] {
        [Pat::Ident(p)] if t.qself.is_none() && t.path.is_ident("Some") && p.subpat.is_none() => {
            Some(p)
        }
        _ => None,
    }
}

/// `0..3`, `(1..=10)`: a range whose bounds are unsuffixed integer literals, so its items are untyped.
fn untyped_range(expr: &Expr) -> bool {
    match expr {
        Expr::Paren(p) => untyped_range(&p.expr),
        Expr::Range(r) => {
            [&r.start, &r.end]
                .iter()
                .all(|e| e.as_deref().is_none_or(|e| literal_type(e) == Some("i32")))
                && (r.start.is_some() || r.end.is_some())
        }
        _ => false,
    }
}

/// The parameter of `range.for_each(|n| ..)` (or `map`, `inspect`, .. of `range` or `range.rev()`), when `range` is
/// untyped: the closure is given the range's items themselves.
fn range_item_param(m: &ExprMethodCall) -> Option<&syn::PatIdent> {
    const BY_ITEM: &[&str] = &[
        "for_each",
        "try_for_each",
        "map",
        "filter_map",
        "flat_map",
        "inspect",
        "find_map",
    ];
    let mut range = &*m.receiver;
    while let Expr::MethodCall(inner) = range
        && inner.args.is_empty()
        && matches!(inner.method.to_string().as_str(), "rev" | "into_iter")
    {
        range = &inner.receiver;
    }
    if !BY_ITEM.contains(&m.method.to_string().as_str())
        || m.args.len() != 1
        || !untyped_range(range)
    {
        return None;
    }
    let Expr::Closure(c) = &m.args[0] else {
        return None;
    };
    match c.inputs.iter().collect::<Vec<_>>().as_slice() {
        [Pat::Ident(p)] => Some(p),
        _ => None,
    }
}
