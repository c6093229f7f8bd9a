//! Asking the compiler what the syntax does not settle: each pool whose job type is a question is written with a
//! placeholder job type of its own (`Pool<[(); N]>`), the probe is checked with `cargo check`, and its
//! mismatched-types messages say what each pool carries (`expected `[(); N]`, found `Order``) and which placeholders
//! are one pool (`expected `Pool<[(); N]>`, found `Pool<[(); M]>``). Rounds repeat until nothing new is said.

pub(crate) mod findings;
pub mod fixups;
mod paths;
mod renames;
pub mod unused_imports;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use self::findings::Finding;
use self::paths::Written as Path;
use crate::analysis::{Answer, Refusal, distinct_types, has_hole, is_alias_use, unqualified};
use crate::analysis::{NEW_PARAMETER, is_placeholder, placeholder};
use crate::cargo_check::{self, Checked, Request};
use crate::crate_migration::{Crate, PoolId};
use crate::git;
use crate::report::{Kind, Line, plural};
use crate::verify;
use crate::write::Written;

/// The most probes of one package: each round answers what the last one made checkable (a library's pools before a
/// binary's, decoys before a trimmed name's path).
const MAX_ROUNDS: usize = 6;

/// What asking the compiler took and gave, for the report.
#[derive(Debug, Default)]
pub struct Asking {
    /// How long each probe's `cargo check` took.
    pub rounds: Vec<Duration>,
    /// Pools whose job type the compiler gave.
    pub typed: usize,
    /// Pools the compiler's answer keeps on v2.
    pub refused: usize,
}

/// [`ask`], unless a file of the package has uncommitted changes and `allow_dirty` is not given (the probes are
/// written in place): the report's line about it, if any.
pub fn ask_when_clean(
    krate: &mut Crate,
    allow_dirty: bool,
    progress: &mut dyn Write,
) -> Option<Line> {
    let manifest = krate.root.as_ref()?.join("Cargo.toml");
    let paths: Vec<PathBuf> = krate.files().map(|(p, _)| p.to_path_buf()).collect();
    if !allow_dirty && !git::dirty(&paths).is_empty() {
        return None;
    }
    krate.set_checked();
    match ask(krate, progress) {
        Ok(asking) if asking.rounds.is_empty() => None,
        Ok(asking) => {
            let took: Vec<String> = asking
                .rounds
                .iter()
                .map(|d| cargo_check::seconds(*d))
                .collect();
            let (typed, refused) = (asking.typed, asking.refused);
            let message = format!(
                "asked the compiler the job types of {} of the pools (the code does not write them): {} ({}); {typed} typed from its answers, {refused} left on v2 for want of one",
                typed + refused,
                plural(took.len(), "probe"),
                took.join(", "),
            );
            Some(Line::file(&manifest, Kind::Note, "compiler-asked", message))
        }
        Err(why) => Some(Line::file(
            &manifest,
            Kind::Error,
            "probe-failed",
            format!("{why}; the pools whose job types the code does not write stay on v2"),
        )),
    }
}

