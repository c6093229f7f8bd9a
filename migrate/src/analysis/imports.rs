//! Rewriting the `use` items and the written names of the 2.x items once every pool's fate is known.

use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};

use super::names::{Leaf, Module, NameUse, Names, UseItem, V2Item, Via};
use crate::edit::{self, Edit};

/// What one occurrence of a 2.x name must mean after the rewrite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// It stays the 2.x item (`workerpool::v2::X`). `free` when it belongs to no pool.
    V2 {
        /// Whether it belongs to no pool (kept on v2 whatever happens).
        free: bool,
    },
    /// The 3.x item of the same name (`Pool`, `Error`).
    V3,
    /// The rewrite removes it (`Worker` of a migrated `Worker::new`).
    Gone,
}

/// An occurrence of a 2.x name in the crate: (file, index into that file's occurrences).
pub type Occurrence = (usize, usize);

/// A place the rewritten file names `workerpool::v2`: an import leaf or a full path.
#[derive(Debug, Clone)]
pub struct OnV2 {
    /// Offset of the `use` item or of the path.
    pub offset: usize,
    /// The name written there (`Pool`, `Worker as W`, `*`).
    pub name: String,
    /// The occurrences it stands for (those through an import, in any file; the path itself).
    pub uses: Vec<Occurrence>,
    /// Whether it is a `use` item's leaf (else a path in the code).
    pub import: bool,
    /// Whether it is a re-export of the crate's public API.
    pub reexport: bool,
    /// Whether it is an import leaf kept only because something the analysis did not tie to it still names it.
    pub still_named: bool,
}

/// The imports of one file rewritten: the edits, whether anything in it stays on v2, every place the result names
/// `workerpool::v2`, and the leaves the rewrite drops (use item, leaf), which [`still_named`] checks.
pub struct Rewrite {
    /// The edits for the names and imports.
    pub edits: Vec<Edit>,
    /// Whether anything in the file stays on v2.
    pub stays_v2: bool,
    /// Every place the result names `workerpool::v2`.
    pub on_v2: Vec<OnV2>,
    /// Leaves the rewrite removes: (use item, leaf).
    pub dropped: Vec<(usize, usize)>,
    /// Where each leaf of each `use` item imports from afterwards (None: it goes).
    pub targets: Vec<Vec<Option<Module>>>,
    /// The re-exports of the crate's public API that change with the pools behind them: (offset of the `use` item,
    /// the leaf as written, whether it goes).
    pub changed_reexports: Vec<(usize, String, bool)>,
    /// Whether a top-level import of `Worker` the rewrite drops imports `SharedWorker` instead.
    pub shared: bool,
}

/// What the rewrite of file `file` is told: its text, names and occurrences with what each must mean, the
/// occurrences of other files that import through each of its leaves (`foreign(use item, leaf)`, a re-export), and
/// whether its `pub use` items are the crate's public API (a library's).
pub struct FileNames<'a, F: Fn(usize, usize) -> Vec<(Occurrence, Need)>> {
    /// The file's index in the crate.
    pub file: usize,
    /// Its text.
    pub text: &'a str,
    /// Its 2.x names.
    pub names: &'a Names,
    /// Its occurrences of 2.x names.
    pub uses: &'a [NameUse],
    /// What each of them must mean.
    pub needs: &'a [Need],
    /// The occurrences other files import through a leaf of this file.
    pub foreign: F,
    /// Whether a `pub use` of this file is the crate's public API.
    pub public: bool,
    /// Whether the file's top level writes a kept worker (`workerpool::SharedWorker`) and names no `SharedWorker`.
    pub shared: bool,
}

