//! Analysis of one crate's sources: finds the 2.x pools, decides which migrate, and computes the new texts.

mod bodies;
mod decide;
mod declare;
mod evidence;
mod imports;
mod model;
mod names;
mod path_names;
mod types;

use std::collections::{BTreeSet, HashMap};

use syn::{Item, UseTree};

pub use decide::FORCED_V2;
pub use model::Loc;

use self::decide::ScopeNames;
use self::imports::Need;
use self::model::{Facts, Owner};
use self::names::{Names, V2Item};
use crate::edit;
use crate::source::Source;

/// A file of the crate, parsed.
pub struct Input<'a> {
    /// The file.
    pub source: &'a Source,
    /// Its syntax tree.
    pub syntax: &'a syn::File,
    /// Whether `workerpool::X` at the crate root means the 2.x API in this file.
    pub root_is_v2: bool,
}

/// A pool that stays on the 2.x API, and why.
#[derive(Debug, Clone)]
pub struct LeftOnV2 {
    /// Where each reason applies.
    pub reasons: Vec<(Loc, String)>,
}

/// One pool of a crate (a group of the places it flows through), the unit `--verify` puts back on v2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupId(model::NodeId);

/// A pool the analysis found, and whether it migrates.
#[derive(Debug, Clone, Copy)]
pub struct Group {
    /// The pool; the same input gives the same ids, so a later run can force it to v2.
    pub id: GroupId,
    /// Where it is first seen.
    pub at: Loc,
    /// Whether it migrates.
    pub migrates: bool,
}

/// A place the migrated code names `workerpool::v2` (an import leaf or a full path), and why.
#[derive(Debug, Clone)]
pub struct KeptOnV2 {
    /// Where.
    pub at: Loc,
    /// The name written there (`Pool`, `Worker as W`, `*`).
    pub name: String,
    /// Whether it is a `use` item (else a path in the code).
    pub import: bool,
    /// Whether nothing the analysis sees goes through it (an import left as it was).
    pub unused: bool,
    /// The pools left on v2 it belongs to, each where its first reason is reported.
    pub pools: Vec<Loc>,
    /// Whether something it stands for belongs to no pool.
    pub free: bool,
    /// Whether it is a re-export.
    pub reexport: bool,
}

/// What the analysis of a crate found.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The new text of each file (None when it does not change), in input order.
    pub texts: Vec<Option<String>>,
    /// Pools that migrate.
    pub migrated: usize,
    /// Sites (constructors, types, calls) of the pools that migrate, with what changes there.
    pub migrated_sites: Vec<(Loc, String)>,
    /// Every pool, in the order first seen.
    pub groups: Vec<Group>,
    /// Pools that stay on v2.
    pub left: Vec<LeftOnV2>,
    /// Behaviour changes at migrated sites.
    pub warnings: Vec<(Loc, String)>,
    /// Notes about names that stay on v2 without belonging to a pool (re-exports, free `Error` uses).
    pub notes: Vec<(Loc, String)>,
    /// Whether anything still uses `workerpool::v2` afterwards (the crate then needs the `v2` feature).
    pub needs_v2: bool,
    /// Every place the new texts name `workerpool::v2`.
    pub kept_on_v2: Vec<KeptOnV2>,
    /// Files whose edits clashed: (index, offset). They are left unchanged.
    pub clashes: Vec<(usize, usize)>,
}

/// Whether `workerpool::X` at the crate root means the 2.x API, judged from the code of a crate whose Cargo.toml
/// does not say: 2.x calls and no 3.x ones. Code that shows neither is left alone.
pub fn root_is_v2(texts: &[&str]) -> bool {
    let found: Vec<evidence::Evidence> = texts.iter().map(|t| evidence::evidence(t)).collect();
    found.iter().any(|e| e.v2) && !found.iter().any(|e| e.v3)
}

/// Migrates one file on its own, as if it were the whole crate and the crate had no Cargo.toml. Returns the new
/// text (None when nothing changes), or the parse error.
pub fn migrate_text(text: &str) -> Result<Option<String>, String> {
    let source = Source::from_bytes(std::path::Path::new("input.rs"), text.as_bytes().to_vec())
        .map_err(|e| e.to_string())?;
    let syntax = source.parse().map_err(|e| e.to_string())?;
    let input = Input {
        source: &source,
        syntax: &syntax,
        root_is_v2: root_is_v2(&[text]),
    };
    Ok(analyze(std::slice::from_ref(&input), &BTreeSet::new())
        .texts
        .remove(0))
}