/// Asks the compiler about the pools of `krate` whose job types the syntax does not settle, and keeps the answers in
/// `krate`. The probes are written in place and put back before it returns. Errs when cargo cannot run or a file
/// cannot be put back.
pub fn ask(krate: &mut Crate, progress: &mut dyn Write) -> Result<Asking, String> {
    // Under a requirement left as it is (a range), the code is left too: a probe of 3.x code there answers nothing.
    let Some(root) = krate.root.clone().filter(|_| krate.left.is_none()) else {
        return Ok(Asking::default());
    };
    let externs = extern_names(krate);
    let parameters = type_parameters(krate);
    let mut asking = Asking::default();
    let mut state = State::default();
    let mut written = Written::default();
    // Every pool a placeholder stood for, by number.
    let mut asked_about = BTreeMap::new();
    let result = (|| -> Result<(), String> {
        for round in 1..=MAX_ROUNDS {
            let probe = krate.probe();
            asked_about.extend(probe.placeholders.clone());
            let sites = krate.probed_sites();
            if probe.placeholders.is_empty() && sites.is_empty() {
                state.leave_unanswered_sites(krate);
                break;
            }
            let mut migration = probe.migration;
            let decoys = decoy_module(&state.decoys);
            for change in migration.changes.iter_mut() {
                if change.path.extension().is_some_and(|e| e == "rs") && !decoys.is_empty() {
                    if !change.new.ends_with('\n') {
                        change.new.push('\n');
                    }
                    change.new.push_str(&decoys);
                }
            }
            verify::apply(krate, &migration, &mut written)?;
            let mut what = format!(
                "asking the compiler (probe {round}) the job types of {}",
                plural(probe.placeholders.len(), "pool")
            );
            let uses = sites.keys().filter(|n| is_alias_use(**n)).count();
            let kept = " kept for later adds or removes";
            for (n, kind, of) in [
                (sites.len() - uses, "`Worker`", kept),
                (uses, "use", " of a pool alias of several job types"),
            ] {
                if n > 0 {
                    what.push_str(&format!(" and of {}{of}", plural(n, kind)));
                }
            }
            let request = Request::new(root.join("Cargo.toml"));
            let numbers = |n: usize| probe.placeholders.contains_key(&n) || sites.contains_key(&n);
            // A probe is written not to build: its errors are the answers.
            let answered =
                |c: &Checked| plural(findings::findings(&c.diagnostics, &numbers).len(), "answer");
            let mut checked =
                cargo_check::cargo_check_showing(&request, &what, progress, &answered)?;
            asking.rounds.push(checked.duration);
            let mut found = findings::findings(&checked.diagnostics, &numbers);
            let numbers_of = |kind: fn(&Crate, &PoolId) -> bool| -> BTreeSet<usize> {
                (probe.placeholders.iter())
                    .filter(|(_, pool)| kind(krate, pool))
                    .map(|(&n, _)| n)
                    .collect()
            };
            let (generic, aliases) = (numbers_of(Crate::is_generic), numbers_of(Crate::is_alias));
            let confined = numbers_of(Crate::is_confined);
            let learn = |state: &mut State, found: &[Finding]| {
                let probed = Probed {
                    placeholders: &probe.placeholders,
                    sites: &sites,
                    generic: &generic,
                    aliases: &aliases,
                    confined: &confined,
                };
                state.learn(found, probed, &externs, &parameters)
            };
            let mut new = learn(&mut state, &found);
            // A probe rustc stops short of (a `workers_num` the rewrite left on a typed pool fails the library, so
            // the tests that use it are never checked) is fixed as the check of the output would be, and checked
            // again: what the error hid may be about a job type.
            for _ in 0..verify::FIXUP_ROUNDS {
                let fixes = fixups::fixups(&checked, &|p| verify::text_now(krate, &migration, p));
                if new || fixes.is_empty() || !verify::take_fixups(krate, &mut migration, fixes) {
                    break;
                }
                verify::apply(krate, &migration, &mut written)?;
                let what = format!("{what}, with the compiler's fixes");
                checked = cargo_check::cargo_check_showing(&request, &what, progress, &answered)?;
                asking.rounds.push(checked.duration);
                found = findings::findings(&checked.diagnostics, &numbers);
                new = learn(&mut state, &found);
            }
            krate.set_answers(state.answers.clone());
            krate.set_site_answers(state.site_answers.clone());
            if !new {
                // Nothing more to learn: what is still a question stays on v2, saying what the compiler said.
                let first = checked.first_error();
                let meets_v2 = found.is_empty() && first.as_deref().is_some_and(findings::meets_v2);
                let detail = match first {
                    Some(error) if meets_v2 => error,
                    Some(error) if found.is_empty() => {
                        format!("the probe's first error is not about a job type: {error}")
                    }
                    _ => {
                        "no job or worker of this pool reaches the compiler as a typed value".into()
                    }
                };
                let nothing = Answer::Refused(Refusal::CompilerFoundNothing { detail, meets_v2 });
                // Every pool asked about without an answer, and every one that took another's placeholder (its
                // owner has none either: `learn` passed on any it had), stays on v2 so.
                for pool in asked_about.values() {
                    let answer = state
                        .answers
                        .entry(*pool)
                        .or_insert_with(|| nothing.clone());
                    if matches!(answer, Answer::Job(job) if is_placeholder(job)) {
                        *answer = nothing.clone();
                    }
                }
                state.leave_unanswered_sites(krate);
                krate.set_answers(state.answers.clone());
                break;
            }
        }
        Ok(())
    })();
    let failed = written.restore();
    if let Some((path, e)) = failed.first() {
        return Err(format!(
            "cannot put {} back after a probe ({e})",
            path.display()
        ));
    }
    result?;
    let mut first: BTreeMap<usize, PoolId> = BTreeMap::new();
    let mut one_with = BTreeMap::new();
    for (n, pool) in asked_about {
        let value = *first.entry(state.find(n)).or_insert(pool);
        one_with.insert(pool, value);
    }
    // Each value counted once, as the summary counts it.
    let mut counted = BTreeSet::new();
    for (pool, answer) in &state.answers {
        if !counted.insert(one_with.get(pool).unwrap_or(pool)) {
            continue;
        }
        match answer {
            Answer::Job(_) | Answer::PerUse | Answer::Generic => asking.typed += 1,
            Answer::Refused(_) => asking.refused += 1,
        }
    }
    krate.set_one_with(one_with);
    Ok(asking)
}

