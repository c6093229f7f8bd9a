//! The name layer of a file's bodies: its lexical scopes (functions, blocks, closures, loops, `if`, match arms), the
//! local bindings each introduces, and which binding a name written at some place means.
//!
//! It runs before the flow layer ([`super::bodies`]) and knows nothing of pools: the flow layer asks "what does
//! `name` written at this offset resolve to" and attaches its own facts to the [`BindingId`] it gets back. So a
//! tail expression can be classified after its block was walked, and a closure's captures looked up at the closure,
//! whatever the walk is doing at the time.

use std::collections::HashMap;
use std::ops::Range;

use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Expr, Pat};

use crate::source::Source;

/// A lexical scope of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ScopeId(usize);

/// A local binding (a `let`, a parameter, a pattern's name) of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BindingId(usize);

/// What opens a scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    /// The file, or an item inside a body: sees no locals of what encloses it.
    Item,
    /// A function: its parameters; sees no locals of what encloses it.
    Fn,
    /// `{ .. }`.
    Block,
    /// A closure: its parameters.
    Closure,
    /// `for pat in ..` or `while ..`: the loop's pattern or `while let` bindings.
    Loop,
    /// `if cond { .. }`: the `if let` bindings of the condition, seen by the `then` block.
    If,
    /// A match arm: its pattern's names.
    Arm,
}

#[derive(Debug)]
struct Scope {
    parent: Option<ScopeId>,
    kind: ScopeKind,
    range: Range<usize>,
    bindings: Vec<BindingId>,
}

/// One local binding.
#[derive(Debug, Clone)]
pub struct Binding {
    /// The name it binds.
    pub name: String,
    /// Where the name is written in its pattern (the flow layer finds a binding by it, with
    /// [`ScopeTree::binding_at`]; the tests print it).
    #[cfg(test)]
    pub at: usize,
    /// Where code starts to see it (after its `let` statement, at its closure's or loop's body).
    pub visible_from: usize,
}

/// The scopes and bindings of one file.
#[derive(Debug)]
pub struct ScopeTree {
    scopes: Vec<Scope>,
    bindings: Vec<Binding>,
    by_ident: HashMap<usize, BindingId>,
}

impl ScopeTree {
    /// Walks every body of `file`.
    pub fn of_file(source: &Source, file: &syn::File) -> ScopeTree {
        let mut builder = Builder {
            source,
            tree: ScopeTree {
                scopes: Vec::new(),
                bindings: Vec::new(),
                by_ident: HashMap::new(),
            },
            stack: Vec::new(),
        };
        builder.open(ScopeKind::Item, 0..source.text.len());
        builder.visit_file(file);
        builder.tree
    }

    /// The innermost scope around `offset`.
    pub fn scope_at(&self, offset: usize) -> ScopeId {
        // Scopes nest, so a later one that contains the offset is inside every earlier one that does.
        ScopeId(
            (self.scopes.iter())
                .rposition(|s| s.range.contains(&offset))
                .unwrap_or(0),
        )
    }

    /// The binding whose name is written at `at`.
    pub fn binding_at(&self, at: usize) -> Option<BindingId> {
        self.by_ident.get(&at).copied()
    }

    /// What `name` written at `at` means: the latest binding of that name visible there, in its scope or an
    /// enclosing one, up to the function or item it is in. None when it is no local (an item, a static).
    pub fn resolve(&self, name: &str, at: usize) -> Option<BindingId> {
        let mut scope = self.scope_at(at);
        loop {
            let s = &self.scopes[scope.0];
            let found = s
                .bindings
                .iter()
                .filter(|b| {
                    let b = &self.bindings[b.0];
                    b.name == name && b.visible_from <= at
                })
                .max_by_key(|b| self.bindings[b.0].visible_from);
            if let Some(&b) = found {
                return Some(b);
            }
            match (s.kind, s.parent) {
                (ScopeKind::Item | ScopeKind::Fn, _) | (_, None) => return None,
                (_, Some(parent)) => scope = parent,
            }
        }
    }

    /// The binding `id`.
    #[cfg(test)]
    pub fn binding(&self, id: BindingId) -> &Binding {
        &self.bindings[id.0]
    }
}

/// The expressions a macro's input holds, when it is a list of them (`vec![..]`, `println!(..)`, `assert!(..)`); both
/// layers read a macro through this one function, so they see the same code.
pub fn macro_exprs(mac: &syn::Macro) -> Option<syn::punctuated::Punctuated<Expr, syn::Token![,]>> {
    let parser = syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated;
    syn::parse::Parser::parse2(parser, mac.tokens.clone()).ok()
}

struct Builder<'a> {
    source: &'a Source,
    tree: ScopeTree,
    stack: Vec<ScopeId>,
}