/// Analyses the files of one crate together (pools flow between files through fields and functions). The pools
/// of `forced_v2` (ids from an earlier run on the same files) stay on v2, with [`FORCED_V2`] as their reason.
pub fn analyze(files: &[Input<'_>], forced_v2: &BTreeSet<GroupId>) -> Outcome {
    let names: Vec<Names> = files
        .iter()
        .map(|f| Names::collect(f.source, f.syntax, f.root_is_v2))
        .collect();
    let mut facts = Facts::default();
    let mut decls = declare::Decls::default();
    for (i, f) in files.iter().enumerate() {
        declare::Declarer::new(i, f.source, &names[i], &mut facts, &mut decls)
            .items(&f.syntax.items);
    }
    for (i, f) in files.iter().enumerate() {
        bodies::Collector::new(i, f.source, &names[i], &mut facts, &decls).run(f.syntax);
    }
    let uses: Vec<Vec<names::NameUse>> = files
        .iter()
        .zip(&names)
        .map(|(f, n)| n.occurrences(f.source))
        .collect();
    for (node, file, range) in std::mem::take(&mut facts.error_claims) {
        for u in uses[file]
            .iter()
            .filter(|u| u.item == V2Item::Error && range.contains(&u.range.start))
        {
            facts
                .owners
                .entry((file, u.range.start))
                .or_insert(Owner::Group(node));
        }
    }
    let mut free_errors = Vec::new();
    let mut notes = Vec::new();
    for (i, file_uses) in uses.iter().enumerate() {
        for u in file_uses {
            if u.item == V2Item::Error && !facts.owners.contains_key(&(i, u.range.start)) {
                free_errors.push(Loc {
                    file: i,
                    offset: u.range.start,
                });
            }
        }
        for item in names[i].uses.iter().filter(|u| u.reexport) {
            let loc = Loc {
                file: i,
                offset: item.range.start,
            };
            for leaf in item.leaves.iter().filter(|l| l.item.is_some() || l.glob) {
                if leaf.item == Some(V2Item::Error) {
                    free_errors.push(loc);
                }
                notes.push((loc, format!("re-exports workerpool's 2.x `{}`: it stays `workerpool::v2::{}` for this crate's users", leaf.text, leaf.text)));
            }
        }
    }
    free_errors.sort();
    let scope_names = scope_names(files);
    let forced: BTreeSet<model::NodeId> = forced_v2.iter().map(|g| g.0).collect();
    let decision = decide::decide(&mut facts, &scope_names, &free_errors, &forced);
    let mut outcome = Outcome {
        warnings: decision.warnings.clone(),
        migrated_sites: decision.migrated_sites.clone(),
        notes,
        ..Outcome::default()
    };
    let worker_group: HashMap<usize, usize> = facts
        .worker_sites
        .iter()
        .map(|s| (s.worker, facts.root(s.node)))
        .collect();
    for (i, f) in files.iter().enumerate() {
        let need = |u: &names::NameUse| match facts.owners.get(&(i, u.range.start)) {
            None => Need::V2 { free: true },
            Some(Owner::Group(n)) if decision.fates[&facts.root(*n)].migrates() => Need::V3,
            Some(Owner::Group(_)) => Need::V2 { free: false },
            Some(Owner::Worker(w)) => match worker_group.get(w) {
                Some(root) if decision.fates[root].migrates() => Need::Gone,
                Some(_) => Need::V2 { free: false },
                None => Need::V2 { free: true },
            },
        };
        let (mut edits, stays_v2, on_v2) =
            imports::rewrite(&f.source.text, &names[i], &uses[i], need);
        outcome.needs_v2 |= stays_v2;
        for place in on_v2 {
            let mut pools = Vec::new();
            let mut free = false;
            for &u in &place.uses {
                if !matches!(need(&uses[i][u]), Need::V2 { .. }) {
                    continue;
                }
                let root = match facts.owners.get(&(i, uses[i][u].range.start)) {
                    Some(Owner::Group(n)) => Some(facts.root(*n)),
                    Some(Owner::Worker(w)) => worker_group.get(w).copied(),
                    None => None,
                };
                match root {
                    // Where the pool's first reason is reported.
                    Some(root) if decision.fates[&root].pool => {
                        pools.extend(decision.fates[&root].reasons.first().map(|r| r.0));
                    }
                    _ => free = true,
                }
            }
            pools.sort();
            pools.dedup();
            outcome.kept_on_v2.push(KeptOnV2 {
                at: Loc {
                    file: i,
                    offset: place.offset,
                },
                name: place.name,
                unused: place.uses.is_empty(),
                import: place.import,
                pools,
                free,
                reexport: place.reexport,
            });
        }
        edits.extend(decision.edits.get(&i).cloned().unwrap_or_default());
        let text = match edit::apply(&f.source.text, edits) {
            Ok(new) if new != f.source.text => Some(new),
            Ok(_) => None,
            Err(overlap) => {
                outcome.clashes.push((i, overlap.at));
                None
            }
        };
        outcome.texts.push(text);
    }
    for (&root, fate) in decision.fates.iter().filter(|(_, f)| f.pool) {
        outcome.groups.push(Group {
            id: GroupId(root),
            at: facts.first_seen[&root],
            migrates: fate.migrates(),
        });
        if fate.migrates() {
            outcome.migrated += 1;
        } else {
            outcome.left.push(LeftOnV2 {
                reasons: fate.reasons.clone(),
            });
        }
    }
    outcome.left.sort_by_key(|l| l.reasons.first().map(|r| r.0));
    outcome.groups.sort_by_key(|g| g.at);
    outcome
}

/// The names each module of each file can use (imports and items), to tell where a job type can be written.
fn scope_names(files: &[Input<'_>]) -> ScopeNames {
    fn walk(
        file: usize,
        module: &str,
        items: &[Item],
        parent: Option<&HashMap<String, String>>,
        out: &mut ScopeNames,
    ) {
        let mut here = HashMap::new();
        for item in items {
            match item {
                Item::Use(u) => use_names(&u.tree, String::new(), &mut here, parent),
                Item::Struct(s) => {
                    here.insert(s.ident.to_string(), format!("{file}:{module}:{}", s.ident));
                }
                Item::Enum(e) => {
                    here.insert(e.ident.to_string(), format!("{file}:{module}:{}", e.ident));
                }
                Item::Type(t) => {
                    here.insert(t.ident.to_string(), format!("{file}:{module}:{}", t.ident));
                }
                _ => {}
            }
        }
        for item in items {
            if let Item::Mod(m) = item
                && let Some((_, inner)) = &m.content
            {
                let path = if module.is_empty() {
                    m.ident.to_string()
                } else {
                    format!("{module}::{}", m.ident)
                };
                walk(file, &path, inner, Some(&here), out);
            }
        }
        out.insert((file, module.to_string()), here);
    }
    fn use_names(
        tree: &UseTree,
        prefix: String,
        out: &mut HashMap<String, String>,
        parent: Option<&HashMap<String, String>>,
    ) {
        let join = |p: &str, s: &str| {
            if p.is_empty() {
                s.to_string()
            } else {
                format!("{p}::{s}")
            }
        };
        match tree {
            UseTree::Path(p) => {
                use_names(&p.tree, join(&prefix, &p.ident.to_string()), out, parent)
            }
            UseTree::Name(n) => {
                out.insert(n.ident.to_string(), join(&prefix, &n.ident.to_string()));
            }
            UseTree::Rename(r) => {
                out.insert(r.rename.to_string(), join(&prefix, &r.ident.to_string()));
            }
            UseTree::Glob(_) if prefix == "super" => {
                if let Some(parent) = parent {
                    out.extend(parent.iter().map(|(k, v)| (k.clone(), v.clone())));
                }
            }
            UseTree::Glob(_) => {}
            UseTree::Group(g) => {
                for t in &g.items {
                    use_names(t, prefix.clone(), out, parent);
                }
            }
        }
    }
    let mut out = ScopeNames::new();
    for (i, f) in files.iter().enumerate() {
        walk(i, "", &f.syntax.items, None, &mut out);
    }
    out
}
