//! Workers built in an iterator and collected, then added in a loop:
//! `let workers: Vec<Worker> = (0..n).map(|i| Worker::new(f)).collect();` (or `Vec<_>`, or `.collect::<Vec<Worker>>()`) and `for w in &workers { pool.add_worker(w)?; }`.
//! In 3.x the closures go in a `Vec<_>` and each add hands over a clone, which needs a closure known to be `Clone`.
//! Workers a helper `fn f(..) -> Worker` makes (`.map(|i| f(i))`) are moved instead: `for w in ws` hands each over.
//! Each loop over collected workers is recorded, so that a later loop removing them can go through kept handles.

use std::ops::Range;

use syn::visit::Visit;
use syn::{Expr, Pat, Stmt, Type};

use super::{Binding, Collector, handled, key};
use crate::analysis::model::{CollectedLoop, Loc, Nesting, NodeId, Owner, WorkerFn};
use crate::analysis::names::V2Item;
use crate::analysis::reasons::Refusal;
use crate::edit::Edit;

/// `let ws: Vec<Worker> = (..).map(|i| helper(..)).collect();`, whose workers each move into one `add_worker` of a
/// `for w in &ws` loop (then `for w in ws`): the vector's only use.
pub(super) struct HelperVec {
    /// The bytes of `Worker` in `Vec<Worker>`.
    elem: Range<usize>,
    /// Loops and closures around the `let`: the `for` must be at the same depth, so that the vector moves once.
    nesting: Nesting,
    /// The `&` of the `for w in &ws` over it (deleted in 3.x), once that loop is seen, and the loop body's nesting.
    looped: Option<(Range<usize>, Nesting)>,
    /// Whether an `add_worker(w)` in that loop was seen: each `w` moves into one.
    added: bool,
}