/// The edits for the names and imports of one file. A leaf in `keep` is never dropped: it stays, on v2, because
/// something the analysis did not tie to it still names it.
pub fn rewrite<F: Fn(usize, usize) -> Vec<(Occurrence, Need)>>(
    f: &FileNames<'_, F>,
    keep: &[(usize, usize)],
) -> Rewrite {
    let (text, names, uses, needs) = (f.text, f.names, f.uses, f.needs);
    let mut dropped = Vec::new();
    let mut on_v2 = Vec::new();
    let mut targets = Vec::new();
    let mut changed_reexports = Vec::new();
    let path_on_v2 = |i: usize| path_on_v2(f.file, i, &uses[i]);
    let mut edits = Vec::new();
    let mut stays_v2 = needs.iter().any(|n| matches!(n, Need::V2 { .. }));
    let mut shared = None;
    // Whether leaf `l` of use item `u` imports at the file's top level, not under a `cfg`.
    let top = |u: usize, l: usize| {
        let attrs = &text[names.uses[u].item_range.start..names.uses[u].range.start];
        let mut at = (names.aliases.iter()).map(|(_, c, i)| (i.1, i.2, Some(c)));
        !attrs.contains("cfg") && at.any(|a| a == (u, l, names.modules.first()))
    };
    for (u, item) in names.uses.iter().enumerate() {
        let mut new_leaves: Vec<Option<Module>> = Vec::new();
        let public = f.public && item.public();
        for (l, leaf) in item.leaves.iter().enumerate() {
            let mut through: Vec<(Occurrence, Need)> = uses
                .iter()
                .zip(needs)
                .enumerate()
                .filter(|(_, (n, _))| n.via == Via::Import(u, l))
                .map(|(i, (_, need))| ((f.file, i), *need))
                .collect();
            through.extend((f.foreign)(u, l));
            let counts = leaf.module == Module::V2 || names.root_is_v2;
            let mut target = if !counts || (leaf.item.is_none() && !leaf.glob) {
                Some(leaf.module)
            } else {
                leaf_target(leaf, public, &through)
            };
            let still_named = target.is_none() && keep.contains(&(u, l));
            if target.is_none() {
                if still_named {
                    target = Some(Module::V2);
                } else {
                    dropped.push((u, l));
                    // A top-level `Worker` the file no longer names brings in its kept workers' `SharedWorker`.
                    let bring = f.shared && shared.is_none() && leaf.text == "Worker";
                    if bring && !item.public() && top(u, l) {
                        (shared, target) = (Some((u, l)), Some(Module::Root));
                    }
                }
            }
            if public && counts && !through.is_empty() && target != Some(Module::V2) {
                changed_reexports.push((item.range.start, leaf.text.clone(), target.is_none()));
            }
            // Uses that the import no longer means are written out in full.
            if let Some(module) = target {
                for &((file, i), need) in &through {
                    if file != f.file {
                        continue;
                    }
                    if let Some((edit, place)) = in_full(f.file, i, &uses[i], need, module) {
                        edits.push(edit);
                        on_v2.extend(place);
                    }
                }
            }
            stays_v2 |= target == Some(Module::V2);
            if target == Some(Module::V2) && (leaf.item.is_some() || leaf.glob) {
                on_v2.push(OnV2 {
                    offset: item.range.start,
                    name: leaf.text.clone(),
                    uses: through.iter().map(|&(o, _)| o).collect(),
                    import: true,
                    reexport: public,
                    still_named,
                });
            }
            new_leaves.push(target);
        }
        targets.push(new_leaves.clone());
        let unchanged = new_leaves
            .iter()
            .zip(&item.leaves)
            .all(|(t, l)| *t == Some(l.module));
        let (mut item, renamed) = (item.clone(), shared.filter(|s| s.0 == u));
        if let Some((_, l)) = renamed {
            item.leaves[l].text = "SharedWorker".to_string();
        }
        if !unchanged || renamed.is_some() {
            edits.extend(print_use(text, &item, &new_leaves));
        }
    }
    for (i, use_) in uses.iter().enumerate() {
        let Via::Path(module) = use_.via else {
            continue;
        };
        if matches!(needs[i], Need::V2 { .. }) {
            on_v2.push(path_on_v2(i));
        }
        // The crate as the path names it: `workerpool`, or the name of a `use workerpool as wp;`.
        let root = text[use_.range.clone()]
            .split("::")
            .next()
            .unwrap_or("workerpool");
        let full = match (needs[i], module) {
            (Need::V3, Module::V2) => format!("{root}::{}", use_.item.name()),
            (Need::V2 { .. }, Module::Root) => format!("{root}::v2::{}", use_.item.name()),
            _ => continue,
        };
        edits.push(Edit::replace(use_.range.clone(), full));
    }
    Rewrite {
        edits,
        stays_v2,
        on_v2,
        dropped,
        targets,
        changed_reexports,
        shared: shared.is_some(),
    }
}