impl Builder<'_> {
    fn range(&self, node: &impl Spanned) -> Range<usize> {
        self.source.range(node.span())
    }

    fn open(&mut self, kind: ScopeKind, range: Range<usize>) {
        let id = ScopeId(self.tree.scopes.len());
        self.tree.scopes.push(Scope {
            parent: self.stack.last().copied(),
            kind,
            range,
            bindings: Vec::new(),
        });
        self.stack.push(id);
    }

    fn close(&mut self) {
        self.stack.pop();
    }

    /// Binds every name of `pat` in the innermost scope, seen from `visible_from` on.
    fn bind(&mut self, pat: &Pat, visible_from: usize) {
        struct Idents(Vec<syn::Ident>);
        impl<'ast> Visit<'ast> for Idents {
            fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
                self.0.push(p.ident.clone());
                visit::visit_pat_ident(self, p);
            }
        }
        let mut idents = Idents(Vec::new());
        idents.visit_pat(pat);
        let scope = *self.stack.last().expect("a scope");
        for ident in idents.0 {
            let at = self.source.range(ident.span()).start;
            let id = BindingId(self.tree.bindings.len());
            self.tree.bindings.push(Binding {
                name: ident.to_string(),
                #[cfg(test)]
                at,
                visible_from,
            });
            self.tree.scopes[scope.0].bindings.push(id);
            self.tree.by_ident.insert(at, id);
        }
    }

    fn function(&mut self, whole: Range<usize>, sig: &syn::Signature, block: &syn::Block) {
        self.open(ScopeKind::Fn, whole);
        let body = self.range(block).start;
        for input in &sig.inputs {
            if let syn::FnArg::Typed(p) = input {
                self.bind(&p.pat, body);
            }
        }
        self.visit_block(block);
        self.close();
    }
}