/// The pool whose placeholder `job` is, if it is one of `placeholders`' (a site or pool that took it, see
/// [`State::learn`]).
fn owner<'p>(placeholders: &'p BTreeMap<usize, PoolId>, job: &str) -> Option<&'p PoolId> {
    (placeholders.iter())
        .find(|(n, _)| placeholder(**n) == job)
        .map(|(_, pool)| pool)
}

/// What a probe's placeholders stand for, by number.
struct Probed<'p> {
    /// The pools.
    placeholders: &'p BTreeMap<usize, PoolId>,
    /// The sites typed one by one: (unit, site).
    sites: &'p BTreeMap<usize, (usize, crate::analysis::Loc)>,
    /// The pools with a parameter of a generic function among their places ([`Crate::is_generic`]).
    generic: &'p BTreeSet<usize>,
    /// The pools that are the `Pool` of a type alias ([`Crate::is_alias`]).
    aliases: &'p BTreeSet<usize>,
    /// The pools made and used in one free function ([`Crate::is_confined`]).
    confined: &'p BTreeSet<usize>,
}

/// What the probes said so far.
#[derive(Debug, Default)]
struct State {
    /// What each placeholder met: the type as printed, and whether it is a type parameter.
    met: BTreeMap<usize, BTreeSet<(String, bool)>>,
    /// Placeholders that are one pool (a union-find by number).
    parent: BTreeMap<usize, usize>,
    /// Every pair of placeholders found to be one, from which `parent` is made (see [`State::rejoin`]).
    same: BTreeSet<(usize, usize)>,
    /// The placeholders of aliases typed use by use: they join nothing.
    per_use: BTreeSet<usize>,
    /// Names made ambiguous by decoys, so that rustc prints their paths.
    decoys: BTreeSet<String>,
    /// The answers so far.
    answers: BTreeMap<PoolId, Answer>,
    /// What each site typed one by one carries (a kept `Worker` type site, a use of an alias typed use by use),
    /// by (unit, site).
    site_answers: BTreeMap<(usize, crate::analysis::Loc), String>,
    /// The sites found to be one with a pool that stays on v2, which stay 2.x's `Worker`: (unit, site).
    sites_left: BTreeSet<(usize, crate::analysis::Loc)>,
}

impl State {
    fn find(&mut self, n: usize) -> usize {
        let p = *self.parent.get(&n).unwrap_or(&n);
        if p == n {
            return n;
        }
        let root = self.find(p);
        self.parent.insert(n, root);
        root
    }

    /// Makes the classes again from the pairs found, leaving out those of a placeholder in `apart`; returns whether
    /// they changed.
    fn rejoin(&mut self, apart: &BTreeSet<usize>) -> bool {
        let before = self.classes();
        self.parent.clear();
        let pairs: Vec<(usize, usize)> = (self.same.iter())
            .filter(|(a, b)| !apart.contains(a) && !apart.contains(b))
            .copied()
            .collect();
        for (a, b) in pairs {
            let (a, b) = (self.find(a), self.find(b));
            if a != b {
                self.parent.insert(a.max(b), a.min(b));
            }
        }
        before != self.classes()
    }

    /// Each placeholder that is one with another, by the class's smallest number.
    fn classes(&mut self) -> BTreeMap<usize, usize> {
        let numbers: Vec<usize> = self.parent.keys().copied().collect();
        numbers.into_iter().map(|n| (n, self.find(n))).collect()
    }