impl Collector<'_> {
    /// `let name: Vec<Worker> = (range).map(|i| Worker::new(f)).collect();` (the map closure may end a block with
    /// the `Worker::new`): records the worker and binds `name` to the collection. Returns false for any other `let`.
    pub(super) fn collected_let(
        &mut self,
        l: &syn::Local,
        name: &syn::Ident,
        annotation: Option<&Type>,
        init: &Expr,
    ) -> bool {
        // The element type is written once: `Vec<Worker>` or `Vec<_>` on the `let`, or `.collect::<Vec<Worker>>()`.
        let elem = match (annotation, collect_turbofish(init)) {
            (Some(ty), None) => self
                .worker_vec_elem(ty)
                .or_else(|| inferred_vec_elem(ty).map(|elem| self.range(elem))),
            (None, Some(ty)) => self.worker_vec_elem(ty),
            _ => None,
        };
        let Some(elem) = elem else {
            return false;
        };
        let Some((map, worker_new)) = self.collected_parts(init) else {
            return false;
        };
        // The closure of `(a..b).map(|i| ..)` takes integers (or chars): each is Copy, so captured it is Clone.
        let param = match map.inputs.first() {
            Some(Pat::Ident(i)) => Some(&i.ident),
            Some(Pat::Type(t)) => match &*t.pat {
                Pat::Ident(i) => Some(&i.ident),
                _ => None,
            },
            _ => None,
        };
        if let (1, Some(ident)) = (map.inputs.len(), param) {
            self.bind(ident, Binding::Clone);
        }
        if let Expr::Call(call) = worker_new
            && let Some(id) = self.helper_call(call)
        {
            self.visit_expr(init);
            self.worker_accounted.insert(key(&self.range(call)));
            // The `Worker` of `Vec<Worker>` is the helper's: it goes when the helper's pools migrate.
            self.facts
                .owners
                .insert(self.loc(elem.start), Owner::Worker(id));
            self.helper_vecs.push(HelperVec {
                elem,
                nesting: self.nesting(),
                looped: None,
                added: false,
            });
            self.bind(name, Binding::HelperWorkers(id, self.helper_vecs.len() - 1));
            return true;
        }
        self.visit_expr(init);
        let stmt = self.range(l);
        let (indent, newline) = self.line_shape(stmt.start);
        let w = self.worker_decl(
            worker_new,
            Some(name.to_string()),
            (stmt.end, indent, newline),
        );
        let elem_start = elem.start;
        let decl = &mut self.facts.workers[w];
        decl.collected = Some(elem);
        if !matches!(
            decl.kind,
            WorkerFn::FnPath | WorkerFn::Closure | WorkerFn::CloneClosure
        ) {
            let loc = Loc {
                file: self.file,
                offset: decl.call.start,
            };
            decl.refusal
                .get_or_insert((loc, Refusal::UNFOLLOWED_WORKER));
        }
        self.facts
            .owners
            .insert(self.loc(elem_start), Owner::Worker(w));
        self.bind(name, Binding::Workers(w));
        true
    }

    /// `for w in &workers` or `for w in workers.iter()` over collected workers: `w` is one of them.
    pub(super) fn collected_loop(&mut self, f: &syn::ExprForLoop) {
        let (path, rev) = match &*f.expr {
            Expr::Reference(r) if r.mutability.is_none() => (&*r.expr, false),
            Expr::MethodCall(m) if m.method == "iter" && m.args.is_empty() => (&*m.receiver, false),
            // `for w in workers.iter().rev()`: newest first, as a scale-down walks them.
            Expr::MethodCall(rev)
                if rev.method == "rev"
                    && rev.args.is_empty()
                    && let Expr::MethodCall(m) = &*rev.receiver
                    && m.method == "iter"
                    && m.args.is_empty() =>
            {
                (&*m.receiver, true)
            }
            _ => return,
        };
        let (Expr::Path(p), Pat::Ident(item)) = (path, &*f.pat) else {
            return;
        };
        let Some(ident) = p.path.get_ident() else {
            return;
        };
        match self.lookup(&ident.to_string(), self.range(p).start) {
            Some(Binding::Workers(w)) => {
                self.worker_accounted.insert(key(&self.range(p)));
                self.bind(&item.ident, Binding::Collected(w));
                let whole = self.range(f);
                let line = self.line_shape(whole.start);
                let walk = CollectedLoop {
                    whole,
                    pat: self.range(&*f.pat),
                    expr: self.range(&*f.expr),
                    rev,
                    nesting: self.nesting(),
                    // The body is the next block the walk numbers.
                    body: self.next_block,
                    line,
                };
                self.facts.workers[w].collected_loops.push(walk);
            }
            // The one loop over a helper's workers, where they were made: `for w in ws` moves each into its add.
            Some(Binding::HelperWorkers(w, i))
                if matches!(&*f.expr, Expr::Reference(_))
                    && !rev
                    && self.helper_vecs[i].looped.is_none()
                    && self.helper_vecs[i].nesting == self.nesting() =>
            {
                self.worker_accounted.insert(key(&self.range(p)));
                let body = Nesting {
                    loops: self.loops + 1,
                    closures: self.closures,
                };
                let amp = self.range(&*f.expr).start..self.range(p).start;
                self.helper_vecs[i].looped = Some((amp, body));
                self.bind(&item.ident, Binding::CollectedHelper(w, i));
            }
            // Any other loop over them: its `add_worker(w)` is refused, naming the vector.
            Some(Binding::HelperWorkers(w, i)) => {
                self.bind(&item.ident, Binding::CollectedHelper(w, i))
            }
            _ => {}
        }
    }

    /// `pool.add_worker(w)` in `for w in &ws` over the workers a helper made: true if it is the loop's only add,
    /// directly in its body, and then (if `node` migrates) `Vec<Worker>` becomes `Vec<_>` and `&ws` becomes `ws`.
    pub(super) fn helper_vec_add(&mut self, node: NodeId, i: usize) -> bool {
        let v = &self.helper_vecs[i];
        let Some((amp, _)) = v
            .looped
            .clone()
            .filter(|(_, body)| *body == self.nesting() && !v.added)
        else {
            return false;
        };
        let elem = v.elem.clone();
        self.helper_vecs[i].added = true;
        let file = self.file;
        self.facts
            .worker_edits
            .push((node, file, Edit::replace(elem, "_")));
        self.facts
            .worker_edits
            .push((node, file, Edit::delete(amp)));
        true
    }

    /// `workers.iter().try_for_each(|w| pool.add_worker(w))?;` (or `.unwrap()`, `.expect(..)`) over collected
    /// workers: `w` is one of them, and in 3.x the statement is `workers.iter().for_each(|w| { pool.add_worker(w
    /// .clone()); });` (add_worker no longer fails), edits that apply when the pool migrates.
    pub(super) fn collected_try_for_each(&mut self, stmt: &Expr) {
        let tfe = match stmt {
            Expr::Try(t) => &*t.expr,
            Expr::MethodCall(m) if matches!(m.method.to_string().as_str(), "unwrap" | "expect") => {
                &*m.receiver
            }
            _ => return,
        };
        let Expr::MethodCall(tfe) = tfe else { return };
        let (Expr::MethodCall(iter), Some(Expr::Closure(c))) = (&*tfe.receiver, tfe.args.first())
        else {
            return;
        };
        let (Expr::Path(p), Some(Pat::Ident(item)), Expr::MethodCall(add)) =
            (&*iter.receiver, c.inputs.first(), &*c.body)
        else {
            return;
        };
        let shape = tfe.method == "try_for_each"
            && tfe.args.len() == 1
            && iter.method == "iter"
            && iter.args.is_empty()
            && c.inputs.len() == 1
            && add.method == "add_worker";
        let Some(name) = p.path.get_ident().filter(|_| shape) else {
            return;
        };
        let Some(Binding::Workers(w)) = self.lookup(&name.to_string(), self.range(p).start) else {
            return;
        };
        if self.classify(&add.receiver).is_none() {
            return;
        }
        self.worker_accounted.insert(key(&self.range(p)));
        self.bind(&item.ident, Binding::Collected(w));
        // Made a `for_each` where the add is accepted, as `adding_try_for_each` says.
        let method = self.source.range(tfe.method.span());
        let wrapper = self.range(tfe).end..self.range(stmt).end;
        self.adding_chains.insert(
            key(&self.range(add)),
            [Edit::replace(method, "for_each"), Edit::delete(wrapper)],
        );
    }

    /// `(0..n).try_for_each(|_| pool.add_worker(&w))?;` (or `.unwrap()`, `.expect(..)`): in 3.x add_worker returns
    /// no `Result` for `try_for_each` to stop on, so the statement becomes `(0..n).for_each(|_| { pool.add_worker(w);
    /// })`. Notes the add, by its range, with the two edits that make the chain a `for_each` (made once its pool is
    /// known).
    pub(super) fn adding_try_for_each(&mut self, stmt: &Expr) {
        let tfe = match stmt {
            Expr::Try(t) => &*t.expr,
            Expr::MethodCall(m) if handled::is_unwrap(m) => &*m.receiver,
            _ => return,
        };
        let Expr::MethodCall(tfe) = tfe else { return };
        let (true, Some(Expr::Closure(c))) = (tfe.method == "try_for_each", tfe.args.first())
        else {
            return;
        };
        let Expr::MethodCall(add) = &*c.body else {
            return;
        };
        if add.method != "add_worker" || !matches!(add.args.first(), Some(Expr::Reference(_))) {
            return;
        }
        let method = self.source.range(tfe.method.span());
        let wrapper = self.range(tfe).end..self.range(stmt).end;
        self.adding_chains.insert(
            key(&self.range(add)),
            [Edit::replace(method, "for_each"), Edit::delete(wrapper)],
        );
    }

    /// The bytes of `Worker` in a `Vec<Worker>` (the 2.x `Worker`, by any path).
    fn worker_vec_elem(&self, ty: &Type) -> Option<Range<usize>> {
        let Type::Path(vec) = ty else { return None };
        let last = vec.path.segments.last()?;
        let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
            return None;
        };
        let (true, 1, Some(syn::GenericArgument::Type(Type::Path(elem)))) =
            (last.ident == "Vec", args.args.len(), args.args.first())
        else {
            return None;
        };
        let res = self.names.resolve(self.source, &elem.path)?;
        let whole = res.segment + 1 == elem.path.segments.len()
            && elem.path.segments[res.segment].arguments.is_none();
        (res.item == V2Item::Worker && whole && elem.qself.is_none()).then(|| self.range(elem))
    }

    /// The map closure and its `Worker::new(f)` of `(range).map(|i| Worker::new(f)).collect()`.
    fn collected_parts<'e>(&self, init: &'e Expr) -> Option<(&'e syn::ExprClosure, &'e Expr)> {
        let Expr::MethodCall(collect) = init else {
            return None;
        };
        let Expr::MethodCall(map) = &*collect.receiver else {
            return None;
        };
        // A turbofish is `collect_turbofish`'s, checked by the caller.
        let plain = collect.method == "collect" && collect.args.is_empty();
        if !plain || map.method != "map" || map.args.len() != 1 || !is_range(&map.receiver) {
            return None;
        }
        let Some(Expr::Closure(c)) = map.args.first() else {
            return None;
        };
        let made = match &*c.body {
            Expr::Block(b) if b.label.is_none() => match b.block.stmts.last() {
                Some(Stmt::Expr(tail, None)) => tail,
                _ => return None,
            },
            body => body,
        };
        let by_helper = matches!(made, Expr::Call(call) if self.helper_call(call).is_some());
        (self.is_worker_new(made) || by_helper).then_some((c, made))
    }
}

/// `T` of `init` = `(..).collect::<T>()`.
fn collect_turbofish(init: &Expr) -> Option<&Type> {
    let Expr::MethodCall(collect) = init else {
        return None;
    };
    let args = collect.turbofish.as_ref()?;
    match (args.args.len(), args.args.first()) {
        (1, Some(syn::GenericArgument::Type(ty))) => Some(ty),
        _ => None,
    }
}

/// The `_` of `Vec<_>`: the element type left to inference (a `Worker` when the map makes workers).
fn inferred_vec_elem(ty: &Type) -> Option<&Type> {
    let Type::Path(vec) = ty else { return None };
    let last = vec.path.segments.last()?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match (last.ident == "Vec", args.args.len(), args.args.first()) {
        (true, 1, Some(syn::GenericArgument::Type(elem @ Type::Infer(_)))) => Some(elem),
        _ => None,
    }
}

/// `a..b`, `a..=b`, in parentheses or not.
fn is_range(e: &Expr) -> bool {
    match e {
        Expr::Paren(p) => is_range(&p.expr),
        Expr::Range(r) => r.start.is_some() && r.end.is_some(),
        _ => false,
    }
}
