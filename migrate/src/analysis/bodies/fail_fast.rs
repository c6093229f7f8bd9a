//! Delegates whose results an iterator carries to one place: `jobs.try_for_each(|j| pool.delegate(j))` and
//! `jobs.map(|j| pool.delegate(j)).collect::<Result<Vec<_>, _>>()`. The chain's error type is the delegate's, never
//! written, so in 3.x it is `DelegateError<T>` all the way to where the chain's result is taken apart: a `?` (which
//! must convert it, as for `pool.delegate(j)?`), `.unwrap()`/`.expect(..)`, or the tail of a function returning
//! `Result<(), workerpool::Error>` (which gets `?; Ok(())`, as a tail delegate does). Counting the failures,
//! `jobs.filter_map(|j| pool.delegate(j).err()).count()`, looks at no error at all.

use std::ops::Range;

use syn::{Expr, ExprMethodCall, GenericArgument, PathArguments, Stmt, Type};

use super::{Collector, Wrapper, key};
use crate::analysis::model::{Loc, NodeId};

/// Where a fail-fast chain's result goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ChainUse {
    /// `chain?`.
    Try,
    /// `chain.unwrap()`, `chain.expect(..)`.
    Unwrap,
    /// What a function returning `Result<(), workerpool::Error>` evaluates to; whether it is a whole `match` arm.
    Returned { arm: bool },
}

/// A delegate inside a fail-fast chain.
#[derive(Debug, Clone)]
pub(super) struct Chain {
    pub(super) used: ChainUse,
    /// The whole chain (`jobs.try_for_each(..)`).
    pub(super) range: Range<usize>,
    /// The function (an index into the walk's stack) whose `?` or return takes the chain's result.
    pub(super) fn_index: usize,
}

/// The delegate call a closure is only made of: `|j| pool.delegate(j)` or `|j| { pool.delegate(j) }`.
fn delegate_body(arg: &Expr) -> Option<&ExprMethodCall> {
    let Expr::Closure(c) = arg else { return None };
    let body = match &*c.body {
        Expr::Block(b) if b.label.is_none() => match b.block.stmts.as_slice() {
            [Stmt::Expr(tail, None)] => tail,
            _ => return None,
        },
        other => other,
    };
    match body {
        Expr::MethodCall(m) if m.method == "delegate" && m.args.len() == 1 => Some(m),
        _ => None,
    }
}

/// `collect::<Result<_, _>>()` whose error type is left to inference.
fn collects_result(m: &ExprMethodCall) -> bool {
    let Some(turbofish) = &m.turbofish else {
        return false;
    };
    let [GenericArgument::Type(Type::Path(p))] = turbofish.args.iter().collect::<Vec<_>>()[..]
    else {
        return false;
    };
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return false;
    };
    last.ident == "Result"
        && args.args.len() == 2
        && matches!(
            args.args.last(),
            Some(GenericArgument::Type(Type::Infer(_)))
        )
}

/// The delegate a fail-fast chain `m` carries: `try_for_each(|j| pool.delegate(j))`, or
/// `map(|j| pool.delegate(j)).collect::<Result<_, _>>()`.
fn carried(m: &ExprMethodCall) -> Option<&ExprMethodCall> {
    match m.method.to_string().as_str() {
        "try_for_each" if m.args.len() == 1 => delegate_body(&m.args[0]),
        "collect" if m.args.is_empty() && collects_result(m) => match &*m.receiver {
            Expr::MethodCall(map) if map.method == "map" && map.args.len() == 1 => {
                delegate_body(&map.args[0])
            }
            _ => None,
        },
        _ => None,
    }
}

/// The `pool.delegate(j).err()` whose errors `m` only counts: `filter_map(|j| pool.delegate(j).err()).count()`.
fn counted(m: &ExprMethodCall) -> Option<(&ExprMethodCall, &ExprMethodCall)> {
    let Expr::MethodCall(filter_map) = &*m.receiver else {
        return None;
    };
    if m.method != "count" || !m.args.is_empty() || filter_map.method != "filter_map" {
        return None;
    }
    let Some(Expr::Closure(c)) = filter_map.args.first() else {
        return None;
    };
    let Expr::MethodCall(err) = &*c.body else {
        return None;
    };
    let Expr::MethodCall(delegate) = &*err.receiver else {
        return None;
    };
    (err.method == "err" && err.args.is_empty() && delegate.method == "delegate")
        .then_some((delegate, err))
}