    /// Takes in a probe's findings; answers what they settle. Returns whether anything new was learnt.
    fn learn(
        &mut self,
        found: &[Finding],
        probed: Probed<'_>,
        externs: &BTreeSet<String>,
        type_parameters: &BTreeSet<String>,
    ) -> bool {
        let Probed {
            placeholders,
            sites,
            generic,
            aliases,
            confined,
        } = probed;
        let mut new = false;
        // A generic function's pool that meets a type of its type parameters (`J`, `(usize, J)`) carries that type:
        // the other types it meets are what its calls pass (the check says whether the function gives it others).
        let mentions = |(t, parameter): &(String, bool)| {
            *parameter
                || t.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|w| type_parameters.contains(w))
        };
        for f in found {
            if let Finding::Met {
                number,
                found,
                parameter,
            } = f
            {
                new |= (self.met.entry(*number).or_default()).insert((found.clone(), *parameter));
            }
        }
        let asked_generic = generic;
        let generic: BTreeSet<usize> = (generic.iter().copied())
            .filter(|n| self.met.get(n).is_some_and(|m| m.iter().any(mentions)))
            .collect();
        for f in found {
            if let Finding::Same(a, b) = f {
                self.same.insert((*a.min(b), *a.max(b)));
            }
        }
        // Placeholders that join nothing: a generic function's pool given its type parameter (the pools its calls
        // pass are not it), one that passes its pool to such a function (it is given the parameter in the next
        // probe), and an alias typed use by use. A pair found before either was known counts for nothing then, so
        // the classes are made again from every pair each time.
        let mut apart: BTreeSet<usize> = generic.union(&self.per_use).copied().collect();
        while let Some(n) = (self.same.iter())
            .flat_map(|&(a, b)| [(a, b), (b, a)])
            .find(|(n, m)| asked_generic.contains(n) && !apart.contains(n) && generic.contains(m))
            .map(|(n, _)| n)
        {
            apart.insert(n);
        }
        new |= self.rejoin(&apart);
        // The decoys this probe was compiled with: one a class asks for now is for the next probe.
        let decoys = self.decoys.clone();
        let mut classes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &n in placeholders.keys().chain(sites.keys()) {
            let root = self.find(n);
            classes.entry(root).or_default().push(n);
        }
        for members in classes.values() {
            let mut met: BTreeSet<(String, bool)> = members
                .iter()
                .flat_map(|n| self.met.get(n).cloned().unwrap_or_default())
                .collect();
            if members.iter().any(|n| generic.contains(n)) {
                met.retain(|m| mentions(m));
            }
            let Some(answer) = self.settle(&met, &decoys, externs, type_parameters, &mut new)
            else {
                // Pools and kept-worker sites that are one and carry nothing yet: what they carry may be given in a
                // target that compiles only once this one does (their placeholders meeting each other fail it), so
                // the others take the first pool's placeholder.
                let first = members.iter().find(|n| placeholders.contains_key(n));
                if let (Some(first), true) = (first, met.is_empty()) {
                    let same = placeholder(*first);
                    for site in members.iter().filter_map(|n| sites.get(n)) {
                        new |= self.site_answers.insert(*site, same.clone()) != Some(same.clone());
                    }
                    let others = members.iter().filter(|n| *n != first);
                    for pool in others.filter_map(|n| placeholders.get(n)) {
                        let taken = Answer::Job(same.clone());
                        new |= self.answers.insert(*pool, taken.clone()) != Some(taken);
                    }
                }
                continue;
            };
            // An alias that meets several job types names several pools: its uses are typed one by one.
            let alias = members.iter().find(|n| aliases.contains(n));
            if let (Some(alias), Answer::Refused(Refusal::CompilerFoundMixed { .. })) =
                (alias, &answer)
            {
                self.answers.insert(placeholders[alias], Answer::PerUse);
                self.per_use.insert(*alias);
                new = true;
                continue;
            }
            // Pools made and used in one free function that meet several job types are given them by its callers:
            // the function gets a type parameter for the job type.
            let mut pools = members
                .iter()
                .filter(|n| placeholders.contains_key(n))
                .peekable();
            let mixed = matches!(answer, Answer::Refused(Refusal::CompilerFoundMixed { .. }));
            if mixed && pools.peek().is_some() && pools.all(|n| confined.contains(n)) {
                for n in members {
                    if let Some(pool) = placeholders.get(n) {
                        self.answers.insert(*pool, Answer::Generic);
                    } else if let Some(site) = sites.get(n) {
                        self.site_answers.insert(*site, NEW_PARAMETER.into());
                    }
                }
                new = true;
                continue;
            }
            for n in members {
                match (placeholders.get(n), sites.get(n), &answer) {
                    (Some(pool), _, _) => {
                        self.answers.insert(*pool, answer.clone());
                    }
                    (None, Some(site), Answer::Job(job)) => {
                        self.site_answers.insert(*site, job.clone());
                    }
                    (None, Some(site), Answer::Refused(_)) => {
                        self.sites_left.insert(*site);
                    }
                    _ => {}
                }
            }
            new = true;
        }
        // A site that took a pool's placeholder takes the pool's answer.
        for job in self.site_answers.values_mut() {
            match owner(placeholders, job).and_then(|p| self.answers.get(p)) {
                Some(Answer::Job(answer)) => *job = answer.clone(),
                Some(Answer::Generic) => *job = NEW_PARAMETER.into(),
                _ => continue,
            }
            new = true;
        }
        new | self.settle_taken(placeholders)
    }

    /// A site that took a pool's placeholder that no answer replaced (the pool stays on v2) stays 2.x's `Worker`.
    fn leave_unanswered_sites(&mut self, krate: &Crate) {
        let left = (self.site_answers.iter()).filter(|(_, job)| is_placeholder(job));
        self.sites_left.extend(left.map(|(site, _)| *site));
        self.site_answers.retain(|_, job| !is_placeholder(job));
        krate.set_site_answers(self.site_answers.clone());
        krate.set_sites_left(self.sites_left.clone());
    }

    /// Each pool that took another's placeholder (see [`State::learn`]) takes that pool's answer, once it has one;
    /// returns whether any did. An alias typed use by use is not what the other pool is: it is asked on its own again.
    fn settle_taken(&mut self, placeholders: &BTreeMap<usize, PoolId>) -> bool {
        let taken: Vec<(PoolId, String)> = (self.answers.iter())
            .filter_map(|(pool, answer)| match answer {
                Answer::Job(job) if is_placeholder(job) => Some((*pool, job.clone())),
                _ => None,
            })
            .collect();
        let mut new = false;
        for (pool, job) in taken {
            match owner(placeholders, &job)
                .and_then(|owner| self.answers.get(owner))
                .cloned()
            {
                Some(Answer::Job(job)) if is_placeholder(&job) => continue,
                Some(Answer::PerUse) => self.answers.remove(&pool),
                Some(answer) => self.answers.insert(pool, answer),
                None => continue,
            };
            new = true;
        }
        new
    }

    /// The answer for one pool that met `met` in a probe compiled with the decoys `compiled_with`, if they settle it
    /// (else it asks for decoys, setting `new`).
    fn settle(
        &mut self,
        met: &BTreeSet<(String, bool)>,
        compiled_with: &BTreeSet<String>,
        externs: &BTreeSet<String>,
        type_parameters: &BTreeSet<String>,
        new: &mut bool,
    ) -> Option<Answer> {
        let mut parameters: BTreeSet<String> = met
            .iter()
            .filter(|(_, p)| *p)
            .map(|(t, _)| t.clone())
            .collect();
        parameters.extend(type_parameters.iter().cloned());
        // One type printed two ways (`Order`, `jobs::Order`, `Sender<_>` where another site says what `_` is) is one.
        // An untyped literal (`{integer}`) is a hole too, which the other side's type fills.
        let kinds = distinct_types(met.iter().map(|(t, _)| t.as_str()));
        match kinds.len() {
            0 => None,
            1 => {
                let printed = kinds.values().next()?;
                // The text without a hole, with the most of its paths and lifetimes (`&'static str` builds in a
                // field, where `&str` does not).
                let best = printed.iter().max_by_key(|t| {
                    (
                        !has_hole(t),
                        t.matches("::").count(),
                        t.matches('\'').count(),
                    )
                })?;
                match paths::written(best, externs, compiled_with, &parameters) {
                    Path::Path(text) => Some(Answer::Job(text)),
                    Path::Unnameable(what) => {
                        Some(Answer::Refused(Refusal::CompilerFoundUnnameable {
                            found: what,
                        }))
                    }
                    Path::Trimmed(names) => {
                        for name in names {
                            *new |= self.decoys.insert(name);
                        }
                        None
                    }
                }
            }
            _ => Some(Answer::Refused(Refusal::CompilerFoundMixed {
                types: kinds
                    .values()
                    .map(|texts| format!("`{}`", unqualified(texts[0])))
                    .collect(),
                through: Vec::new(),
            })),
        }
    }
}