/// The edits for the occurrences of file `file` that import a 2.x name from another module of the crate
/// (`use crate::prelude::*`), each against where its re-export imports from afterwards (`target`): a name the
/// re-export no longer means is written out in full. Returns the edits and the places written on v2.
pub fn reexported_edits(
    file: usize,
    uses: &[NameUse],
    needs: &[Need],
    target: impl Fn(super::names::Origin) -> Option<Module>,
) -> (Vec<Edit>, Vec<OnV2>) {
    let mut edits = Vec::new();
    let mut on_v2 = Vec::new();
    for (i, (u, need)) in uses.iter().zip(needs).enumerate() {
        let Via::Reexport(origin) = u.via else {
            continue;
        };
        if let Some((edit, place)) = target(origin).and_then(|m| in_full(file, i, u, *need, m)) {
            edits.push(edit);
            on_v2.extend(place);
        }
    }
    (edits, on_v2)
}

/// The occurrence `i` of file `file`, `u`, written out in full where the import it goes through now means `module`
/// and it needs the other version (`workerpool::Pool` for 3.x's, `workerpool::v2::Pool` for 2.x's, then a place
/// on v2); None where the import means what it needs.
fn in_full(
    file: usize,
    i: usize,
    u: &NameUse,
    need: Need,
    module: Module,
) -> Option<(Edit, Option<OnV2>)> {
    let (path, place) = match (need, module) {
        (Need::V3, Module::V2) => (format!("workerpool::{}", u.item.name()), None),
        (Need::V2 { .. }, Module::Root) => (
            format!("workerpool::v2::{}", u.item.name()),
            Some(path_on_v2(file, i, u)),
        ),
        _ => return None,
    };
    Some((Edit::replace(u.range.clone(), path), place))
}

/// The place on v2 that the path of occurrence `i` of file `file`, `u`, is.
fn path_on_v2(file: usize, i: usize, u: &NameUse) -> OnV2 {
    OnV2 {
        offset: u.range.start,
        name: u.item.name().to_string(),
        uses: vec![(file, i)],
        import: false,
        reexport: false,
        still_named: false,
    }
}

/// The dropped leaves whose name the module of their `use` item still uses as a bare name outside `use` items
/// (`module_text(use item)` is that module's text after the rewrite, None for the whole file `text`), or that any
/// `macro_rules!` of the file uses, or that `elsewhere` (bare names of the crate's other files that import with a
/// glob from this crate) uses. Such a name is kept: whatever the analysis thought, dropping its import could break
/// the build, in any cfg.
pub fn still_named(
    text: &str,
    names: &Names,
    dropped: &[(usize, usize)],
    elsewhere: &[String],
    module_text: impl Fn(usize) -> Option<String>,
) -> Vec<(usize, usize)> {
    let file = bare_names(text);
    let macros = macro_rules_names(text);
    dropped
        .iter()
        .copied()
        .filter(|&(u, l)| {
            let leaf = &names.uses[u].leaves[l];
            let name = leaf.alias.clone().unwrap_or_else(|| leaf.text.clone());
            let here = match module_text(u) {
                Some(module) => bare_names(&module).contains(&name) || macros.contains(&name),
                None => file.contains(&name),
            };
            here || elsewhere.contains(&name)
        })
        .collect()
}

