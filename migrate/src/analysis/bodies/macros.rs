//! The macro fallback of the flow layer: a macro whose input is a list of expressions is walked as code; in any
//! other, a pool or worker named there cannot be followed and is refused.

use proc_macro2::TokenTree;
use syn::Expr;
use syn::punctuated::Punctuated;
use syn::visit::Visit;

use super::{Binding, CallVia, Collector, key};
use crate::analysis::model::{NodeId, Owner};
use crate::analysis::names::V2Item;
use crate::analysis::reasons::Refusal;
use crate::analysis::scope_tree::macro_exprs;

impl Collector<'_> {
    /// A macro: its input walked as code when it is a list of expressions (as the name layer reads it), else every
    /// pool or worker it names refused.
    pub(super) fn macro_args(&mut self, mac: &syn::Macro) {
        if let Some(args) = macro_exprs(mac) {
            if !reads_its_arguments(&mac.path) {
                self.pools_given_whole(&args);
            } else {
                self.pools_debug_formatted(mac, &args);
            }
            for arg in &args {
                self.visit_expr(arg);
            }
            return;
        }
        // A macro whose input is not expressions: a pool or worker named in it cannot be followed.
        let mut idents = Vec::new();
        collect_ident_tokens(mac.tokens.clone(), &mut idents);
        for ident in idents {
            match self.lookup(&ident.to_string(), self.source.range(ident.span()).start) {
                Some(Binding::Pool(node)) => {
                    let loc = self.loc(self.source.range(ident.span()).start);
                    self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
                }
                None => {
                    // `lazy_static! { static ref POOL: Pool = make_pool(); }`, `submit!(POOL => 1)`: the pool a crate
                    // function returns, or a static's, is used where this tool cannot see its type or calls.
                    let at = self.source.range(ident.span()).start;
                    let name = ident.to_string();
                    let node = match self.fn_ret(&name, &CallVia::Free) {
                        Some(node) => Some(node),
                        None => self.static_node(&name, at),
                    };
                    if let Some(node) = node {
                        self.facts.refuse(node, self.loc(at), Refusal::UNFOLLOWED);
                    }
                }
                binding => {
                    if let Some(w) = binding.and_then(Binding::worker) {
                        let loc = self.loc(self.source.range(ident.span()).start);
                        self.facts.workers[w]
                            .refusal
                            .get_or_insert((loc, Refusal::UNFOLLOWED_WORKER));
                    }
                }
            }
        }
    }
}