impl Collector<'_> {
    /// Notes the delegate whose errors the chain `m` only counts, before it is walked: its result is only looked at,
    /// as by `.is_err()`.
    pub(super) fn note_counted_errors(&mut self, m: &ExprMethodCall) {
        if let Some((delegate, err)) = counted(m) {
            let inspected = (self.range(err), Wrapper::Inspect);
            self.wrappers.insert(key(&self.range(delegate)), inspected);
        }
    }

    /// Notes the delegate of the fail-fast chain `m`, before it is walked, when the chain's result is taken apart
    /// where this tool can say what 3.x makes of it.
    pub(super) fn note_fail_fast(&mut self, m: &ExprMethodCall) {
        let Some(delegate) = carried(m) else { return };
        let range = self.range(m);
        let used = if self.tried.contains(&key(&range)) {
            ChainUse::Try
        } else if self.unwrapped.contains(&key(&range)) {
            ChainUse::Unwrap
        } else if let Some(arm) = self.returns_delegate(&range) {
            ChainUse::Returned { arm }
        } else {
            return;
        };
        let fn_index = self.fns.len().saturating_sub(1);
        let chain = Chain {
            used,
            range,
            fn_index,
        };
        self.fail_fast.insert(key(&self.range(delegate)), chain);
    }

    /// The delegate of pool `node` at `loc` inside `chain`: whether its site migrates.
    pub(super) fn fail_fast_delegate(&mut self, node: NodeId, loc: Loc, chain: &Chain) -> bool {
        match chain.used {
            ChainUse::Unwrap => true,
            ChainUse::Try => self.try_delegate_in(node, loc, chain.fn_index, chain.range.end),
            ChainUse::Returned { arm } => {
                let ok = self.try_delegate_in(node, loc, chain.fn_index, chain.range.end);
                self.convert_returned_result(node, &chain.range, arm);
                ok
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn carries(src: &str) -> bool {
        let Expr::MethodCall(m) = syn::parse_str::<Expr>(src).unwrap() else {
            panic!("{src}")
        };
        carried(&m).is_some()
    }

    #[test]
    fn only_chains_whose_error_type_is_the_delegate_s_carry_it() {
        assert!(carries("jobs.iter().try_for_each(|j| pool.delegate(*j))"));
        assert!(carries("jobs.try_for_each(|j| { pool.delegate(j) })"));
        assert!(carries(
            "(0..n).map(|i| pool.delegate(i)).collect::<Result<Vec<_>, _>>()"
        ));
        assert!(carries(
            "(0..n).map(|i| pool.delegate(i)).collect::<Result<(), _>>()"
        ));
        // The error type is written: it must be the delegate's, which 3.x changes.
        assert!(!carries(
            "(0..n).map(|i| pool.delegate(i)).collect::<Result<Vec<_>, Error>>()"
        ));
        // The closure does more than delegate: its result may be something else.
        assert!(!carries(
            "jobs.try_for_each(|j| { log(j); pool.delegate(j) })"
        ));
        assert!(!carries("jobs.for_each(|j| pool.delegate(j))"));
        assert!(!carries(
            "(0..n).map(|i| pool.delegate(i)).collect::<Vec<_>>()"
        ));
    }

    #[test]
    fn counting_failures_looks_at_no_error() {
        let count = |src: &str| match syn::parse_str::<Expr>(src).unwrap() {
            Expr::MethodCall(m) => counted(&m).is_some(),
            _ => panic!("{src}"),
        };
        assert!(count(
            "jobs.iter().filter_map(|n| pool.delegate(*n).err()).count()"
        ));
        assert!(!count(
            "jobs.iter().filter_map(|n| pool.delegate(*n).err()).collect()"
        ));
        assert!(!count(
            "jobs.iter().filter_map(|n| pool.delegate(*n).ok()).last()"
        ));
    }
}
