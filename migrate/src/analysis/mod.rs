//! Analysis of one crate's sources: finds the 2.x pools, decides which migrate, and computes the new texts.
//!
//! In layers, each reading only the ones before it:
//! - names: `names` (which names mean a 2.x item, through imports, globs and `use super::*`), `definitions`
//!   (statics, pool fields and functions by their definition, and which a name may mean) and `scope_tree` (each
//!   body's scopes and bindings: which binding a name written at a place means);
//! - declarations: `declare` (the pool types of fields, parameters, returns, statics; helper functions that make
//!   workers);
//! - flow: `bodies` (one walk: where each pool and worker value goes, which calls it meets, with `captures` for what
//!   a worker closure captures and `macros` for the macro fallback);
//! - decisions: `decide`, one function per rule, each reason an enum of `reasons` with an id and a text;
//! - output: `imports` (the `use` items and names, never dropping one still named) and the edits, spliced by
//!   [`crate::edit`], which keeps every comment.

mod alias_uses;
mod asked;
mod bodies;
mod decide;
mod declare;
mod definitions;
mod doc_tests;
mod evidence;
pub(crate) mod imports;
mod job_aliases;
mod kept_workers;
mod model;
mod names;
mod new_parameter;
mod path_names;
pub mod reasons;
mod reexports;
mod scope_tree;
mod types;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

pub use asked::{
    Answer, Asked, PLACEHOLDER_BASE, UNIT_NUMBERS, is_alias_use, is_placeholder, placeholder,
};
pub use model::{FileId, Loc};
pub use new_parameter::PARAMETER as NEW_PARAMETER;
pub use reasons::{Note, Refusal, SiteChange, Warning};
pub use types::{
    always_nameable, bare_trait_objects, distinct_types, has_hole, type_key, unqualified,
};

use self::imports::Need;
use self::model::{Facts, Owner};
use self::names::{CrateReexports, Names, V2Item};
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
    /// When this file is the library's root: the name the package's other targets call the library by.
    pub library_root: Option<&'a str>,
    /// Whether a `pub use` of this file may be the crate's public API: the file is in a unit with a library, or in no
    /// package (a binary's `pub use`, or a `pub(crate) use`, is an import like any other).
    pub public_api: bool,
    /// When this file is of another target than the library in the library's unit (a test, an example, a binary that
    /// names it): the name it calls the library by, which a job type of the library is written with here.
    pub outside_library: Option<&'a str>,
}

/// A pool that stays on the 2.x API, and why.
#[derive(Debug, Clone)]
pub struct LeftOnV2 {
    /// Where each reason applies, in the order of the report (by place, then text).
    pub reasons: Vec<(Loc, Refusal)>,
}

/// One pool of a crate (a group of the places it flows through), the unit `--verify` puts back on v2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupId(model::NodeId);

/// A pool the analysis found, and whether it migrates.
#[derive(Debug, Clone)]
pub struct Group {
    /// The pool; the same input gives the same ids, so a later run can force it to v2.
    pub id: GroupId,
    /// Where it is first seen.
    pub at: Loc,
    /// Every place of it: where each of its places is first seen, each 2.x call on it, each use the walk did not
    /// follow (where rustc reports it meeting another pool).
    pub sites: Vec<Loc>,
    /// Whether it migrates.
    pub migrates: bool,
    /// Its job type as written, when it migrates.
    pub job: Option<String>,
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
    /// Whether it is an import kept because the file, or a file that globs from the crate, still names it where
    /// the analysis does not follow.
    pub still_named: bool,
}

/// What the analysis of a crate found.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The new text of each file (None when it does not change), in input order.
    pub texts: Vec<Option<String>>,
    /// Pools that migrate.
    pub migrated: usize,
    /// Sites (constructors, types, calls) of the pools that migrate, with what changes there.
    pub migrated_sites: Vec<(Loc, SiteChange)>,
    /// Every pool, in the order first seen.
    pub groups: Vec<Group>,
    /// Pools that stay on v2.
    pub left: Vec<LeftOnV2>,
    /// Behaviour changes at migrated sites.
    pub warnings: Vec<(Loc, Warning)>,
    /// Notes about names that stay on v2 without belonging to a pool.
    pub notes: Vec<(Loc, Note)>,
    /// Whether anything still uses `workerpool::v2` afterwards (the crate then needs the `v2` feature).
    pub needs_v2: bool,
    /// Every place the new texts name `workerpool::v2`.
    pub kept_on_v2: Vec<KeptOnV2>,
    /// Where the edits of a file clashed (the file is left unchanged).
    pub clashes: Vec<Loc>,
    /// The pools written with a placeholder job type, each with the placeholder's number.
    pub probed: Vec<(usize, GroupId)>,
    /// The sites typed one by one written with a placeholder of their own, with its number: `Worker` type sites of
    /// kept workers, and uses of a pool alias of several job types.
    pub probed_sites: Vec<(usize, Loc)>,
    /// The pools that are the `Pool` of a type alias (`type Shared = Arc<Pool>`): the uses of one the compiler finds
    /// several job types at are typed one by one (see `analysis::alias_uses`).
    pub aliases: Vec<GroupId>,
    /// The pools one of whose places is a parameter of a generic function (see `Decls::generic_fns`): a type
    /// parameter the compiler finds one of them given is its job type.
    pub generic: Vec<GroupId>,
    /// The pools made and used in one free function (see `analysis::new_parameter`): where the compiler finds one
    /// given several job types, the function gets a type parameter for it.
    pub confined: Vec<GroupId>,
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
        library_root: None,
        public_api: true,
        outside_library: None,
    };
    Ok(analyze(std::slice::from_ref(&input), &Asked::default())
        .texts
        .remove(0))
}