impl<'ast> Visit<'ast> for Builder<'_> {
    // Patterns are bound where they appear, each with the offset its names are seen from.
    fn visit_pat(&mut self, _: &'ast Pat) {}

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.function(self.range(f), &f.sig, &f.block);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.function(self.range(f), &f.sig, &f.block);
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.function(self.range(f), &f.sig, block);
        }
    }

    fn visit_stmt(&mut self, s: &'ast syn::Stmt) {
        if let syn::Stmt::Item(item) = s {
            self.open(ScopeKind::Item, self.range(item));
            self.visit_item(item);
            self.close();
            return;
        }
        visit::visit_stmt(self, s);
    }

    fn visit_block(&mut self, b: &'ast syn::Block) {
        self.open(ScopeKind::Block, self.range(b));
        visit::visit_block(self, b);
        self.close();
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        visit::visit_local(self, l);
        let end = self.range(l).end;
        self.bind(&l.pat, end);
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        self.open(ScopeKind::Closure, self.range(c));
        let body = self.range(&*c.body).start;
        for input in &c.inputs {
            self.bind(input, body);
        }
        self.visit_expr(&c.body);
        self.close();
    }

    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        self.visit_expr(&f.expr);
        self.open(ScopeKind::Loop, self.range(f));
        let body = self.range(&f.body).start;
        self.bind(&f.pat, body);
        self.visit_block(&f.body);
        self.close();
    }

    fn visit_expr_while(&mut self, w: &'ast syn::ExprWhile) {
        self.open(ScopeKind::Loop, self.range(w));
        self.visit_expr(&w.cond);
        self.visit_block(&w.body);
        self.close();
    }

    fn visit_expr_if(&mut self, i: &'ast syn::ExprIf) {
        let range = self.range(i).start..self.range(&i.then_branch).end;
        self.open(ScopeKind::If, range);
        self.visit_expr(&i.cond);
        self.visit_block(&i.then_branch);
        self.close();
        if let Some((_, e)) = &i.else_branch {
            self.visit_expr(e);
        }
    }

    fn visit_expr_let(&mut self, l: &'ast syn::ExprLet) {
        self.visit_expr(&l.expr);
        let end = self.range(l).end;
        self.bind(&l.pat, end);
    }

    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        self.visit_expr(&m.expr);
        for arm in &m.arms {
            self.open(ScopeKind::Arm, self.range(arm));
            let seen = self.range(&arm.pat).end;
            self.bind(&arm.pat, seen);
            if let Some((_, g)) = &arm.guard {
                self.visit_expr(g);
            }
            self.visit_expr(&arm.body);
            self.close();
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        for arg in macro_exprs(mac).iter().flatten() {
            self.visit_expr(arg);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scope tree of `text` (one line a scope, indented by depth: kind, `line:col`, its bindings as
    /// `name@line:col`), then what each name at each `⟨name⟩` marker resolves to (the marker is removed before
    /// parsing).
    fn facts(text: &str) -> String {
        let mut queries = Vec::new();
        let mut clean = String::new();
        let mut rest = text;
        while let Some(open) = rest.find('⟨') {
            clean.push_str(&rest[..open]);
            let close = rest[open..].find('⟩').expect("closed marker") + open;
            let name = &rest[open + '⟨'.len_utf8()..close];
            queries.push((name.to_string(), clean.len()));
            clean.push_str(name);
            rest = &rest[close + '⟩'.len_utf8()..];
        }
        clean.push_str(rest);
        let source =
            Source::from_bytes(std::path::Path::new("t.rs"), clean.as_bytes().to_vec()).unwrap();
        let tree = ScopeTree::of_file(&source, &source.parse().unwrap());
        let place = |offset: usize| {
            let (l, c) = source.line_col(offset);
            format!("{l}:{c}")
        };
        let depth = |mut s: ScopeId| {
            let mut d = 0;
            while let Some(p) = tree.scopes[s.0].parent {
                (d, s) = (d + 1, p);
            }
            d
        };
        let mut out = String::new();
        for (i, s) in tree.scopes.iter().enumerate() {
            let names: Vec<String> = s
                .bindings
                .iter()
                .map(|b| {
                    let b = tree.binding(*b);
                    format!("{}@{}", b.name, place(b.at))
                })
                .collect();
            out.push_str(&format!(
                "{}{:?} {} {}\n",
                "  ".repeat(depth(ScopeId(i))),
                s.kind,
                place(s.range.start),
                names.join(" ")
            ));
        }
        for (name, at) in queries {
            let found = tree
                .resolve(&name, at)
                .map_or("not a local".to_string(), |b| place(tree.binding(b).at));
            out.push_str(&format!("{name} at {} -> {found}\n", place(at)));
        }
        out
    }

    #[test]
    fn a_let_is_seen_after_its_statement_and_shadows_in_order() {
        let got = facts(
            "fn f(pool: u8) {\n    let pool = ⟨pool⟩;\n    let w = { let tx = 1; ⟨tx⟩ };\n    ⟨pool⟩;\n    ⟨tx⟩;\n}\n",
        );
        expect_test::expect![[r#"
            Item 1:1 
              Fn 1:1 pool@1:6
                Block 1:16 pool@2:9 w@3:9
                  Block 3:13 tx@3:19
            pool at 2:16 -> 1:6
            tx at 3:27 -> 3:19
            pool at 4:5 -> 2:9
            tx at 5:5 -> not a local
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn closures_loops_arms_and_if_let_see_their_own_names_only_inside() {
        let got = facts(
            "fn f(v: Vec<u8>) {\n    for x in ⟨x⟩.iter() { ⟨x⟩; }\n    let c = move |job: u8| ⟨job⟩ + ⟨v⟩[0];\n    if let Some(y) = v.first() { ⟨y⟩; } else { ⟨y⟩; }\n    match v.len() { n if ⟨n⟩ > 1 => {} _ => {} }\n    ⟨c⟩;\n}\n",
        );
        expect_test::expect![[r#"
            Item 1:1 
              Fn 1:1 v@1:6
                Block 1:18 c@3:9
                  Loop 2:5 x@2:9
                    Block 2:23 
                  Closure 3:13 job@3:19
                  If 4:5 y@4:17
                    Block 4:32 
                  Block 4:44 
                  Arm 5:21 n@5:21
                    Block 5:35 
                  Arm 5:38 
                    Block 5:43 
            x at 2:14 -> not a local
            x at 2:25 -> 2:9
            job at 3:28 -> 3:19
            v at 3:34 -> 1:6
            y at 4:34 -> 4:17
            y at 4:46 -> not a local
            n at 5:26 -> 5:21
            c at 6:5 -> 3:9
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn an_item_in_a_body_and_a_nested_fn_see_no_outer_locals() {
        let got = facts(
            "fn f() {\n    let pool = 1;\n    fn inner() { ⟨pool⟩; }\n    const N: u8 = ⟨pool⟩;\n    let g = || ⟨pool⟩;\n    println!(\"{}\", |pool: u8| ⟨pool⟩);\n}\n",
        );
        expect_test::expect![[r#"
            Item 1:1 
              Fn 1:1 
                Block 1:8 pool@2:9 g@5:9
                  Item 3:5 
                    Fn 3:5 
                      Block 3:16 
                  Item 4:5 
                  Closure 5:13 
                  Closure 6:20 pool@6:21
            pool at 3:18 -> not a local
            pool at 4:19 -> not a local
            pool at 5:16 -> 2:9
            pool at 6:31 -> 6:21
        "#]]
        .assert_eq(&got);
    }
}
