//! The values an expression can evaluate to through its branches: the tails of `if`/`else`, of `match` arms and of
//! blocks. `fn f() -> Pool { if big { a } else { b } }` returns `a` or `b`; each is followed like a plain tail.

use syn::{Expr, Stmt};

/// One value an expression can evaluate to.
#[derive(Clone, Copy)]
pub(super) struct Leaf<'a> {
    pub(super) expr: &'a Expr,
    /// Whether it is a whole `match` arm (`_ => value,`) rather than the tail of a block: a statement can only be
    /// inserted before a block's tail.
    pub(super) arm: bool,
}

/// Every value `expr` can evaluate to: itself, or for `if`/`else`, `match` and an unlabelled block, the values of
/// its branches' tails, recursively. A branch without a tail (`{ return x; }`, `{ panic!(..); }`) has none.
pub(super) fn leaves(expr: &Expr) -> Vec<Leaf<'_>> {
    let mut out = Vec::new();
    collect(expr, false, &mut out);
    out
}

fn collect<'a>(expr: &'a Expr, arm: bool, out: &mut Vec<Leaf<'a>>) {
    match expr {
        Expr::If(i) if i.else_branch.is_some() => {
            block_tail(&i.then_branch, out);
            if let Some((_, other)) = &i.else_branch {
                collect(other, false, out);
            }
        }
        Expr::Match(m) => {
            for a in &m.arms {
                collect(&a.body, true, out);
            }
        }
        Expr::Block(b) if b.label.is_none() => block_tail(&b.block, out),
        Expr::Paren(p) => collect(&p.expr, arm, out),
        _ => out.push(Leaf { expr, arm }),
    }
}

fn block_tail<'a>(block: &'a syn::Block, out: &mut Vec<Leaf<'a>>) {
    if let Some(Stmt::Expr(tail, None)) = block.stmts.last() {
        collect(tail, false, out);
    }
}

/// Whether `expr` never produces a value (`panic!`, `unreachable!`, `todo!`, `return`, `break`, `continue`): a branch
/// that diverges takes no part in what the others are.
pub(super) fn diverges(expr: &Expr) -> bool {
    match expr {
        Expr::Return(_) | Expr::Break(_) | Expr::Continue(_) => true,
        Expr::Macro(m) => m.mac.path.segments.last().is_some_and(|s| {
            matches!(
                s.ident.to_string().as_str(),
                "panic" | "unreachable" | "todo" | "unimplemented"
            )
        }),
        _ => false,
    }
}

/// Whether `expr` branches (an `if`/`else`, a `match` or a block), so that its value is one of its [`leaves`].
pub(super) fn branches(expr: &Expr) -> bool {
    match expr {
        Expr::If(i) => i.else_branch.is_some(),
        Expr::Match(_) => true,
        Expr::Block(b) => b.label.is_none(),
        Expr::Paren(p) => branches(&p.expr),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        let expr: Expr = syn::parse_str(src).unwrap();
        leaves(&expr)
            .iter()
            .map(|l| {
                let text = quote::ToTokens::to_token_stream(l.expr).to_string();
                if l.arm { format!("arm {text}") } else { text }
            })
            .collect()
    }

    #[test]
    fn the_values_of_branches_are_their_tails() {
        assert_eq!(texts("a"), ["a"]);
        assert_eq!(texts("if c { x; a } else { b }"), ["a", "b"]);
        assert_eq!(
            texts("if c { a } else if d { b } else { c }"),
            ["a", "b", "c"]
        );
        assert_eq!(
            texts("match m { 0 => a, 1 => { b } _ => { return; } }"),
            ["arm a", "b"]
        );
        assert_eq!(texts("{ let p = 1; (p) }"), ["p"]);
        // Without `else` an `if` is `()`: it is its own leaf, which no pool is.
        assert_eq!(texts("if c { a }"), ["if c { a }"]);
        // A labelled block can `break 'l value`: not followed.
        assert_eq!(texts("'l: { a }"), ["'l : { a }"]);
    }

    #[test]
    fn diverging_branches_are_told_apart() {
        for e in ["panic!(\"no\")", "return", "unreachable!()", "continue"] {
            assert!(diverges(&syn::parse_str(e).unwrap()), "{e}");
        }
        assert!(!diverges(&syn::parse_str("vec![1]").unwrap()));
    }
}
