//! A delegate result handled in the usual ways (`match` on `Ok(())` / `Err(e)`, `if let Err(e)`) whose error is only
//! formatted: `DelegateError<T>` is `Display` and `Debug` for every `T`, so the code type-checks
//! unchanged in 3.x.

use syn::visit::{self, Visit};
use syn::{Expr, Pat};

use crate::analysis::scope_tree::macro_exprs;

/// Macros whose arguments after the format string (and the writer of `write!`) are only formatted.
const FORMAT_MACROS: [&str; 14] = [
    "print",
    "println",
    "eprint",
    "eprintln",
    "format",
    "format_args",
    "write",
    "writeln",
    "panic",
    "error",
    "warn",
    "info",
    "debug",
    "trace",
];

/// Whether the arms of `match result { .. }` only tell `Ok(())` from `Err(e)`, each `e` only formatted.
pub(super) fn match_only_formats(m: &syn::ExprMatch) -> bool {
    m.arms.iter().all(|arm| {
        arm.guard.is_none()
            && match result_pattern(&arm.pat) {
                Some(Some(name)) => only_formatted(&name, &arm.body),
                Some(None) => true,
                None => false,
            }
    })
}

/// Whether `if let PATTERN = result { .. }` tells `Ok(())` from `Err(e)`, with `e` only formatted in the branch.
pub(super) fn if_let_only_formats(l: &syn::ExprLet, then: &syn::Block) -> bool {
    match result_pattern(&l.pat) {
        Some(Some(name)) => {
            let block = Expr::Block(syn::ExprBlock {
                attrs: Vec::new(),
                label: None,
                block: then.clone(),
            });
            only_formatted(&name, &block)
        }
        Some(None) => true,
        None => false,
    }
}

/// The call checked by `if let Err(..) = call { .. }` or `if call.is_err() { .. }`, without `else`: for a call whose
/// result is always `Ok(())` the branch never runs.
pub(super) fn error_check(i: &syn::ExprIf) -> Option<&Expr> {
    if i.else_branch.is_some() {
        return None;
    }
    match &*i.cond {
        Expr::Let(l) => match &*l.pat {
            Pat::TupleStruct(t)
                if t.elems.len() == 1
                    && t.path.segments.last().is_some_and(|s| s.ident == "Err")
                    && matches!(&t.elems[0], Pat::Wild(_) | Pat::Ident(_)) =>
            {
                Some(&l.expr)
            }
            _ => None,
        },
        Expr::MethodCall(m) if m.method == "is_err" && m.args.is_empty() => Some(&m.receiver),
        _ => None,
    }
}

/// `match result { Ok(()) => .., Err(e) => .. }` (either order; `Ok(_)`, `Err(_)` or `_` alike, no guards) whose `Ok`
/// arm is empty (`{}`, `()`) or one expression that is not a block: the result it checks, and that expression.
pub(super) fn error_match(m: &syn::ExprMatch) -> Option<(&Expr, Option<&Expr>)> {
    let [a, b] = m.arms.as_slice() else {
        return None;
    };
    let err_arm = |arm: &syn::Arm| {
        let err = match &arm.pat {
            Pat::TupleStruct(t) => t.path.segments.last().is_some_and(|s| s.ident == "Err"),
            other => matches!(other, Pat::Wild(_)),
        };
        err && result_pattern(&arm.pat).is_some()
    };
    if a.guard.is_some() || b.guard.is_some() {
        return None;
    }
    let kept = match (ok_arm_kept(a), ok_arm_kept(b)) {
        (Some(kept), None) if err_arm(b) => kept,
        (None, Some(kept)) if err_arm(a) => kept,
        _ => return None,
    };
    Some((&*m.expr, kept))
}

/// The `Ok` arm of a check: Some(None) when empty, Some(Some(e)) for one expression that is not a block; None for
/// any other arm.
fn ok_arm_kept(arm: &syn::Arm) -> Option<Option<&Expr>> {
    let ok = matches!(&arm.pat, Pat::TupleStruct(t)
        if t.path.segments.last().is_some_and(|s| s.ident == "Ok")
            && result_pattern(&arm.pat) == Some(None));
    if !ok {
        return None;
    }
    match &*arm.body {
        Expr::Block(b) if b.block.stmts.is_empty() && b.label.is_none() => Some(None),
        Expr::Tuple(t) if t.elems.is_empty() => Some(None),
        Expr::Block(_) => None,
        other => Some(Some(other)),
    }
}

