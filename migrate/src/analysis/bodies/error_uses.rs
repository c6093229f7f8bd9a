//! Whether a function's `workerpool::Error` is ever made or looked at: a `-> Result<_, workerpool::Error>` whose body
//! only returns `Ok(..)` and whose every call is unwrapped, checked or dropped means the same in 3.x, so the name
//! stays as written.

use std::ops::Range;

use proc_macro2::TokenTree;
use syn::{Expr, Stmt};

use super::{Collector, key};
use crate::analysis::model::Key;
use crate::analysis::names::{Module, Via};

impl Collector<'_> {
    /// The function named `name` with the error place `error`: unproduced when its body cannot make an error.
    pub(super) fn error_body(&mut self, name: &str, block: &syn::Block) {
        let Some(error) = self.facts.get(&Key::ErrorRet(name.to_string())) else {
            return;
        };
        // `workerpool::v2::Error` written as such (by the user, or by an earlier run that kept it there) stays.
        if only_ok(block) && !self.written_on_v2(self.facts.first_seen[&error].offset) {
            self.facts.unproduced_errors.insert(error);
        } else {
            self.facts.inspected_errors.insert(error);
        }
    }

    /// Whether the 2.x name written at `at` is taken from `workerpool::v2`: a path through it, or a name its import
    /// takes from it.
    fn written_on_v2(&self, at: usize) -> bool {
        let rest = &self.source.text[at..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        match self.names.alias(&name, at) {
            Some((_, Via::Import(u, l))) => self.names.uses[u].leaves[l].module == Module::V2,
            Some((_, Via::Path(module))) => module == Module::V2,
            Some((_, Via::Reexport(origin))) => origin.module == Module::V2,
            // A path such as `workerpool::v2::Error`: the name at `at` is its first segment.
            None => {
                let path: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | ' '))
                    .collect();
                path.contains("v2")
            }
        }
    }

    /// `f(..).unwrap()`, `.expect(..)`, `.is_ok()`, `.is_err()`, or `f(..);`: a use that neither matches the error
    /// nor passes it on (its `Debug` is all `unwrap` needs, which both `Error`s have).
    pub(super) fn error_dropped(&mut self, value: &Expr) {
        if matches!(value, Expr::Call(_) | Expr::MethodCall(_)) {
            self.error_drops.insert(key(&self.range(value)));
        }
    }

    /// A call, method call or path naming `name` at `value`: unless that use drops the error, the error of the
    /// functions of that name is looked at.
    pub(super) fn error_fn_use(&mut self, name: &str, value: &Range<usize>, called: bool) {
        if !self.decls.error_fns.contains(name) {
            return;
        }
        if called && self.error_drops.contains(&key(value)) {
            return;
        }
        if let Some(error) = self.facts.get(&Key::ErrorRet(name.to_string())) {
            self.facts.inspected_errors.insert(error);
        }
    }

    /// A name in a macro this tool cannot read: if it names a function with an error place, that error is looked at.
    pub(super) fn error_fn_in_macro(&mut self, name: &str) {
        if self.decls.error_fns.contains(name)
            && let Some(error) = self.facts.get(&Key::ErrorRet(name.to_string()))
        {
            self.facts.inspected_errors.insert(error);
        }
    }
}

/// Whether `block` can only return `Ok(..)`: its tail is `Ok(..)`, and no `?`, `return`, `Err` or `Error` is in it.
fn only_ok(block: &syn::Block) -> bool {
    let tail_ok = matches!(block.stmts.last(), Some(Stmt::Expr(Expr::Call(c), None))
        if matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Ok")));
    tail_ok && !makes_error(quote::ToTokens::to_token_stream(block))
}

fn makes_error(tokens: proc_macro2::TokenStream) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Punct(p) => p.as_char() == '?',
        TokenTree::Ident(i) => i == "return" || i == "Err" || i == "Error" || i == "map_err",
        TokenTree::Group(g) => makes_error(g.stream()),
        TokenTree::Literal(_) => false,
    })
}