/// The text after `edits` of the inline module (its braces, nested modules included) that `use` item `u` is in;
/// None when it is at the file's top level or an edit crosses the module's braces.
pub fn module_text(old: &str, names: &Names, u: usize, edits: &[Edit]) -> Option<String> {
    // Module 0 is the whole file.
    let module = &names.modules[names
        .module_index(names.uses[u].range.start)
        .filter(|&m| m > 0)?];
    let (start, end) = (module.start, module.end);
    let crosses = |e: &Edit| {
        (e.range.start < start && e.range.end > start) || (e.range.start < end && e.range.end > end)
    };
    if edits.iter().any(crosses) {
        return None;
    }
    let inside: Vec<Edit> = edits
        .iter()
        .filter(|e| {
            e.range.start >= start
                && e.range.end <= end
                && !(e.range.is_empty() && e.range.start == end)
        })
        .map(|e| Edit::replace(e.range.start - start..e.range.end - start, e.text.clone()))
        .collect();
    edit::apply(&old[start..end], inside).ok()
}

/// Every bare name the bodies of the file's `macro_rules!` use (a macro may be called in any module).
fn macro_rules_names(text: &str) -> Vec<String> {
    fn find(tokens: Vec<TokenTree>, out: &mut Vec<String>) {
        for (i, t) in tokens.iter().enumerate() {
            match t {
                TokenTree::Ident(id) if id == "macro_rules" => {
                    if let Some(TokenTree::Group(body)) = tokens.get(i + 3) {
                        walk_bare(body.stream().into_iter().collect(), out);
                    }
                }
                TokenTree::Group(g) => find(g.stream().into_iter().collect(), out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    if let Ok(tokens) = TokenStream::from_str(text.trim_start_matches('\u{feff}')) {
        find(tokens.into_iter().collect(), &mut out);
    }
    out
}

/// Every identifier of `text` used as a bare name (not after `::` or `.`), outside `use` items; macro bodies and
/// every cfg included, comments and literals not.
pub fn bare_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Ok(tokens) = TokenStream::from_str(text.trim_start_matches('\u{feff}')) {
        walk_bare(tokens.into_iter().collect(), &mut out);
    }
    out.sort();
    out.dedup();
    out
}

/// The bare names of `tokens` (see [`bare_names`]).
fn walk_bare(tokens: Vec<TokenTree>, out: &mut Vec<String>) {
    {
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(g) => walk_bare(g.stream().into_iter().collect(), out),
                TokenTree::Ident(id) if id == "use" => {
                    while i < tokens.len()
                        && !matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == ';')
                    {
                        i += 1;
                    }
                }
                TokenTree::Ident(id) => {
                    let after = |c: char| {
                        i >= 1 && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == c)
                    };
                    let after_path = after(':')
                        && i >= 2
                        && matches!(&tokens[i - 2], TokenTree::Punct(p) if p.as_char() == ':');
                    if !after_path && !after('.') {
                        out.push(id.to_string());
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
}

/// Where a leaf imports from after the rewrite (None: the import goes). A re-export of the crate's public API
/// (`public`) is an import like any other for the crate's own code; what it is for the crate's users decides only
/// where the crate's code does not: it stays on v2 when nothing of the crate goes through it, and when something
/// that stays on v2 does (the names that migrate are written out in full).
fn leaf_target(leaf: &Leaf, public: bool, through: &[(Occurrence, Need)]) -> Option<Module> {
    if public && through.is_empty() {
        return Some(Module::V2);
    }
    let any_v2 = through.iter().any(|(_, n)| matches!(n, Need::V2 { .. }));
    let any_free = public
        || through
            .iter()
            .any(|(_, n)| matches!(n, Need::V2 { free: true }));
    let any_v3 = through.iter().any(|(_, n)| *n == Need::V3);
    let v3_has_it = matches!(leaf.item, Some(V2Item::Pool | V2Item::Error)) || leaf.glob;
    match (any_v2, any_v3) {
        (true, true) if any_free => Some(Module::V2),
        (true, true) => Some(Module::Root),
        (true, false) => Some(Module::V2),
        (false, true) => Some(Module::Root),
        (false, false) if through.is_empty() && v3_has_it => Some(leaf.module),
        (false, false) if through.is_empty() && leaf.module == Module::V2 => Some(Module::V2),
        (false, false) => None,
    }
}

/// The `use` item with its workerpool leaves moved to `targets`, or its removal when nothing is left. An item with
/// comments in it is edited leaf by leaf where it can be, so that each comment stays next to its leaf.
fn print_use(text: &str, item: &UseItem, targets: &[Option<Module>]) -> Vec<Edit> {
    let in_place = !edit::comments(text, item.range.clone()).is_empty()
        && targets.iter().any(Option::is_some)
        && item
            .leaves
            .iter()
            .zip(targets)
            .all(|(l, t)| *t != Some(Module::Root) || l.module == Module::Root);
    if in_place {
        return item
            .leaves
            .iter()
            .zip(targets)
            .filter_map(|(leaf, target)| match target {
                None => Some(Edit::delete(leaf_with_comma(text, leaf.range.clone()))),
                Some(Module::V2) if leaf.module == Module::Root => {
                    Some(Edit::insert(leaf.range.start, "v2::"))
                }
                Some(_) if text[leaf.range.clone()] != leaf.text => {
                    Some(Edit::replace(leaf.range.clone(), leaf.text.clone()))
                }
                Some(_) => None,
            })
            .collect();
    }
    vec![reprint_use(text, item, targets)]
}

/// The bytes of a leaf of a use list with the comma that separates it from the next (or, for the last, the previous)
/// leaf, and the spaces on its line around them.
pub(crate) fn leaf_with_comma(text: &str, leaf: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let after = &text[leaf.end..];
    let spaces = |s: &str| s.len() - s.trim_start_matches([' ', '\t']).len();
    let gap = spaces(after);
    if after[gap..].starts_with(',') {
        let end = leaf.end + gap + 1;
        return leaf.start..end + spaces(&text[end..]);
    }
    let before = text[..leaf.start].trim_end();
    match before.strip_suffix(',') {
        Some(rest) => rest.len()..leaf.end,
        None => leaf,
    }
}

/// The `use` item printed anew with its workerpool leaves moved to `targets`, or its removal when nothing is left.
fn reprint_use(text: &str, item: &UseItem, targets: &[Option<Module>]) -> Edit {
    let mut root_parts = Vec::new();
    let mut v2_parts = Vec::new();
    for (leaf, target) in item.leaves.iter().zip(targets) {
        match target {
            Some(Module::Root) => root_parts.push(leaf.text.clone()),
            Some(Module::V2) => v2_parts.push(leaf.text.clone()),
            None => {}
        }
    }
    if root_parts.is_empty() && v2_parts.is_empty() && item.others.is_empty() {
        return Edit::delete(whole_lines(text, item.item_range.clone()));
    }
    let mut parts = root_parts;
    match v2_parts.len() {
        0 => {}
        1 => parts.push(format!("v2::{}", v2_parts[0])),
        _ => parts.push(format!("v2::{{{}}}", v2_parts.join(", "))),
    }
    let mut body = match parts.len() {
        0 => String::new(),
        1 => format!("{}::{}", item.root, parts[0]),
        _ => format!("{}::{{{}}}", item.root, parts.join(", ")),
    };
    if !item.others.is_empty() {
        let mut all = item.others.clone();
        if !body.is_empty() {
            all.insert(0, body);
        }
        body = format!("{{{}}}", all.join(", "));
    }
    Edit::replace(item.range.clone(), format!("{}use {body};", item.vis))
}

/// `range` widened to whole lines when nothing else stands on them.
pub(crate) fn whole_lines(text: &str, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[range.end..]
        .find('\n')
        .map_or(text.len(), |i| range.end + i + 1);
    let before_blank = text[line_start..range.start].trim().is_empty();
    let after_blank = text[range.end..line_end].trim().is_empty();
    if before_blank && after_blank {
        line_start..line_end
    } else {
        range
    }
}