impl Collector<'_> {
    /// `macro_rules! pool_of { .. => {{ let pool = Pool::new(16); .. pool }} }`: the pool its body creates, a place
    /// refused where `Pool` is written, and what a call of the macro evaluates to (see `classify`).
    pub(super) fn macro_rules_pool(&mut self, m: &syn::ItemMacro) {
        let Some(name) = m
            .ident
            .as_ref()
            .filter(|_| m.mac.path.is_ident("macro_rules"))
        else {
            return;
        };
        let mut tokens = Vec::new();
        flatten(m.mac.tokens.clone(), &mut tokens);
        let created = tokens.windows(4).find_map(|w| match w {
            [
                TokenTree::Ident(pool),
                TokenTree::Punct(a),
                TokenTree::Punct(b),
                TokenTree::Ident(new),
            ] if a.as_char() == ':' && b.as_char() == ':' && new == "new" => {
                let at = self.source.range(pool.span()).start;
                let is_pool = self
                    .names
                    .alias(&pool.to_string(), at)
                    .is_some_and(|(item, _)| item == V2Item::Pool);
                is_pool.then_some(at)
            }
            _ => None,
        });
        if let Some(at) = created {
            let loc = self.loc(at);
            let node = self.facts.node(loc);
            self.facts.made.push(node);
            // Every 2.x name in the body (`Pool`, `Worker`) is this pool's code, on v2 with it.
            for t in &tokens {
                if let TokenTree::Ident(i) = t {
                    let at = self.source.range(i.span()).start;
                    if self.names.alias(&i.to_string(), at).is_some() {
                        self.facts.owners.insert(self.loc(at), Owner::Group(node));
                    }
                }
            }
            let mac = name.to_string();
            self.facts.refuse(node, loc, Refusal::UNFOLLOWED);
            self.pool_macros.insert(mac, node);
        }
    }

    /// The pool a call of a `macro_rules!` macro that creates one evaluates to (`let pool = pool_of!(3, f);`).
    pub(super) fn macro_pool(&self, m: &syn::ExprMacro) -> Option<NodeId> {
        self.pool_macros
            .get(&m.mac.path.get_ident()?.to_string())
            .copied()
    }

    /// `println!("{:?}", pool)`, `println!("{pool:?}")`, `dbg!(&pool)`: the pool's `Debug` output is shown.
    fn pools_debug_formatted(&mut self, mac: &syn::Macro, args: &Punctuated<Expr, syn::Token![,]>) {
        let format = args.iter().find_map(|a| match a {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s),
            _ => None,
        });
        let debug = match format {
            Some(s) => s.value().contains(":?") || s.value().contains(":#?"),
            None => mac.path.is_ident("dbg"),
        };
        if !debug {
            return;
        }
        // A `{:?}` anywhere: every pool given whole may be the one it formats (the positions are not matched). A
        // format only borrows it, and 3.x's pool is Debug too, so the pool is followed; `dbg!` hands its argument
        // back, which is not followed.
        let borrows = !mac.path.is_ident("dbg");
        for arg in args {
            let mut value = arg;
            while let Expr::Reference(syn::ExprReference { expr, .. }) = value {
                value = expr;
            }
            if matches!(value, Expr::Path(_))
                && let Some((node, leaf)) = self.classify(value)
            {
                let loc = self.loc(leaf.start);
                self.facts.debug_shown.push((node, loc));
                if borrows {
                    self.accounted.insert(key(&leaf));
                }
            }
        }
        // `{pool:?}`: a name captured by the format string.
        if let Some(s) = format {
            let text = s.value();
            let at = self.source.range(s.span()).start;
            for (name, _) in text
                .split('{')
                .skip(1)
                .filter_map(|piece| piece.split_once('}').map(|(spec, _)| spec))
                .filter_map(|spec| spec.split_once(':'))
                .filter(|(_, f)| f.contains('?'))
            {
                if let Some(Binding::Pool(node)) = self.lookup(name, at) {
                    self.facts.debug_shown.push((node, self.loc(at)));
                }
            }
        }
    }

    /// `send_all!(pool, "one")`, `run!(&pool, 1)`: a pool given whole to a macro of the crate or another crate goes
    /// where its expansion puts it, which this tool does not read.
    fn pools_given_whole(&mut self, args: &Punctuated<Expr, syn::Token![,]>) {
        for arg in args {
            let mut value = arg;
            while let Expr::Reference(syn::ExprReference { expr, .. })
            | Expr::Paren(syn::ExprParen { expr, .. }) = value
            {
                value = expr;
            }
            if !matches!(value, Expr::Path(_)) {
                continue;
            }
            if let Some((node, leaf)) = self.classify(value) {
                self.accounted.insert(key(&leaf));
                self.facts
                    .refuse(node, self.loc(leaf.start), Refusal::UNFOLLOWED);
            }
        }
    }
}

/// Whether `path` is one of std's macros, whose expansion only reads (formats, compares, collects) its arguments
/// as the code it is: walked as code, a pool in it meets the rules for code.
fn reads_its_arguments(path: &syn::Path) -> bool {
    const STD: &[&str] = &[
        "println",
        "print",
        "eprintln",
        "eprint",
        "format",
        "format_args",
        "write",
        "writeln",
        "panic",
        "assert",
        "assert_eq",
        "assert_ne",
        "debug_assert",
        "debug_assert_eq",
        "debug_assert_ne",
        "dbg",
        "vec",
        "matches",
        "todo",
        "unimplemented",
        "unreachable",
    ];
    path.segments.len() == 1 && STD.iter().any(|m| path.segments[0].ident == m)
}

/// Every token of `tokens`, the groups' contents in place of the groups.
fn flatten(tokens: proc_macro2::TokenStream, out: &mut Vec<TokenTree>) {
    for t in tokens {
        match t {
            TokenTree::Group(g) => flatten(g.stream(), out),
            other => out.push(other),
        }
    }
}

/// Every identifier in `tokens`, groups included.
pub(super) fn collect_ident_tokens(
    tokens: proc_macro2::TokenStream,
    out: &mut Vec<proc_macro2::Ident>,
) {
    for t in tokens {
        match t {
            TokenTree::Ident(i) => out.push(i),
            TokenTree::Group(g) => collect_ident_tokens(g.stream(), out),
            _ => {}
        }
    }
}
