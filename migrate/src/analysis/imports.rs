//! Rewriting the `use` items and the written names of the 2.x items once every pool's fate is known.

use super::names::{Leaf, Module, NameUse, Names, UseItem, V2Item, Via};
use crate::edit::Edit;

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

/// A place the rewritten file names `workerpool::v2`: an import leaf or a full path.
#[derive(Debug, Clone)]
pub struct OnV2 {
    /// Offset of the `use` item or of the path.
    pub offset: usize,
    /// The name written there (`Pool`, `Worker as W`, `*`).
    pub name: String,
    /// Indices of the occurrences it stands for (those through an import; the path itself).
    pub uses: Vec<usize>,
    /// Whether it is a `use` item's leaf (else a path in the code).
    pub import: bool,
    /// Whether it is a re-export.
    pub reexport: bool,
}

/// The edits for the names and imports of one file, whether anything in it stays on v2, and every place the
/// result names `workerpool::v2`.
pub fn rewrite(
    text: &str,
    names: &Names,
    uses: &[NameUse],
    need: impl Fn(&NameUse) -> Need,
) -> (Vec<Edit>, bool, Vec<OnV2>) {
    let mut on_v2 = Vec::new();
    let path_on_v2 = |i: usize| OnV2 {
        offset: uses[i].range.start,
        name: uses[i].item.name().to_string(),
        uses: vec![i],
        import: false,
        reexport: false,
    };
    let mut edits = Vec::new();
    let needs: Vec<Need> = uses.iter().map(&need).collect();
    let mut stays_v2 = needs.iter().any(|n| matches!(n, Need::V2 { .. }));
    for (u, item) in names.uses.iter().enumerate() {
        let mut new_leaves: Vec<Option<Module>> = Vec::new();
        for (l, leaf) in item.leaves.iter().enumerate() {
            let through: Vec<(usize, Need)> = uses
                .iter()
                .zip(&needs)
                .enumerate()
                .filter(|(_, (n, _))| n.via == Via::Import(u, l))
                .map(|(i, (_, need))| (i, *need))
                .collect();
            let counts = leaf.module == Module::V2 || names.root_is_v2;
            let target = if !counts || (leaf.item.is_none() && !leaf.glob) {
                Some(leaf.module)
            } else {
                leaf_target(leaf, item.reexport, &through)
            };
            // Uses that the import no longer means are written out in full.
            if let Some(module) = target {
                for &(i, need) in &through {
                    let full = match (need, module) {
                        (Need::V3, Module::V2) => {
                            Some(format!("workerpool::{}", uses[i].item.name()))
                        }
                        (Need::V2 { .. }, Module::Root) => {
                            on_v2.push(path_on_v2(i));
                            Some(format!("workerpool::v2::{}", uses[i].item.name()))
                        }
                        _ => None,
                    };
                    if let Some(full) = full {
                        edits.push(Edit::replace(uses[i].range.clone(), full));
                    }
                }
            }
            stays_v2 |= target == Some(Module::V2);
            if target == Some(Module::V2) && (leaf.item.is_some() || leaf.glob) {
                on_v2.push(OnV2 {
                    offset: item.range.start,
                    name: leaf.text.clone(),
                    uses: through.iter().map(|&(i, _)| i).collect(),
                    import: true,
                    reexport: item.reexport,
                });
            }
            new_leaves.push(target);
        }
        let unchanged = new_leaves
            .iter()
            .zip(&item.leaves)
            .all(|(t, l)| *t == Some(l.module));
        if !unchanged {
            edits.push(print_use(text, item, &new_leaves));
        }
    }
    for (i, use_) in uses.iter().enumerate() {
        let Via::Path(module) = use_.via else {
            continue;
        };
        if matches!(needs[i], Need::V2 { .. }) {
            on_v2.push(path_on_v2(i));
        }
        let full = match (needs[i], module) {
            (Need::V3, Module::V2) => format!("workerpool::{}", use_.item.name()),
            (Need::V2 { .. }, Module::Root) => format!("workerpool::v2::{}", use_.item.name()),
            _ => continue,
        };
        edits.push(Edit::replace(use_.range.clone(), full));
    }
    (edits, stays_v2, on_v2)
}

/// Where a leaf imports from after the rewrite (None: the import goes).
fn leaf_target(leaf: &Leaf, reexport: bool, through: &[(usize, Need)]) -> Option<Module> {
    let any_v2 = reexport || through.iter().any(|(_, n)| matches!(n, Need::V2 { .. }));
    let any_free = reexport
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

/// The `use` item with its workerpool leaves moved to `targets`, or its removal when nothing is left.
fn print_use(text: &str, item: &UseItem, targets: &[Option<Module>]) -> Edit {
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
fn whole_lines(text: &str, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
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