/// A pattern on a `Result<(), E>` that does not depend on `E`'s type: `Ok(())`, `Ok(_)`, `_`, `Err(_)` (Some(None))
/// or `Err(e)` (Some(Some("e"))); None for any other.
fn result_pattern(pat: &Pat) -> Option<Option<String>> {
    match pat {
        Pat::Wild(_) => Some(None),
        Pat::TupleStruct(t) if t.qself.is_none() && t.elems.len() == 1 => {
            let name = t.path.segments.last()?.ident.to_string();
            match (name.as_str(), &t.elems[0]) {
                ("Ok", Pat::Wild(_)) => Some(None),
                ("Ok", Pat::Tuple(unit)) if unit.elems.is_empty() => Some(None),
                ("Err", Pat::Wild(_)) => Some(None),
                ("Err", Pat::Ident(p)) if p.subpat.is_none() && p.by_ref.is_none() => {
                    Some(Some(p.ident.to_string()))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether every use of the binding `name` in `expr` is an argument of a formatting macro or `name.to_string()`.
fn only_formatted(name: &str, expr: &Expr) -> bool {
    let mut check = Formatted { name, ok: true };
    check.visit_expr(expr);
    check.ok
}

struct Formatted<'a> {
    name: &'a str,
    ok: bool,
}

impl Formatted<'_> {
    fn is_name(&self, expr: &Expr) -> bool {
        match expr {
            Expr::Path(p) => p.path.is_ident(self.name),
            Expr::Reference(r) => self.is_name(&r.expr),
            Expr::Paren(p) => self.is_name(&p.expr),
            _ => false,
        }
    }
}

impl<'ast> Visit<'ast> for Formatted<'_> {
    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        if p.path.is_ident(self.name) {
            self.ok = false;
        }
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        if m.method == "to_string" && m.args.is_empty() && self.is_name(&m.receiver) {
            return;
        }
        visit::visit_expr_method_call(self, m);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let is_format = mac
            .path
            .segments
            .last()
            .is_some_and(|s| FORMAT_MACROS.contains(&s.ident.to_string().as_str()));
        match macro_exprs(mac) {
            Some(args) if is_format => {
                for arg in &args {
                    if !self.is_name(arg) {
                        self.visit_expr(arg);
                    }
                }
            }
            Some(args) => {
                for arg in &args {
                    self.visit_expr(arg);
                }
            }
            // Input that is not expressions: certain only if it does not name the binding.
            None => {
                let mut idents = Vec::new();
                super::macros::collect_ident_tokens(mac.tokens.clone(), &mut idents);
                if idents.iter().any(|i| i == self.name) {
                    self.ok = false;
                }
            }
        }
    }

    // A nested closure or item that rebinds the name is not followed: its uses count as uses of the error.
}

/// The call asserted by `assert!(call.is_ok())` or `assert!(call.is_ok(), "..", ..)`: for a call whose result is
/// always `Ok(())` it is the same check as `.unwrap()` and never fails. Not `debug_assert!`, whose call does not run
/// in a release build.
pub(super) fn asserted_ok(mac: &syn::Macro) -> Option<Expr> {
    if !mac.path.is_ident("assert") {
        return None;
    }
    match macro_exprs(mac)?.into_iter().next()? {
        Expr::MethodCall(m) if m.method == "is_ok" && m.args.is_empty() => Some(*m.receiver),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matched(code: &str) -> bool {
        match syn::parse_str::<Expr>(code).unwrap() {
            Expr::Match(m) => match_only_formats(&m),
            Expr::If(i) => match &*i.cond {
                Expr::Let(l) => if_let_only_formats(l, &i.then_branch),
                _ => false,
            },
            _ => panic!("not a match or if let: {code}"),
        }
    }

    #[test]
    fn an_error_only_formatted_is_certain_and_any_other_use_is_not() {
        let cases = [
            "match r { Ok(()) => n += 1, Err(e) => eprintln!(\"{}: {}\", id, e) }",
            "match r { Ok(_) => {}, Err(_) => {} }",
            "match r { Err(e) => { log::warn!(\"{e:?}\"); } _ => () }",
            "if let Err(e) = r { eprintln!(\"{:?}\", &e); } else { n += 1; }",
            "match r { Ok(()) => {}, Err(Error::NoWorkers) => {} Err(e) => eprintln!(\"{e}\") }",
            "match r { Ok(()) => {}, Err(e) => return Err(e) }",
            "match r { Ok(()) => {}, Err(e) if n > 0 => eprintln!(\"{e}\"), _ => {} }",
            "if let Err(e) = r { keep(e); }",
            "match r { Ok(()) => {}, Err(e) => my_macro!(e; 1) }",
        ];
        let got: String = cases
            .iter()
            .map(|c| format!("{} {c}\n", matched(c)))
            .collect();
        expect_test::expect![[r#"
            true match r { Ok(()) => n += 1, Err(e) => eprintln!("{}: {}", id, e) }
            true match r { Ok(_) => {}, Err(_) => {} }
            true match r { Err(e) => { log::warn!("{e:?}"); } _ => () }
            true if let Err(e) = r { eprintln!("{:?}", &e); } else { n += 1; }
            false match r { Ok(()) => {}, Err(Error::NoWorkers) => {} Err(e) => eprintln!("{e}") }
            false match r { Ok(()) => {}, Err(e) => return Err(e) }
            false match r { Ok(()) => {}, Err(e) if n > 0 => eprintln!("{e}"), _ => {} }
            false if let Err(e) = r { keep(e); }
            false match r { Ok(()) => {}, Err(e) => my_macro!(e; 1) }
        "#]]
        .assert_eq(&got);
    }
}