/// Analyses the files of one crate together (pools flow between files through fields and functions). The pools
/// of `asked.forced_v2` (ids from an earlier run on the same files) stay on v2, with [`Refusal::PutBackByVerify`] as
/// their reason; the compiler's answers in `asked` settle the job types the syntax does not.
pub fn analyze(files: &[Input<'_>], asked: &Asked) -> Outcome {
    let modules: Vec<Vec<String>> = files
        .iter()
        .map(|f| declare::file_module(&f.source.path))
        .collect();
    let names = name_layer(files, &modules);
    let mut facts = file_facts(files, modules, &names);
    let decls = declaration_layer(files, &names, &mut facts);
    flow_layer(files, &names, &decls, asked, &mut facts);
    let doc_tests = refuse_doc_test_items(files, &decls, &mut facts);
    let uses: Vec<Vec<names::NameUse>> = files
        .iter()
        .zip(&names)
        .map(|(f, n)| n.occurrences(f.source))
        .collect();
    claim_error_names(&uses, &mut facts);
    let aliases = if asked.checked {
        free_pool_types(files, &uses, &mut facts)
    } else {
        Vec::new()
    };
    let free_errors = free_errors(files, &names, &uses, &facts);
    let free_workers = uses.iter().enumerate().any(|(i, file_uses)| {
        (file_uses.iter()).any(|u| {
            u.item == V2Item::Worker
                && !facts
                    .owners
                    .contains_key(&Loc::new(FileId(i), u.range.start))
        })
    });
    let mut decision = decide::decide(&mut facts, &free_errors, free_workers, asked);
    let mut probed_sites = keep_workers(files, &uses, &mut facts, &mut decision, asked);
    probed_sites.extend(alias_uses::per_use(files, &facts, &mut decision, asked));
    new_parameter::edits(files, &facts, &mut decision, asked);
    let notes = (facts.worker_sites.iter())
        .filter(|s| s.ctx == model::StmtCtx::DeadCheck)
        .filter(|s| decision.fates[&facts.root(s.node)].migrates())
        .map(|s| (s.loc, Note::DeadCheckDropped))
        .collect();
    let base = asked.placeholder_base.unwrap_or_default();
    let mut outcome = Outcome {
        probed: decision
            .probed
            .iter()
            .map(|&root| (base + root, GroupId(root)))
            .collect(),
        probed_sites,
        aliases: aliases.iter().map(|&n| GroupId(facts.root(n))).collect(),
        generic: (facts.places())
            .filter(
                |(k, _)| matches!(k, model::Key::FnParam(f, _) if decls.generic_fns.contains(f)),
            )
            .map(|(_, n)| GroupId(facts.root(n)))
            .collect(),
        confined: (new_parameter::confined(files, &facts).into_iter())
            .map(GroupId)
            .collect(),
        warnings: decision.warnings.clone(),
        migrated_sites: decision.migrated_sites.clone(),
        notes,
        ..Outcome::default()
    };
    let output = Output {
        files,
        names: &names,
        uses: &uses,
        facts: &facts,
        decision: &decision,
        worker_group: (facts.worker_sites.iter())
            .map(|s| (s.worker, facts.root(s.node)))
            .collect(),
    };
    output.write_texts(&doc_tests, &mut outcome);
    output.count_groups(&mut outcome);
    outcome
}

/// The name layer: which names of each file mean a 2.x item, with the re-exports of the crate linked.
fn name_layer(files: &[Input<'_>], modules: &[Vec<String>]) -> Vec<Names> {
    let library = files.iter().find_map(|f| f.library_root);
    let collect = |crates: &CrateReexports| -> Vec<Names> {
        let each = files.iter().zip(modules);
        each.map(|(f, module)| {
            let crates = CrateReexports {
                file_module: module.clone(),
                library: library.map(str::to_string),
                ..crates.clone()
            };
            Names::collect(f.source, f.syntax, f.root_is_v2, &crates)
        })
        .collect()
    };
    let mut names = collect(&CrateReexports::default());
    // A re-export of the crate under another name (`pub use workerpool as wp;`) is seen in the other files once it
    // is known: collect them again.
    let paths: Vec<Vec<String>> = (names.iter().zip(modules))
        .flat_map(|(n, module)| {
            n.exported_crates
                .iter()
                .map(|p| [module.as_slice(), p].concat())
        })
        .collect();
    if !paths.is_empty() {
        names = collect(&CrateReexports {
            paths,
            ..CrateReexports::default()
        });
    }
    reexports::link(modules, library, &mut names);
    names
}

/// The facts of each file that later layers write job types by: its module, what its `use` items import, its
/// scopes, and the library's own names.
fn file_facts(files: &[Input<'_>], modules: Vec<Vec<String>>, names: &[Names]) -> Facts {
    let mut facts = Facts::default();
    facts.file_imports = (files.iter().zip(&modules))
        .map(|(f, module)| types::imports(&f.syntax.items, module, f.outside_library))
        .collect();
    facts.job_aliases = job_aliases::collect(files, &modules);
    facts.file_modules = modules;
    facts.file_outside_library = (files.iter())
        .map(|f| f.outside_library.map(str::to_string))
        .collect();
    let scopes = |n: &Names| std::iter::zip(n.modules.clone(), n.module_paths.clone()).collect();
    facts.file_scopes = names.iter().map(scopes).collect();
    if let Some(lib) = files.iter().position(|f| f.library_root.is_some()) {
        let modules = files[lib].syntax.items.iter().filter_map(|i| match i {
            syn::Item::Mod(m) => Some(m.ident.to_string()),
            _ => None,
        });
        let own = names[lib].own_names().into_iter().map(String::from);
        facts.library_names = own.chain(modules).collect();
    }
    facts
}

/// The declaration layer: the pool types the items of every file declare.
fn declaration_layer(files: &[Input<'_>], names: &[Names], facts: &mut Facts) -> declare::Decls {
    let mut decls = declare::Decls::default();
    for (i, f) in files.iter().enumerate() {
        declare::Declarer::new(FileId(i), f.source, &names[i], facts, &mut decls)
            .items(&f.syntax.items);
    }
    decls.claim_error_types(facts);
    decls
}

/// The flow layer: the name layer of every body (its scopes), then one walk over the bodies.
fn flow_layer(
    files: &[Input<'_>],
    names: &[Names],
    decls: &declare::Decls,
    asked: &Asked,
    facts: &mut Facts,
) {
    for (i, f) in files.iter().enumerate() {
        let tree = scope_tree::ScopeTree::of_file(f.source, f.syntax);
        bodies::Collector::new(
            FileId(i),
            f.source,
            &names[i],
            &tree,
            facts,
            decls,
            asked.checked,
        )
        .run(f.syntax);
    }
}

/// Doc tests are not analysed: they move to v2, and the pools of the items they name stay there with them.
fn refuse_doc_test_items(
    files: &[Input<'_>],
    decls: &declare::Decls,
    facts: &mut Facts,
) -> Vec<doc_tests::DocTest> {
    let doc_tests: Vec<doc_tests::DocTest> = files
        .iter()
        .enumerate()
        // In a file of 3.x code, `workerpool::Pool` in a doc test is 3.x's.
        .filter(|(_, f)| f.root_is_v2)
        .flat_map(|(i, f)| doc_tests::doc_tests(FileId(i), &f.source.text))
        .collect();
    for test in &doc_tests {
        for (node, name) in decls.defs.places_named(facts, &test.idents) {
            let line = files[test.at.file.index()]
                .source
                .line_col(test.at.offset)
                .0;
            facts.refuse(node, test.at, Refusal::NamedInDocTest { name, line });
        }
    }
    doc_tests
}

/// Every `Error` written inside a range an error type's group claimed belongs to that group.
fn claim_error_names(uses: &[Vec<names::NameUse>], facts: &mut Facts) {
    for (node, file, range) in std::mem::take(&mut facts.error_claims) {
        for u in uses[file.index()]
            .iter()
            .filter(|u| u.item == V2Item::Error && range.contains(&u.range.start))
        {
            facts
                .owners
                .entry(Loc::new(file, u.range.start))
                .or_insert(Owner::Group(node));
        }
    }
}

/// The uses of `workerpool::Error` that belong to no pool, sorted: an `Error` no group owns, and a public re-export
/// of `Error` that nothing of the crate goes through (the crate's users', which stays 2.x's).
fn free_errors(
    files: &[Input<'_>],
    names: &[Names],
    uses: &[Vec<names::NameUse>],
    facts: &Facts,
) -> Vec<Loc> {
    let mut free = Vec::new();
    let public_api = files.iter().any(|f| f.public_api);
    for (i, file_uses) in uses.iter().enumerate() {
        let i = FileId(i);
        for u in file_uses {
            if u.item == V2Item::Error && !facts.owners.contains_key(&Loc::new(i, u.range.start)) {
                free.push(Loc::new(i, u.range.start));
            }
        }
        for (u, item) in names[i.index()].uses.iter().enumerate() {
            for (l, leaf) in item.leaves.iter().enumerate() {
                let through = |n: &names::NameUse| {
                    n.via == names::Via::Import(u, l)
                        || matches!(n.via, names::Via::Reexport(o)
                            if (o.file, o.use_item, o.leaf) == (i.index(), u, l))
                };
                if leaf.item == Some(V2Item::Error)
                    && public_api
                    && item.public()
                    && !uses.iter().flatten().any(through)
                {
                    free.push(Loc::new(i, item.range.start));
                }
            }
        }
    }
    free.sort();
    free
}

/// The output layer's inputs: what every earlier layer found, and the decisions.
struct Output<'a> {
    files: &'a [Input<'a>],
    names: &'a [Names],
    uses: &'a [Vec<names::NameUse>],
    facts: &'a Facts,
    decision: &'a decide::Decision,
    /// The pool each worker the walk follows is added to, by group root.
    worker_group: HashMap<model::WorkerId, usize>,
}

impl Output<'_> {
    /// What each occurrence of a 2.x name becomes, by file.
    fn needs(&self) -> Vec<Vec<Need>> {
        let (facts, decision) = (self.facts, self.decision);
        // A `workerpool::Error` that belongs to nothing is 3.x's once every pool migrates (see `Decision::errors_go`).
        let need = |i: FileId, u: &names::NameUse| match facts
            .owners
            .get(&Loc::new(i, u.range.start))
        {
            None if decision.errors_go && u.item == V2Item::Error => Need::V3,
            None => Need::V2 { free: true },
            Some(Owner::Group(n)) if decision.fates[&facts.root(*n)].migrates() => Need::V3,
            Some(Owner::Group(_)) => Need::V2 { free: false },
            Some(Owner::Worker(w)) => match self.worker_group.get(w) {
                Some(root) if decision.fates[root].migrates() => Need::Gone,
                Some(_) => Need::V2 { free: false },
                None => Need::V2 { free: true },
            },
            Some(Owner::KeptWorker(n)) if decision.fates[&facts.root(*n)].migrates() => Need::Gone,
            Some(Owner::KeptWorker(_)) => Need::V2 { free: false },
        };
        (self.uses.iter().enumerate())
            .map(|(i, file_uses)| file_uses.iter().map(|u| need(FileId(i), u)).collect())
            .collect()
    }

    /// The rewrite of each file's `use` items. Never worse than no tool: an import the rewrite drops while the file
    /// (or a file that globs from the crate) still names it is kept, and the rewrite redone.
    fn import_rewrites(&self, needs: &[Vec<Need>]) -> Vec<imports::Rewrite> {
        let (names, uses) = (self.names, self.uses);
        let public_api = self.files.iter().any(|f| f.public_api);
        // Bare names used by files that import with a glob from this crate (`use super::*`, `use crate::x::*`): they
        // may reach another file's workerpool imports. A name the file imports from a re-export is tied to it already.
        let globbing: Vec<(usize, Vec<String>)> = (self.files.iter().zip(names).enumerate())
            .filter(|(_, (_, n))| n.crate_glob)
            .map(|(j, (f, n))| {
                let mut bare = imports::bare_names(&f.source.text);
                // A file of one module names what it imports or defines itself through that, not through its glob.
                if n.modules.len() == 1 {
                    bare.retain(|name| !n.own_names().contains(&name.as_str()));
                }
                bare.retain(|name| !n.reexported.iter().any(|r| r.name == *name));
                (j, bare)
            })
            .collect();
        // The occurrences each leaf stands for in the files that import it from its module (a re-export).
        let mut foreign: HashMap<(usize, usize, usize), Vec<(imports::Occurrence, Need)>> =
            HashMap::new();
        for (j, file_uses) in uses.iter().enumerate() {
            for (k, u) in file_uses.iter().enumerate() {
                if let names::Via::Reexport(o) = u.via {
                    foreign
                        .entry((o.file, o.use_item, o.leaf))
                        .or_default()
                        .push(((j, k), needs[j][k]));
                }
            }
        }
        let rewrite_file = |(index, f): (usize, &Input<'_>)| {
            let pool_edits =
                (self.decision.edits.get(&FileId(index))).map_or(&[][..], Vec::as_slice);
            let elsewhere: Vec<String> = globbing
                .iter()
                .filter(|(j, _)| *j != index)
                .flat_map(|(_, n)| n.iter().cloned())
                .collect();
            let top_site = |e: &edit::Edit| kept_workers::top_site(&names[index], e);
            let file = imports::FileNames {
                file: index,
                text: &f.source.text,
                names: &names[index],
                uses: &uses[index],
                needs: &needs[index],
                foreign: |u, l| foreign.get(&(index, u, l)).cloned().unwrap_or_default(),
                public: public_api,
                shared: !f.source.text.contains("SharedWorker") && pool_edits.iter().any(top_site),
            };
            let mut keep = Vec::new();
            loop {
                let rewrite = imports::rewrite(&file, &keep);
                let mut edits = rewrite.edits.clone();
                edits.extend(pool_edits.iter().cloned());
                let new = edit::apply(&f.source.text, edits.clone()).unwrap_or_default();
                // A glob in another file reaches this file's private imports only from a module inside theirs, and
                // its visible ones from anywhere.
                let (seen, unseen): (Vec<_>, Vec<_>) =
                    rewrite.dropped.iter().partition(|&&(u, _)| {
                        names[index].uses[u].reexport || names[index].seen_by_other_files(u)
                    });
                let module = |u| imports::module_text(&f.source.text, &names[index], u, &edits);
                let mut named =
                    imports::still_named(&new, &names[index], &seen, &elsewhere, module);
                named.extend(imports::still_named(
                    &new,
                    &names[index],
                    &unseen,
                    &[],
                    module,
                ));
                if named.is_empty() {
                    break rewrite;
                }
                keep.extend(named);
            }
        };
        self.files.iter().enumerate().map(rewrite_file).collect()
    }

    /// Each file's new text (its imports, re-exports, pool edits and doc tests), with the places it names
    /// `workerpool::v2` and the notes about them.
    fn write_texts(&self, doc_tests: &[doc_tests::DocTest], outcome: &mut Outcome) {
        let needs = self.needs();
        let rewrites = self.import_rewrites(&needs);
        for (index, f) in self.files.iter().enumerate() {
            let i = FileId(index);
            let rewrite = &rewrites[index];
            let mut pool_edits = self.decision.edits.get(&i).cloned().unwrap_or_default();
            if rewrite.shared {
                kept_workers::bare(&self.names[index], &mut pool_edits);
            }
            let (reexported_edits, reexported_on_v2) =
                imports::reexported_edits(index, &self.uses[index], &needs[index], |o| {
                    rewrites[o.file].targets[o.use_item][o.leaf]
                });
            outcome.needs_v2 |= rewrite.stays_v2 || !reexported_on_v2.is_empty();
            for (offset, leaf, gone) in &rewrite.changed_reexports {
                let note = Note::ReexportChanged {
                    leaf: leaf.clone(),
                    gone: *gone,
                };
                outcome.notes.push((Loc::new(i, *offset), note));
            }
            for place in rewrite.on_v2.iter().chain(&reexported_on_v2) {
                self.kept_on_v2(i, place, &needs, outcome);
            }
            let mut edits = rewrite.edits.clone();
            edits.extend(reexported_edits);
            edits.extend(pool_edits);
            for test in doc_tests.iter().filter(|t| t.at.file == i) {
                outcome.needs_v2 = true;
                outcome.notes.push((test.at, Note::DocTestOnV2));
                edits.extend(test.edits.iter().cloned());
            }
            let text = match edit::apply(&f.source.text, edits) {
                Ok(new) if new != f.source.text => Some(new),
                Ok(_) => None,
                Err(overlap) => {
                    outcome.clashes.push(Loc::new(i, overlap.at));
                    None
                }
            };
            outcome.texts.push(text);
        }
    }

    /// A place of file `i` the new text names `workerpool::v2`: which pools left on v2 it belongs to (each where its
    /// first reason is reported), and whether something it stands for belongs to none.
    fn kept_on_v2(
        &self,
        i: FileId,
        place: &imports::OnV2,
        needs: &[Vec<Need>],
        outcome: &mut Outcome,
    ) {
        let (facts, fates) = (self.facts, &self.decision.fates);
        let mut pools = Vec::new();
        let mut free = false;
        for &(j, u) in &place.uses {
            if !matches!(needs[j][u], Need::V2 { .. }) {
                continue;
            }
            let at = Loc::new(FileId(j), self.uses[j][u].range.start);
            let root = match facts.owners.get(&at) {
                Some(Owner::Group(n)) => Some(facts.root(*n)),
                Some(Owner::Worker(w)) => self.worker_group.get(w).copied(),
                Some(Owner::KeptWorker(n)) => Some(facts.root(*n)),
                None => None,
            };
            match root {
                Some(root) if fates[&root].pool => {
                    pools.extend(fates[&root].reasons.first().map(|r| r.0));
                }
                _ => free = true,
            }
        }
        pools.sort();
        pools.dedup();
        if place.reexport {
            let note = Note::Reexport {
                leaf: place.name.clone(),
            };
            outcome.notes.push((Loc::new(i, place.offset), note));
        }
        outcome.kept_on_v2.push(KeptOnV2 {
            at: Loc::new(i, place.offset),
            name: place.name.clone(),
            unused: place.uses.is_empty() && !place.still_named,
            import: place.import,
            pools,
            free,
            reexport: place.reexport,
            still_named: place.still_named,
        });
    }

    /// Every pool with its sites, counted as migrated or left with its reasons.
    fn count_groups(&self, outcome: &mut Outcome) {
        let facts = self.facts;
        let mut sites: BTreeMap<model::NodeId, Vec<Loc>> = BTreeMap::new();
        let seen = facts.first_seen.iter().map(|(n, l)| (*n, *l));
        let calls = facts.calls.iter().map(|(n, _, _, l)| (*n, *l));
        let refused = facts.refusals.iter().map(|(n, l, _)| (*n, *l));
        for (node, loc) in seen.chain(calls).chain(refused) {
            sites.entry(facts.root(node)).or_default().push(loc);
        }
        // Pools tied to one error type share their reasons: each is said once.
        let mut said = HashSet::new();
        for (&root, fate) in self.decision.fates.iter().filter(|(_, f)| f.pool) {
            outcome.groups.push(Group {
                id: GroupId(root),
                at: facts.first_seen[&root],
                sites: sites.remove(&root).unwrap_or_default(),
                migrates: fate.migrates(),
                job: fate.job.as_ref().map(|j| j.text.clone()),
            });
            if fate.migrates() {
                outcome.migrated += 1;
            } else {
                outcome.left.push(LeftOnV2 {
                    reasons: (fate.reasons.iter())
                        .filter(|(loc, why)| said.insert((*loc, why.to_string())))
                        .cloned()
                        .collect(),
                });
            }
        }
        outcome.left.sort_by_key(|l| l.reasons.first().map(|r| r.0));
        outcome.groups.sort_by_key(|g| g.at);
    }
}

/// Each 2.x `Pool` written as a type where no place of the walk owns it (`let v: Vec<Pool>`, a closure's
/// `p: &Pool`, a slice parameter `&[Pool]`) becomes a place of its own whose job type is the compiler's to say: in a
/// probe it gets a placeholder, and the mismatch with the pool that flows into it (``expected `Pool<[(); N]>`, found
/// `Pool<u32>` ``) types it. Only where the output is checked: a wrong guess cannot build, and the check puts it back.
/// Returns the places that are the `Pool` of a type alias.
fn free_pool_types(
    files: &[Input<'_>],
    uses: &[Vec<names::NameUse>],
    facts: &mut Facts,
) -> Vec<model::NodeId> {
    let mut aliases = Vec::new();
    for (i, file_uses) in uses.iter().enumerate() {
        let text = &files[i].source.text;
        for u in file_uses.iter().filter(|u| u.item == V2Item::Pool) {
            let file = FileId(i);
            let at = Loc::new(file, u.range.start);
            let before = text[..u.range.start].trim_end();
            let after = text[u.range.end..].trim_start();
            let in_type = ([":", "<", "&", "(", "[", ",", "->", "mut"]
                .iter()
                .any(|p| before.ends_with(p))
                && !before.ends_with("::"))
                || alias_of(before);
            if facts.owners.contains_key(&at)
                || !in_type
                || ["::", "<", "(", "{"].iter().any(|p| after.starts_with(p))
            {
                continue;
            }
            let node = facts.node(at);
            if alias_uses::in_alias(&files[i], u.range.start) {
                aliases.push(node);
            }
            let module = String::new();
            let scope = model::Scope {
                file,
                module,
                func: None,
            };
            facts.type_site(node, at, Loc::new(file, u.range.end), scope);
            facts.refuse(node, at, Refusal::UNSETTLED);
        }
    }
    aliases
}

/// Whether `before` ends in `type Name =` or `type Name<T> =`: what follows is the type an alias stands for, a type
/// site like any other (`type WarmPool = Pool<[(); N]>;` in a probe), whatever names the alias.
fn alias_of(before: &str) -> bool {
    let Some(head) = before.strip_suffix('=').map(str::trim_end) else {
        return false;
    };
    let Some(at) = head.rfind("type ") else {
        return false;
    };
    let name = &head[at + "type ".len()..];
    let keyword_alone = head[..at]
        .chars()
        .next_back()
        .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
    keyword_alone
        && !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || " _<>,:'".contains(c))
}

/// When workers are kept as values (see [`kept_workers`]) and a pool they serve migrates: every `Worker` the walk
/// does not follow to another pool (`Worker::new(f)`, and `Worker` as a type, with its site's job type) and every add
/// and remove statement but those of the followed workers becomes a `SharedWorker`'s; they then belong to that pool.
/// Returns the placeholders written at `Worker` type sites, with their sites.
fn keep_workers(
    files: &[Input<'_>],
    uses: &[Vec<names::NameUse>],
    facts: &mut Facts,
    decision: &mut decide::Decision,
    asked: &Asked,
) -> Vec<(usize, Loc)> {
    let mut probed = Vec::new();
    if !decision.kept {
        return probed;
    }
    let kept_roots = &decision.kept_roots;
    // The migrating pools the kept workers serve, each with its job type.
    let served: Vec<(&model::NodeId, &model::JobType)> = (decision.fates.iter())
        .filter(|(r, f)| {
            f.pool && f.migrates() && (kept_roots.is_empty() || kept_roots.contains(r))
        })
        .filter_map(|(root, f)| f.job.as_ref().map(|j| (root, j)))
        .collect();
    let Some(&(&root, job)) = served.first() else {
        return probed;
    };
    // Where the pools kept workers serve carry several job types, or one the compiler is asked about, each `Worker` type
    // site is typed on its own: by the compiler's answer for it, or in a probe by a placeholder of its own (numbered
    // after the pools', which are group roots), which meets the closure it is given and the pool it is added to.
    let jobs: BTreeSet<&str> = served.iter().map(|(_, j)| j.text.as_str()).collect();
    let per_site = jobs.len() > 1 || jobs.iter().any(|j| is_placeholder(j));
    let first_number = (asked.placeholder_base)
        .filter(|_| per_site)
        .map(|base| base + facts.len());
    // A site's number is its place among all of them, answered or not: the same in every round of probes.
    let mut sites = 0;
    let mut job_at = |at: Loc| -> String {
        sites += 1;
        if let Some(answer) = asked.site_answers.get(&at) {
            return answer.clone();
        }
        if let Some(first) = first_number {
            let number = first + sites - 1;
            probed.push((number, at));
            return placeholder(number);
        }
        job.text.clone()
    };
    // The workers the walk follows to a pool of their own, rewritten with it.
    let followed = |w: &model::WorkerId| {
        facts
            .worker_sites
            .iter()
            .find(|s| s.worker == *w)
            .is_some_and(|s| !kept_roots.contains(&facts.root(s.node)))
    };
    let mut owned = Vec::new();
    for (index, (f, file_uses)) in files.iter().zip(uses).enumerate() {
        let file = FileId(index);
        let text = &f.source.text;
        // Written as a person writes it there (`SharedWorker<Op>` where `Op` is imported).
        let kept_type_at = |job: String, at: usize| {
            kept_workers::kept_type(&facts.job_written_in(index, at, &job))
        };
        let edits = decision.edits.entry(file).or_default();
        let followed_calls: Vec<&std::ops::Range<usize>> = facts
            .worker_sites
            .iter()
            .filter(|s| s.loc.file == file && followed(&s.worker))
            .map(|s| &s.call)
            .collect();
        // The adds and removes on a pool that stays on v2 (another reason, or put back by the check) stay 2.x's.
        let on_v2: Vec<usize> = facts
            .calls
            .iter()
            .filter(|c| c.3.file == file && !decision.fates[&facts.root(c.0)].migrates())
            .map(|c| c.3.offset)
            .collect();
        let left = |call: &std::ops::Range<usize>, method: usize| {
            followed_calls.contains(&call) || on_v2.contains(&method)
        };
        edits.extend(kept_workers::call_edits(f.source, f.syntax, &left));
        let news = kept_workers::new_calls(f.source, f.syntax);
        for u in file_uses.iter().filter(|u| u.item == V2Item::Worker) {
            let at = Loc::new(file, u.range.start);
            if let Some(Owner::Worker(w)) = facts.owners.get(&at)
                && followed(w)
            {
                continue;
            }
            if asked.sites_left.contains(&at) {
                continue;
            }
            match news.iter().find(|n| n.path.contains(&u.range.start)) {
                Some(n) => edits.extend(kept_workers::new_edits(&n.call, &n.func)),
                // Another associated item of `Worker`: left as it is, for the check to judge.
                None if text[u.range.end..].trim_start().starts_with("::") => continue,
                None => edits.push(edit::Edit::replace(
                    u.range.clone(),
                    kept_type_at(job_at(at), u.range.start),
                )),
            }
            owned.push(at);
        }
    }
    for at in owned {
        facts.owners.insert(at, Owner::KeptWorker(root));
    }
    probed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Analyses `text` as the one 2.x file `name` of a crate, told `asked`; the source is returned for its line
    /// numbers.
    fn analyze_text(name: &str, text: &str, asked: &Asked) -> (Source, Outcome) {
        let source =
            Source::from_bytes(std::path::Path::new(name), text.as_bytes().to_vec()).unwrap();
        let syntax = source.parse().unwrap();
        let input = Input {
            source: &source,
            syntax: &syntax,
            root_is_v2: true,
            library_root: None,
            public_api: true,
            outside_library: None,
        };
        let outcome = analyze(std::slice::from_ref(&input), asked);
        (source, outcome)
    }

    #[test]
    fn the_type_an_alias_stands_for_is_a_type_site() {
        for (before, alias) in [
            ("pub type WarmPool =", true),
            ("type Shared<'a> =", true),
            ("\ntype S=", true),
            ("let pool =", false),
            ("mytype X =", false),
            ("type X = Vec<u8>; let y =", false),
        ] {
            assert_eq!(alias_of(before), alias, "{before}");
        }
    }

    /// Migrates `files` (path, text) as one crate that depends on 2.x; returns each file's text afterwards.
    fn migrate_crate(files: &[(&str, &str)]) -> Vec<String> {
        let sources: Vec<Source> = files
            .iter()
            .map(|(p, t)| {
                Source::from_bytes(std::path::Path::new(p), t.as_bytes().to_vec()).unwrap()
            })
            .collect();
        let syntax: Vec<syn::File> = sources.iter().map(|s| s.parse().unwrap()).collect();
        let inputs: Vec<Input<'_>> = sources
            .iter()
            .zip(&syntax)
            .map(|(source, syntax)| Input {
                source,
                syntax,
                root_is_v2: true,
                library_root: None,
                public_api: true,
                outside_library: None,
            })
            .collect();
        let outcome = analyze(&inputs, &Asked::default());
        outcome
            .texts
            .into_iter()
            .zip(files)
            .map(|(new, (_, old))| new.unwrap_or_else(|| old.to_string()))
            .collect()
    }

    #[test]
    fn an_import_is_kept_where_its_module_a_child_or_a_macro_still_names_it() {
        // `a` calls a macro whose body names `Worker`; in the other file, `b` has a child module that names it
        // through `use super::*`, and `c` does not name it after the rewrite (only its sibling `b` does): only `c`
        // drops it.
        let module = |name: &str, extra: &str| {
            format!(
                "mod {name} {{\n    use workerpool::{{Pool, Worker}};\n    pub fn run() {{\n        let pool = Pool::new(2);\n        let w = Worker::new(|n: u8| drop(n));\n        pool.add_worker(&w).unwrap();\n    }}\n{extra}}}\n"
            )
        };
        let lib = format!(
            "macro_rules! idle {{ () => {{ Worker::new(|n: u8| drop(n)) }} }}\nmod other;\n{}",
            module("a", "    pub fn spare() { let _ = idle!(); }\n"),
        );
        let other = format!(
            "{}{}",
            module(
                "b",
                "    mod child { use super::*; pub fn f(_: Option<Worker>) {} }\n"
            ),
            module("c", ""),
        );
        let out = migrate_crate(&[("src/lib.rs", &lib), ("src/other.rs", &other)]);
        let imports: Vec<&str> = out
            .iter()
            .flat_map(|f| f.lines())
            .filter(|l| l.contains("use workerpool"))
            .collect();
        expect_test::expect![[r#"
            [
                "    use workerpool::{Pool, v2::Worker};",
                "    use workerpool::{Pool, v2::Worker};",
                "    use workerpool::Pool;",
            ]
        "#]]
        .assert_debug_eq(&imports);
    }

    /// Each pool left on v2 as `line:column id: text`, and each behaviour change and note the same way.
    fn findings(text: &str) -> String {
        let (source, outcome) = analyze_text("lib.rs", text, &Asked::default());
        let mut out = String::new();
        let line = |loc: Loc| {
            let (l, c) = source.line_col(loc.offset);
            format!("{l}:{c}")
        };
        for left in &outcome.left {
            for (loc, r) in &left.reasons {
                out.push_str(&format!("left {} {}: {r}\n", line(*loc), r.id()));
            }
        }
        for (loc, w) in &outcome.warnings {
            out.push_str(&format!("change {} {}: {w}\n", line(*loc), w.id()));
        }
        for (loc, n) in &outcome.notes {
            out.push_str(&format!("note {} {}: {n}\n", line(*loc), n.id()));
        }
        out
    }

    #[test]
    fn places_of_the_same_name_are_told_apart_by_their_definitions() {
        // Two `pool` fields, each read as `self.pool` in its own impl, and two `static POOL`s: only the untyped
        // ones stay on v2. A third module names `POOL` through an import this tool does not follow: it refuses.
        let text = "use workerpool::{Pool, Worker};\n\nstruct Typed { pool: Pool }\nimpl Typed {\n    fn start(&self) {\n        let w = Worker::new(|n: u8| drop(n));\n        self.pool.add_worker(&w).unwrap();\n    }\n}\n\nstruct Untyped { pool: Pool }\nimpl Untyped {\n    fn start(&self) {\n        let w = Worker::new(|n| drop::<u8>(n));\n        self.pool.add_worker(&w).unwrap();\n    }\n}\n\nmod a {\n    use std::sync::LazyLock;\n    use workerpool::{Pool, Worker};\n    static POOL: LazyLock<Pool> = LazyLock::new(|| {\n        let pool = Pool::new(1);\n        pool.add_worker(&Worker::new(|n: u8| drop(n))).unwrap();\n        pool\n    });\n    fn go() {\n        POOL.delegate(1u8).unwrap();\n    }\n}\n\nmod b {\n    use std::sync::LazyLock;\n    use workerpool::{Pool, Worker};\n    static POOL: LazyLock<Pool> = LazyLock::new(|| {\n        let pool = Pool::new(1);\n        pool.add_worker(&Worker::new(|n| drop::<u8>(n))).unwrap();\n        pool\n    });\n}\n\nmod c {\n    use super::a::POOL;\n    fn go() {\n        POOL.delegate(1u8).unwrap();\n    }\n}\n";
        expect_test::expect![[r#"
            left 14:17 needs-compiler: the code alone does not settle this pool's job type (it is not written where the pool is, or only where this site cannot name it, or there are several, or a type parameter), and the compiler was not asked (--no-verify was given, or the file is in no package with a Cargo.toml): run migrate in the crate's package without --no-verify, so that the compiler types this pool and checks the result
            left 37:26 needs-compiler: the code alone does not settle this pool's job type (it is not written where the pool is, or only where this site cannot name it, or there are several, or a type parameter), and the compiler was not asked (--no-verify was given, or the file is in no package with a Cargo.toml): run migrate in the crate's package without --no-verify, so that the compiler types this pool and checks the result
        "#]].assert_eq(&findings(text));
    }
}
