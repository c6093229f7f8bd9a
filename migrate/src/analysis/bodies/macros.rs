//! The macro fallback of the flow layer: a macro whose input is a list of expressions is walked as code; in any
//! other, a pool or worker named there cannot be followed and is refused.

use proc_macro2::TokenTree;
use syn::visit::Visit;

use super::{Binding, Collector};
use crate::analysis::reasons::Refusal;
use crate::analysis::scope_tree::macro_exprs;

impl Collector<'_> {
    /// A macro: its input walked as code when it is a list of expressions (as the name layer reads it), else every
    /// pool or worker it names refused.
    pub(super) fn macro_args(&mut self, mac: &syn::Macro) {
        if let Some(args) = macro_exprs(mac) {
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