/// A module of one hidden item per name: with it, each name is ambiguous, and rustc prints the path of the real one.
fn decoy_module(names: &BTreeSet<String>) -> String {
    if names.is_empty() {
        return String::new();
    }
    let items: String = names.iter().map(|n| format!(" pub struct {n};")).collect();
    format!(
        "#[doc(hidden)]\n#[allow(dead_code, non_camel_case_types)]\nmod __migrate_probe_names {{{items} }}\n"
    )
}

/// The names of the package's type parameters that name no item of it: a bare one of those in a printed type is the
/// parameter (decoys make items ambiguous, never a parameter).
fn type_parameters(krate: &Crate) -> BTreeSet<String> {
    #[derive(Default)]
    struct Names {
        parameters: BTreeSet<String>,
        items: BTreeSet<String>,
    }
    impl<'ast> syn::visit::Visit<'ast> for Names {
        fn visit_type_param(&mut self, p: &'ast syn::TypeParam) {
            self.parameters.insert(p.ident.to_string());
            syn::visit::visit_type_param(self, p);
        }
        fn visit_item(&mut self, item: &'ast syn::Item) {
            let name = match item {
                syn::Item::Struct(i) => Some(&i.ident),
                syn::Item::Enum(i) => Some(&i.ident),
                syn::Item::Union(i) => Some(&i.ident),
                syn::Item::Type(i) => Some(&i.ident),
                syn::Item::Trait(i) => Some(&i.ident),
                _ => None,
            };
            if let Some(name) = name {
                self.items.insert(name.to_string());
            }
            syn::visit::visit_item(self, item);
        }
    }
    let mut names = Names::default();
    for file in krate.syntax() {
        syn::visit::Visit::visit_file(&mut names, file);
    }
    names.parameters.difference(&names.items).cloned().collect()
}

