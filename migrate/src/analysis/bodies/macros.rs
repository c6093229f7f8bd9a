//! The macro fallback of the flow layer: a macro whose input is a list of expressions is walked as code; in any
//! other, a pool or worker named there cannot be followed and is refused.

use proc_macro2::TokenTree;
use syn::Expr;
use syn::punctuated::Punctuated;
use syn::visit::Visit;

use super::{Binding, CallVia, Collector, key};
use crate::analysis::reasons::Refusal;
use crate::analysis::scope_tree::macro_exprs;

impl Collector<'_> {
    /// A macro: its input walked as code when it is a list of expressions (as the name layer reads it), else every
    /// pool or worker it names refused.
    pub(super) fn macro_args(&mut self, mac: &syn::Macro) {
        if let Some(args) = macro_exprs(mac) {
            if !reads_its_arguments(&mac.path) {
                self.pools_given_whole(mac, &args);
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
                    self.facts.refuse(
                        node,
                        loc,
                        Refusal::PoolInMacro {
                            mac: path_text(&mac.path),
                        },
                    );
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
                        let mac = path_text(&mac.path);
                        self.facts
                            .refuse(node, self.loc(at), Refusal::PoolInMacro { mac });
                    }
                }
                binding => {
                    if let Some(w) = binding.and_then(Binding::worker) {
                        let loc = self.loc(self.source.range(ident.span()).start);
                        self.facts.workers[w]
                            .refusal
                            .get_or_insert((loc, Refusal::WorkerInMacro));
                    }
                }
            }
        }
    }
}

impl Collector<'_> {
    /// `send_all!(pool, "one")`, `run!(&pool, 1)`: a pool given whole to a macro of the crate or another crate goes
    /// where its expansion puts it, which this tool does not read.
    fn pools_given_whole(&mut self, mac: &syn::Macro, args: &Punctuated<Expr, syn::Token![,]>) {
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
                let mac = path_text(&mac.path);
                self.facts
                    .refuse(node, self.loc(leaf.start), Refusal::PoolInMacro { mac });
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

fn path_text(p: &syn::Path) -> String {
    p.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}
