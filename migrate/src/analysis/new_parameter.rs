//! A pool made and used inside one free function whose callers give it jobs or workers of different types
//! (`fn with_pool<R>(worker: &Worker, .., body: impl FnOnce(&Pool) -> R)`): the function gets a type parameter for
//! the job type, `J: Send + 'static`, written at each of the pool's sites ([`Answer::Generic`]).

use std::collections::BTreeSet;

use syn::spanned::Spanned;

use super::alias_uses::Insert;
use super::asked::{Answer, Asked};
use super::decide::Decision;
use super::model::{Facts, FnId, Key, Loc, NodeId, TypeSite};
use super::{GroupId, Input};

/// The type parameter a function is given.
pub const PARAMETER: &str = "J";

/// The pools (by root) each of whose places is in one free function without a type parameter of that name, which
/// takes a pool or a worker in its parameters (so its callers may give it several job types; `main`, or a function
/// that feeds its own pool two types, does not): the function's own locals and its pool parameters, nothing it
/// returns or keeps in a field or a static.
pub fn confined(files: &[Input<'_>], facts: &Facts) -> BTreeSet<NodeId> {
    let mut out = BTreeSet::new();
    let roots: BTreeSet<NodeId> = facts
        .type_sites
        .iter()
        .map(|s| facts.root(s.node))
        .collect();
    for root in roots {
        let Some(function) = function_of(files, facts, root) else {
            continue;
        };
        let elsewhere = (facts.places()).any(|(key, node)| {
            facts.root(node) == root && !matches!(key, Key::FnParam(f, _) if *f == function)
        });
        let free = item_fn(files, function).is_some_and(|f| {
            !f.sig.generics.type_params().any(|p| p.ident == PARAMETER) && takes_work(&f.sig)
        });
        if !elsewhere && free {
            out.insert(root);
        }
    }
    out
}

/// The function every type site of the pool `root` is in (its body or its signature), if there is one.
fn function_of(files: &[Input<'_>], facts: &Facts, root: NodeId) -> Option<FnId> {
    let mut sites = facts
        .type_sites
        .iter()
        .filter(|s| facts.root(s.node) == root);
    // A site in a parameter's type that is not a pool's own (`body: impl FnOnce(&Pool)`) has no function in its
    // scope: the signature it is in says which.
    let function_at = |site: &TypeSite| {
        let in_signature = || {
            let input = files.get(site.loc.file.index())?;
            let holds =
                |f: &syn::ItemFn| input.source.range(f.sig.span()).contains(&site.loc.offset);
            let f = find_fn(&input.syntax.items, &holds)?;
            let at = input.source.range(f.sig.fn_token.span()).start;
            Some(FnId(Loc::new(site.loc.file, at)))
        };
        site.scope.func.or_else(in_signature)
    };
    let function = function_at(sites.next()?)?;
    sites
        .all(|s| function_at(s) == Some(function))
        .then_some(function)
}

/// Whether one of the parameters of `sig` names a 2.x `Pool` or `Worker` (`worker: &Worker`, `body: impl
/// FnOnce(&Pool) -> R`).
fn takes_work(sig: &syn::Signature) -> bool {
    let mut named = Vec::new();
    for input in &sig.inputs {
        super::bodies::collect_idents(quote::ToTokens::to_token_stream(input), &mut named);
    }
    named.iter().any(|n| n == "Pool" || n == "Worker")
}

/// The free function (a file's item, or an inline module's) whose `fn` keyword is at `function`.
fn item_fn<'a>(files: &[Input<'a>], function: FnId) -> Option<&'a syn::ItemFn> {
    let input = files.get(function.0.file.index())?;
    let at = |f: &syn::ItemFn| input.source.range(f.sig.fn_token.span()).start == function.0.offset;
    find_fn(&input.syntax.items, &at)
}

/// The first free function among `items` and their inline modules' that `wanted` accepts.
fn find_fn<'a>(
    items: &'a [syn::Item],
    wanted: &dyn Fn(&syn::ItemFn) -> bool,
) -> Option<&'a syn::ItemFn> {
    items.iter().find_map(|item| match item {
        syn::Item::Fn(f) if wanted(f) => Some(f),
        syn::Item::Mod(m) => find_fn(&m.content.as_ref()?.1, wanted),
        _ => None,
    })
}

/// For each migrating pool answered [`Answer::Generic`]: the edit that gives its function the parameter.
pub fn edits(files: &[Input<'_>], facts: &Facts, decision: &mut Decision, asked: &Asked) {
    let roots: BTreeSet<NodeId> = (facts.type_sites.iter())
        .map(|s| facts.root(s.node))
        .filter(|root| matches!(asked.answers.get(&GroupId(*root)), Some(Answer::Generic)))
        .filter(|root| decision.fates[root].migrates())
        .collect();
    let functions: BTreeSet<FnId> = (roots.into_iter())
        .filter_map(|root| function_of(files, facts, root))
        .collect();
    for function in functions {
        let Some(f) = item_fn(files, function) else {
            continue;
        };
        let source = files[function.0.file.index()].source;
        let gt = f
            .sig
            .generics
            .gt_token
            .map(|gt| source.range(gt.span()).start);
        let edit = Insert::new(source, source.range(f.sig.ident.span()).end, gt)
            .with(&format!("{PARAMETER}: Send + 'static"));
        decision
            .edits
            .entry(function.0.file)
            .or_default()
            .push(edit);
    }
}