/// The names the package's code calls other crates by: its dependencies (renamed ones by their key) and its own
/// library (for its binaries, tests and examples).
fn extern_names(krate: &Crate) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let Some((_, text)) = krate
        .files()
        .find(|(p, _)| p.file_name().is_some_and(|n| n == "Cargo.toml"))
    else {
        return out;
    };
    let Ok(doc) = text.parse::<toml_edit::DocumentMut>() else {
        return out;
    };
    let tables = ["dependencies", "dev-dependencies", "build-dependencies"];
    let mut add = |table: &toml_edit::Item| {
        for t in tables {
            if let Some(deps) = table.get(t).and_then(|d| d.as_table_like()) {
                out.extend(deps.iter().map(|(k, _)| k.replace('-', "_")));
            }
        }
    };
    add(doc.as_item());
    if let Some(targets) = doc.get("target").and_then(|t| t.as_table_like()) {
        for (_, target) in targets.iter() {
            add(target);
        }
    }
    for key in [["package", "name"], ["lib", "name"]] {
        if let Some(name) = doc
            .get(key[0])
            .and_then(|t| t.get(key[1]))
            .and_then(|n| n.as_str())
        {
            out.insert(name.replace('-', "_"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What one pool settles to after meeting `types` (none a type parameter).
    fn settled(types: &[&str]) -> Option<Answer> {
        let met = types.iter().map(|t| (t.to_string(), false)).collect();
        let mut new = false;
        State::default().settle(
            &met,
            &BTreeSet::new(),
            &BTreeSet::new(),
            &BTreeSet::new(),
            &mut new,
        )
    }

    #[test]
    fn a_type_printed_with_a_hole_is_the_full_type_it_fits() {
        // rustc prints `_` where it had not inferred a part yet, at one site; another site says what it is. It elides
        // a long part as `...`: a hole too, and the answer is the text without it.
        let full = "(String, std::sync::mpsc::Sender<(String, u64)>)";
        let elided = "(String, std::sync::mpsc::Sender<...>)";
        for pair in [[full, "(String, Sender<_>)"], [elided, full]] {
            let answer = settled(&pair);
            assert!(
                matches!(&answer, Some(Answer::Job(t)) if t.contains("Sender<(String, u64)>")),
                "{answer:?}"
            );
        }
        // A hole does not make two different types one.
        let answer = settled(&["(String, Sender<u64>)", "(u8, Sender<_>)"]);
        assert!(
            matches!(
                &answer,
                Some(Answer::Refused(Refusal::CompilerFoundMixed { .. }))
            ),
            "{answer:?}"
        );
    }
}
