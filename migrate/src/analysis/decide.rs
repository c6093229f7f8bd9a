//! Deciding, pool by pool, whether it migrates, and the edits that migrate it.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use super::asked::{Answer, Asked, placeholder};
use super::kept_workers::kept_answers;
use super::model::{
    CallKind, Facts, FileId, FnId, JobType, Loc, NodeId, SiteKind, StmtCtx, TypeSite, WorkerDecl,
    WorkerFn, WorkerId, WorkerSite,
};
use super::reasons::{Refusal, SiteChange, Warning};
use super::types::always_nameable;
use crate::edit::Edit;

/// What happens to one pool (a group of places the same pool flows through).
#[derive(Debug, Clone)]
pub struct Fate {
    /// Its job type, when it migrates.
    pub job: Option<JobType>,
    /// Why it stays on v2 (empty when it migrates).
    pub reasons: Vec<(Loc, Refusal)>,
    /// Whether the group holds a pool (not only a 2.x error type, which stays on v2 unless a pool takes it along).
    pub pool: bool,
}

impl Fate {
    /// Whether the pool migrates to 3.x.
    pub fn migrates(&self) -> bool {
        self.reasons.is_empty()
    }
}

/// The outcome for every pool of a crate.
#[derive(Debug, Default)]
pub struct Decision {
    /// Pool fates by group root.
    pub fates: BTreeMap<NodeId, Fate>,
    /// Edits by file index.
    pub edits: HashMap<FileId, Vec<Edit>>,
    /// Behaviour changes shown by the code, reported but migrated.
    pub warnings: Vec<(Loc, Warning)>,
    /// Sites (constructors, types, calls) of migrated pools, with what changes there.
    pub migrated_sites: Vec<(Loc, SiteChange)>,
    /// The pools written with a placeholder job type (a probe), by group root.
    pub probed: Vec<NodeId>,
    /// Whether the crate's workers are kept as values (see [`kept_workers`](super::kept_workers)): every `Worker` is
    /// a `SharedWorker` of its site's job type, every add and remove its `Pool` method.
    pub kept: bool,
    /// The pools held back over where their workers go, by group root: with workers kept, theirs are.
    pub kept_roots: BTreeSet<NodeId>,
    /// Whether every pool migrates, with the output checked: then every 2.x error name is 3.x's.
    pub errors_go: bool,
}

/// Reasons found so far, by group root.
type Reasons = HashMap<NodeId, Vec<(Loc, Refusal)>>;

/// Decides every pool: applies each rule below in turn (the order matters only to [`no_worker_seen`], which speaks
/// when nothing else has), then the fates and edits follow. `free_errors` are uses of `workerpool::Error` that
/// belong to no pool, and `free_workers` says whether `Worker` is named where no worker the walk follows is (a
/// `Worker::new` in a `pub fn` of another module, a `worker: Worker` parameter); the pools of `asked.forced_v2` stay on v2 whatever the code shows. What the syntax does not
/// settle is [`Refusal::NeedsCompiler`]: with the output checked, a use it does not follow is left to the check, and
/// a pool held back only by its job type takes the compiler's answer (in a probe, a placeholder); without the
/// compiler, such a pool stays on v2 with one of those reasons.
pub fn decide(
    facts: &mut Facts,
    free_errors: &[Loc],
    free_workers: bool,
    asked: &Asked,
) -> Decision {
    let forced_v2: BTreeSet<NodeId> = asked.forced_v2.iter().map(|g| g.0).collect();
    let by_worker = tie_shared_workers(facts);
    let mut reasons = Reasons::new();
    collected_refusals(facts, &mut reasons);
    let jobs = worker_rules(facts, &by_worker, &mut reasons);
    let roots: HashSet<NodeId> = (0..facts.len()).map(|n| facts.root(n)).collect();
    let pool_roots: HashSet<NodeId> = (0..facts.len())
        .filter(|n| !facts.not_pools.contains(n))
        .map(|n| facts.root(n))
        .collect();
    for &root in roots.intersection(&pool_roots) {
        let list = jobs.get(&root).cloned().unwrap_or_default();
        let r = reasons.entry(root).or_default();
        mixed_job_types(&list, r);
        no_worker_seen(facts, root, &list, r);
        job_type_nameable(facts, root, &list, r);
        untied_error(facts, root, free_errors, r);
    }
    let mut warnings = order_after_stop(facts, &mut reasons);
    warnings.extend(error_branches(facts));
    warnings.extend(never_given_worker(facts));
    warnings.extend(debug_output(facts));
    // With the output checked, workers the walk does not follow (a `Worker::new` added nowhere it sees, or a pool held
    // back over where its workers go) are kept as values, when the pools they serve show one job type (the one a
    // `Worker` type is written with); the workers the walk follows to other pools are rewritten as before.
    let mut decision = Decision {
        kept_roots: reasons
            .iter()
            .filter(|(_, r)| r.iter().any(|(_, why)| kept_answers(why)))
            .map(|(&root, _)| root)
            .collect(),
        ..Decision::default()
    };
    let loose =
        free_workers || (0..facts.workers.len()).any(|w| !by_worker.contains_key(&WorkerId(w)));
    decision.kept = asked.checked && (loose || !decision.kept_roots.is_empty());
    let tied: HashSet<NodeId> = facts.ties.iter().map(|&(_, e)| facts.root(e)).collect();
    let mut probed = Vec::new();
    for &root in &roots {
        let mut r = reasons.remove(&root).unwrap_or_default();
        if decision.kept && decision.kept_roots.contains(&root) {
            r.retain(|(_, why)| !kept_answers(why));
        }
        let pool = pool_roots.contains(&root);
        if !pool && !tied.contains(&root) {
            r.push((facts.first_seen[&root], Refusal::OnlyAnErrorType));
        }
        let mut job = None;
        let asks = |why: &Refusal| matches!(why, Refusal::NeedsCompiler { .. });
        if asked.checked {
            // A use the syntax does not follow is left to the check; a question about the job type matters only
            // when nothing else holds the pool back.
            r.retain(|(_, why)| *why != Refusal::UNFOLLOWED);
            if r.iter().any(|(_, why)| !asks(why)) {
                r.retain(|(_, why)| !asks(why));
            } else if r.is_empty() && !jobs.contains_key(&root) && pool && typed(facts, root) {
                r.push((facts.first_seen[&root], Refusal::UNSETTLED));
            }
        } else if let Some(first) = r.iter().filter(|(_, why)| asks(why)).min().cloned() {
            // Without the compiler: one reason says what it would have been asked.
            r.retain(|(_, why)| !asks(why));
            r.push(first);
        }
        let unsettled = pool && !r.is_empty() && r.iter().all(|(_, why)| asks(why));
        if unsettled {
            let at = facts.first_seen[&root];
            match asked.answers.get(&super::GroupId(root)) {
                Some(Answer::Job(text)) => {
                    r.clear();
                    job = Some(answered(text, at));
                }
                Some(Answer::Refused(why)) => r = vec![(at, through_functions(facts, root, why))],
                Some(Answer::PerUse) => {
                    r.clear();
                    job = Some(answered(super::alias_uses::PARAMETER, at));
                }
                Some(Answer::Generic) => {
                    r.clear();
                    job = Some(answered(super::new_parameter::PARAMETER, at));
                }
                None => {
                    if let Some(base) = asked.placeholder_base {
                        r.clear();
                        job = Some(answered(&placeholder(base + root), at));
                        probed.push(root);
                    }
                }
            }
        }
        if forced_v2.contains(&root) {
            r.push((facts.first_seen[&root], Refusal::PutBackByVerify));
            job = None;
        }
        // In the order of the report: by place, then text.
        r.sort_by_key(|(loc, reason)| (*loc, reason.to_string()));
        r.dedup();
        if r.is_empty() && job.is_none() {
            job = jobs.get(&root).and_then(|j| j.first().cloned());
        }
        decision.fates.insert(
            root,
            Fate {
                job,
                reasons: r,
                pool,
            },
        );
    }
    share_tied_fates(facts, &mut decision);
    // With every pool migrated nothing makes a 2.x error any more: an error type tied to no pool (an error enum's
    // variant, its `From` impl) becomes 3.x's, which `?` converts a 3.x delegate's error into. Only with the output
    // checked: where the analysis does not see a use, the check puts the pools back (and this with them).
    let pools: Vec<&Fate> = decision.fates.values().filter(|f| f.pool).collect();
    decision.errors_go = asked.checked && !pools.is_empty() && pools.iter().all(|f| f.migrates());
    if decision.errors_go {
        for fate in decision.fates.values_mut().filter(|f| !f.pool) {
            fate.reasons
                .retain(|(_, why)| !matches!(why, Refusal::OnlyAnErrorType));
        }
    }
    probed.sort();
    decision.probed = probed;
    warnings.extend(literal_jobs(facts, &decision));
    decision.warnings = warnings
        .into_iter()
        .filter(|(root, _, _)| decision.fates[root].migrates())
        .map(|(_, loc, w)| (loc, w))
        .collect();
    if asked.placeholder_base.is_none() {
        facts.type_sites.retain(|s| s.kind != SiteKind::TypedCtor);
    }
    let migrated = |node: NodeId| decision.fates[&facts.root(node)].migrates();
    for site in facts.type_sites.iter().filter(|s| migrated(s.node)) {
        let job = &decision.fates[&facts.root(site.node)].job;
        let job = job.as_ref().map_or_else(String::new, |j| j.text.clone());
        let change = match site.kind {
            SiteKind::Ctor | SiteKind::TypedCtor => SiteChange::JobTypeAtConstructor { job },
            SiteKind::Type => SiteChange::JobTypeInType { job },
        };
        decision.migrated_sites.push((site.loc, change));
    }
    for &(_, _, kind, loc) in facts.calls.iter().filter(|c| migrated(c.0)) {
        let change = match kind {
            CallKind::Delegate => SiteChange::Delegate,
            CallKind::AddWorker => SiteChange::AddWorker,
            CallKind::Stop => SiteChange::Stop,
            CallKind::Other => SiteChange::WorkersNumOrRemoveWorker,
        };
        decision.migrated_sites.push((loc, change));
    }
    // A worker whose job type the compiler gave (a helper's return type is written with it).
    for (&worker, &node) in &by_worker {
        let fate = &decision.fates[&facts.root(node)];
        if fate.migrates() && facts.workers[worker].job.is_none() {
            facts.workers[worker].job = fate.job.clone();
        }
    }
    edits(facts, &mut decision, &by_worker);
    decision
}

/// Pools tied to the error types their errors go into ([`Facts::tie`]) go to 3.x together: what holds one of them on
/// v2 holds every one (and the error types), each keeping its own job type otherwise.
fn share_tied_fates(facts: &Facts, decision: &mut Decision) {
    let mut parent: BTreeMap<NodeId, NodeId> = BTreeMap::new();
    fn find(parent: &BTreeMap<NodeId, NodeId>, mut n: NodeId) -> NodeId {
        while let Some(&p) = parent.get(&n) {
            n = p;
        }
        n
    }
    for &(pool, error) in &facts.ties {
        let (a, b) = (
            find(&parent, facts.root(pool)),
            find(&parent, facts.root(error)),
        );
        if a != b {
            parent.insert(a.max(b), a.min(b));
        }
    }
    let mut tied: BTreeMap<NodeId, Vec<NodeId>> = BTreeMap::new();
    for &root in decision.fates.keys() {
        tied.entry(find(&parent, root)).or_default().push(root);
    }
    for roots in tied.values().filter(|r| r.len() > 1) {
        let mut reasons: Vec<(Loc, Refusal)> = (roots.iter())
            .flat_map(|r| decision.fates[r].reasons.clone())
            .collect();
        reasons.sort_by_key(|(loc, why)| (*loc, why.to_string()));
        reasons.dedup();
        if reasons.is_empty() {
            continue;
        }
        for root in roots {
            let fate = decision.fates.get_mut(root).expect("a fate per root");
            fate.reasons = reasons.clone();
            fate.job = None;
        }
    }
}

/// Whether the group `root` has a place where a job type is written (a group without one, such as a lone
/// `.workers_num()` call, migrates without a job type).
fn typed(facts: &Facts, root: NodeId) -> bool {
    facts.type_sites.iter().any(|s| facts.root(s.node) == root)
}

/// A job type the compiler gave (or a probe's placeholder), first seen at `at`.
fn answered(text: &str, at: Loc) -> JobType {
    JobType {
        text: text.to_string(),
        norm: text.to_string(),
        at: super::model::Scope {
            file: at.file,
            module: String::new(),
            func: None,
        },
        names: Vec::new(),
        generic: false,
        loc: at,
    }
}

/// A worker added to several pools ties them together (one job type for all). Returns the pool of each worker.
fn tie_shared_workers(facts: &mut Facts) -> BTreeMap<WorkerId, NodeId> {
    let mut by_worker: BTreeMap<WorkerId, NodeId> = BTreeMap::new();
    for site in facts.worker_sites.clone() {
        if let Some(&other) = by_worker.get(&site.worker) {
            facts.union(other, site.node);
        }
        by_worker.insert(site.worker, site.node);
    }
    by_worker
}

/// What the walk over the bodies refused on the spot.
fn collected_refusals(facts: &Facts, reasons: &mut Reasons) {
    for &(node, loc, ref reason) in &facts.refusals {
        reasons
            .entry(facts.root(node))
            .or_default()
            .push((loc, reason.clone()));
    }
}

/// `why`, and where the compiler found the pool `root` mixed, the functions whose pool parameter or return made it one
/// pool to the tool: often a helper that serves pools of several job types (`fn make(n) -> Pool`).
fn through_functions(facts: &Facts, root: NodeId, why: &Refusal) -> Refusal {
    let Refusal::CompilerFoundMixed { types, .. } = why else {
        return why.clone();
    };
    let functions: BTreeSet<String> = (facts.places())
        .filter(|&(_, node)| facts.root(node) == root)
        .filter_map(|(key, _)| match key {
            super::model::Key::FnParam(f, _) | super::model::Key::FnRet(f) => facts.fn_names.get(f),
            _ => None,
        })
        .cloned()
        .collect();
    Refusal::CompilerFoundMixed {
        types: types.clone(),
        through: functions.into_iter().collect(),
    }
}

/// Each worker's own refusal, a worker removed but never added, and a worker removed where its handle cannot
/// reach. Returns the job types each pool's workers show.
fn worker_rules(
    facts: &Facts,
    by_worker: &BTreeMap<WorkerId, NodeId>,
    reasons: &mut Reasons,
) -> HashMap<NodeId, Vec<JobType>> {
    let mut jobs: HashMap<NodeId, Vec<JobType>> = HashMap::new();
    for (&worker, &node) in by_worker {
        let root = facts.root(node);
        let decl = &facts.workers[worker];
        let r = reasons.entry(root).or_default();
        if let Some((loc, reason)) = &decl.refusal {
            r.push((*loc, reason.clone()));
        }
        if let Some(job) = &decl.job {
            jobs.entry(root).or_default().push(job.clone());
        }
        let sites: Vec<_> = facts
            .worker_sites
            .iter()
            .filter(|s| s.worker == worker)
            .collect();
        let helper = decl.kind == WorkerFn::Helper;
        if !sites.iter().any(|s| !s.remove) || (helper && sites.iter().any(|s| s.remove)) {
            // A helper's call makes a new worker each time: removing one removes a worker never added.
            r.push((sites[0].loc, Refusal::UNFOLLOWED_WORKER));
        }
        // `let w = helper(..)` moves into one add_worker: added twice, or from a loop or closure, it would move twice
        // (a kept worker, whose job type the compiler says).
        for site in sites.iter().filter(|s| s.bound.is_some()) {
            if reused_helper_binding(site, &sites) {
                r.push((site.loc, Refusal::UNFOLLOWED_WORKER));
            }
        }
        if helper && decl.call.is_empty() && decl.refusal.is_none() {
            // The helper's body does not end with `Worker::new(f)`.
            r.push((sites[0].loc, Refusal::UNSETTLED));
        }
        // A worker added in a closure is handed over in a form that can be added again (a copy, a clone or an Arc),
        // but a handle kept for remove_worker cannot leave the closure.
        let removed = sites.iter().any(|s| s.remove);
        for site in &sites {
            if removed
                && (site.depth.closures != decl.depth.closures || site.ctx == StmtCtx::ClosureBody)
            {
                r.push((site.loc, Refusal::UNFOLLOWED_WORKER));
            }
        }
    }
    jobs
}

/// Whether the `let w = helper(..)` that `site` adds is added more than once, or from a loop or closure inside the
/// one where it is bound.
fn reused_helper_binding(site: &WorkerSite, sites: &[&WorkerSite]) -> bool {
    let Some((b, depth)) = site.bound else {
        return false;
    };
    let uses = sites
        .iter()
        .filter(|s| s.bound.is_some_and(|o| o.0 == b))
        .count();
    uses > 1 || site.depth != depth
}

/// Workers of several job types: which one the pool takes (or that 3.x cannot have it) is the compiler's to say.
fn mixed_job_types(list: &[JobType], r: &mut Vec<(Loc, Refusal)>) {
    if list.iter().any(|j| j.norm != list[0].norm) {
        r.push((list[0].loc, Refusal::UNSETTLED));
    }
}

/// A pool no worker is seen added to has no job type; said only when no other reason explains it. Where its delegate's
/// result is checked, the code most likely tests 2.x's `NoWorkers`, and the reason says so.
fn no_worker_seen(facts: &Facts, root: NodeId, list: &[JobType], r: &mut Vec<(Loc, Refusal)>) {
    if !list.is_empty() || !r.is_empty() || !typed(facts, root) {
        return;
    }
    let checked = facts
        .checked_delegates
        .iter()
        .filter(|(node, _)| facts.root(*node) == root)
        .map(|&(_, loc)| loc)
        .min();
    r.push(match checked {
        Some(loc) => (loc, Refusal::NoWorkerDelegateChecked),
        None => (facts.first_seen[&root], Refusal::UNSETTLED),
    });
}

/// Every site that gets the job type must be able to name it.
fn job_type_nameable(facts: &Facts, root: NodeId, list: &[JobType], r: &mut Vec<(Loc, Refusal)>) {
    let Some(job) = list.first() else { return };
    for site in facts
        .type_sites
        .iter()
        .filter(|s| facts.root(s.node) == root)
    {
        if !nameable(job, site) {
            r.push((site.loc, Refusal::UNSETTLED));
        }
    }
}

/// `?` on this pool's delegate converts into `workerpool::Error`, which the crate also uses in a way no pool owns:
/// whether that use takes 3.x's error is the check's to say.
fn untied_error(facts: &Facts, root: NodeId, free_errors: &[Loc], r: &mut Vec<(Loc, Refusal)>) {
    let linked = facts.error_links.iter().any(|&n| facts.root(n) == root);
    if linked && let Some(&free) = free_errors.first() {
        r.push((free, Refusal::UNFOLLOWED));
    }
}

/// A delegate of an unsuffixed literal to a pool whose job type is another number type: 2.x's worker could not take
/// it (a warning, with the pool's root).
fn literal_jobs(facts: &Facts, decision: &Decision) -> Vec<(NodeId, Loc, Warning)> {
    const INTEGERS: [&str; 11] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i64", "i128", "isize",
    ];
    let mut out = Vec::new();
    for &(node, loc, was) in &facts.literal_jobs {
        let root = facts.root(node);
        let Some(job) = decision.fates.get(&root).and_then(|f| f.job.as_ref()) else {
            continue;
        };
        let other = match was {
            "i32" => INTEGERS.contains(&job.text.as_str()),
            _ => job.text == "f32",
        };
        if other {
            let job = job.text.clone();
            out.push((root, loc, Warning::UntypedLiteralJob { was, job }));
        }
    }
    out
}

/// Where a pool's `Debug` output is shown (a type deriving `Debug` that holds it, a `{:?}` of it): what is printed
/// changes with the pool's `Debug` (a warning, with the pool's root, once per place).
fn debug_output(facts: &Facts) -> Vec<(NodeId, Loc, Warning)> {
    let mut out: Vec<(NodeId, Loc, Warning)> = Vec::new();
    for &(node, loc) in &facts.debug_shown {
        if !out.iter().any(|(_, at, _)| *at == loc) {
            out.push((facts.root(node), loc, Warning::DebugOutput));
        }
    }
    out
}

/// A matched delegate result, or one kept as 2.x's type: its error comes for another cause in 3.x (a warning, with the
/// pool's root).
fn error_branches(facts: &Facts) -> Vec<(NodeId, Loc, Warning)> {
    let matched = facts
        .matched_errors
        .iter()
        .map(|&(node, loc)| (node, loc, Warning::ErrorBranch));
    let mapped = facts
        .mapped_results
        .iter()
        .map(|&(node, loc)| (node, loc, Warning::MappedResult));
    matched
        .chain(mapped)
        .map(|(node, loc, w)| (facts.root(node), loc, w))
        .collect()
}

/// Order inside one function: add_worker after stop restarts a 2.x pool, which 3.x cannot (a refusal); delegate
/// after stop behaves differently (a warning, returned with the pool's root).
fn order_after_stop(facts: &Facts, reasons: &mut Reasons) -> Vec<(NodeId, Loc, Warning)> {
    let mut warnings = Vec::new();
    let mut stops: HashMap<(NodeId, FnId), Loc> = HashMap::new();
    for &(node, func, kind, loc) in &facts.calls {
        if kind == CallKind::Stop {
            let e = stops.entry((facts.root(node), func)).or_insert(loc);
            *e = (*e).min(loc);
        }
    }
    for &(node, func, kind, loc) in &facts.calls {
        let root = facts.root(node);
        let Some(&stop) = stops.get(&(root, func)) else {
            continue;
        };
        if loc <= stop {
            continue;
        }
        match kind {
            CallKind::AddWorker => reasons
                .entry(root)
                .or_default()
                .push((loc, Refusal::AddAfterStop)),
            CallKind::Delegate => warnings.push((root, loc, Warning::DelegateAfterStop)),
            CallKind::Stop | CallKind::Other => {}
        }
    }
    warnings
}

/// A pool `Pool::new` makes whose value goes only into the parameters of functions, and from those only into more
/// parameters, none of which is given a worker, while something delegates to it: every such delegate failed with
/// `NoWorkers` in 2.x and queues in 3.x. Said only where every place of the group is tied to this one by a followed
/// flow, so that no way the pool could get a worker goes unseen.
fn never_given_worker(facts: &Facts) -> Vec<(NodeId, Loc, Warning)> {
    let mut out = Vec::new();
    for &made in &facts.made {
        let root = facts.root(made);
        let group: HashSet<NodeId> = (0..facts.len())
            .filter(|&n| facts.root(n) == root && !facts.not_pools.contains(&n))
            .collect();
        // Tied by flows, in either direction; then where this value itself goes.
        let reach = |directed: bool| {
            let mut seen = HashSet::from([made]);
            let mut todo = vec![made];
            while let Some(n) = todo.pop() {
                for &(from, to) in &facts.flows {
                    let next = match (from == n, to == n && !directed) {
                        (true, _) => to,
                        (false, true) => from,
                        _ => continue,
                    };
                    if seen.insert(next) {
                        todo.push(next);
                    }
                }
            }
            seen
        };
        if reach(false) != group || facts.flows.iter().any(|&(_, to)| to == made) {
            continue;
        }
        let places = reach(true);
        let only_params = places.iter().all(|&n| n == made || facts.is_param(n));
        let on_it = |kind: CallKind| {
            facts
                .calls
                .iter()
                .any(|&(n, _, k, _)| k == kind && places.contains(&n))
        };
        let given = on_it(CallKind::AddWorker)
            || facts.worker_sites.iter().any(|s| places.contains(&s.node));
        if only_params && !given && on_it(CallKind::Delegate) {
            out.push((root, facts.first_seen[&made], Warning::NeverGivenWorker));
        }
    }
    out
}

/// Whether `job` (written at the worker) certainly means the same type written at `site`: in the same function, in
/// the same module, or made only of names that mean the same everywhere. Anywhere else it is the compiler's to say
/// which path names it there.
fn nameable(job: &JobType, site: &TypeSite) -> bool {
    let (here, there) = (&job.at, &site.scope);
    if here.file == there.file && here.func.is_some() && here.func == there.func {
        return true;
    }
    !job.generic
        && ((here.file == there.file && here.module == there.module)
            || job.names.iter().all(|n| always_nameable(n)))
}

fn edits(facts: &Facts, decision: &mut Decision, by_worker: &BTreeMap<WorkerId, NodeId>) {
    let migrates = |node: NodeId| decision.fates[&facts.root(node)].migrates();
    let mut out: HashMap<FileId, Vec<Edit>> = HashMap::new();
    let kept = |node: NodeId| decision.kept && decision.kept_roots.contains(&facts.root(node));
    for (node, file, edit) in &facts.cond_edits {
        if migrates(*node) {
            out.entry(*file).or_default().push(edit.clone());
        }
    }
    for site in &facts.type_sites {
        let fate = &decision.fates[&facts.root(site.node)];
        if let Some(job) = &fate.job {
            let job = facts.job_written_in(site.loc.file.index(), site.loc.offset, &job.text);
            let text = match site.kind {
                SiteKind::Ctor | SiteKind::TypedCtor => format!("::<{job}>"),
                SiteKind::Type => format!("<{job}>"),
            };
            out.entry(site.loc.file)
                .or_default()
                .push(Edit::insert(site.loc.offset, text));
        }
    }
    for (&worker, &node) in by_worker {
        if kept(node) {
            // Written out by `kept_workers`, with the `Worker`s the walk does not follow.
            continue;
        }
        if migrates(node) && facts.workers[worker].helper_ret.is_some() {
            helper_edits(facts, worker, &mut out);
        } else if migrates(node) {
            worker_edits(
                facts,
                worker,
                &facts.workers[worker],
                out.entry(facts.workers[worker].scope.file).or_default(),
            );
        }
    }
    decision.edits = out;
}

/// How a worker function is handed to add_worker.
#[derive(PartialEq, Eq)]
enum Form {
    /// Moved in: added once.
    Move,
    /// A Copy value (a function, or a closure that captures nothing) added several times.
    Copy,
    /// A closure that captures only `Clone` values, added several times: `w.clone()` at each add.
    Clone,
    /// A capturing closure added several times: shared through an Arc, as 2.x did.
    Arc,
}

/// `fn f(..) -> Worker { Worker::new(g) }` becomes `fn f(..) -> impl FnMut(T) + Send + 'static { g }`, and each
/// `add_worker(&f(..))` (in any file) `add_worker(f(..))`.
fn helper_edits(facts: &Facts, id: WorkerId, out: &mut HashMap<FileId, Vec<Edit>>) {
    let w = &facts.workers[id];
    let (Some(ret), Some(job)) = (&w.helper_ret, &w.job) else {
        return;
    };
    let adds: Vec<_> = facts
        .worker_sites
        .iter()
        .filter(|s| s.worker == id)
        .collect();
    let here = out.entry(w.scope.file).or_default();
    let ty = format!("impl FnMut({}) + Send + 'static", job.text);
    here.push(Edit::replace(ret.clone(), ty));
    here.push(Edit::delete(w.call.start..w.func.start));
    here.push(Edit::delete(w.func.end..w.call.end));
    for add in &adds {
        let there = out.entry(add.loc.file).or_default();
        there.push(Edit::delete(add.arg.start..add.arg_inner));
        finish_add(add, there);
    }
}

fn worker_edits(facts: &Facts, id: WorkerId, w: &WorkerDecl, out: &mut Vec<Edit>) {
    let sites: Vec<_> = facts
        .worker_sites
        .iter()
        .filter(|s| s.worker == id)
        .collect();
    let adds: Vec<_> = sites.iter().filter(|s| !s.remove).collect();
    let removes: Vec<_> = sites.iter().filter(|s| s.remove).collect();
    let Some(name) = &w.name else {
        // add_worker(&Worker::new(f)) -> add_worker(f)
        for add in &adds {
            out.push(Edit::delete(add.arg.start..w.func.start));
            out.push(Edit::delete(w.func.end..add.arg.end));
            finish_add(add, out);
        }
        return;
    };
    let single = adds.len() == 1 && adds[0].depth == w.depth;
    let form = match (single, w.kind) {
        (true, _) => Form::Move,
        (false, WorkerFn::FnPath | WorkerFn::Closure) => Form::Copy,
        (false, WorkerFn::CloneClosure) => Form::Clone,
        (false, _) => Form::Arc,
    };
    if form == Form::Arc {
        out.push(Edit::replace(
            w.call.start..w.func.start,
            "std::sync::Arc::new(",
        ));
    } else {
        out.push(Edit::delete(w.call.start..w.func.start));
        out.push(Edit::delete(w.func.end..w.call.end));
    }
    let arg = match form {
        Form::Arc => {
            format!("{{ let {name} = std::sync::Arc::clone(&{name}); move |job| {name}(job) }}")
        }
        Form::Clone => format!("{name}.clone()"),
        Form::Move | Form::Copy => name.clone(),
    };
    let single_handle = single
        && adds[0].ctx == StmtCtx::Semi
        && adds[0].block == w.block
        && removes.iter().all(|r| r.outer.start > adds[0].outer.end);
    let handle = fresh(&format!("{name}_handle"), &w.taken);
    let handles = fresh(&format!("{name}_handles"), &w.taken);
    if !removes.is_empty() && !single_handle {
        let (at, indent, newline) = &w.after_let;
        out.push(Edit::insert(
            *at,
            format!("{newline}{indent}let mut {handles} = Vec::new();"),
        ));
    }
    for add in &adds {
        out.push(Edit::replace(add.arg.clone(), arg.clone()));
        if removes.is_empty() {
            finish_add(add, out);
        } else if single_handle {
            out.push(Edit::delete(add.call.end..add.outer.end));
            out.push(Edit::insert(add.outer.start, format!("let {handle} = ")));
        } else {
            if add.ctx == StmtCtx::DeadCheck {
                // The `;` right after the call: a comment of the dropped branch must not swallow it.
                out.push(Edit::delete(add.outer.start..add.call.start));
                out.push(Edit::insert(add.call.start, format!("{handles}.push(")));
                out.push(Edit::replace(add.call.end..add.outer.end, ");"));
            } else {
                out.push(Edit::insert(add.outer.start, format!("{handles}.push(")));
                out.push(Edit::insert(add.call.end, ")"));
                out.push(Edit::delete(add.call.end..add.outer.end));
                if add.ctx == StmtCtx::ResultTail {
                    out.push(Edit::insert(add.outer.end, ";"));
                }
            }
        }
    }
    for remove in &removes {
        if single_handle {
            out.push(Edit::replace(
                remove.outer.clone(),
                format!("{handle}.remove()"),
            ));
        } else {
            let end = remove.semi_end.unwrap_or(remove.outer.end);
            let body = match &remove.own_line {
                // A statement of its own line is laid out as a person writes it, one level deeper inside.
                Some((indent, newline)) => {
                    let inner = indent_one_more(indent);
                    format!("{newline}{inner}handle.remove();{newline}{indent}")
                }
                None => " handle.remove(); ".to_string(),
            };
            out.push(Edit::replace(
                remove.outer.start..end,
                format!("if let Some(handle) = {handles}.pop() {{{body}}}"),
            ));
        }
    }
}

/// Drops the `?` / `.unwrap()` of an add_worker whose handle is not kept, and ends a tail expression with `;`.
fn finish_add(add: &super::model::WorkerSite, out: &mut Vec<Edit>) {
    match add.semi_end {
        // Up to the `;`, so that a comment between the call and its `;` ends up after the `;`.
        Some(end) if add.ctx == StmtCtx::Semi => out.push(Edit::replace(add.call.end..end, ";")),
        // The `;` right after the call, before any comment of the dropped branch.
        _ if add.ctx == StmtCtx::DeadCheck => {
            out.push(Edit::replace(add.call.end..add.outer.end, ";"))
        }
        _ => out.push(Edit::delete(add.call.end..add.outer.end)),
    }
    match add.ctx {
        StmtCtx::Tail | StmtCtx::ResultTail => out.push(Edit::insert(add.outer.end, ";")),
        // The closure returned what 2.x's add_worker returned; it must not return the 3.x WorkerHandle.
        StmtCtx::ClosureBody => {
            out.push(Edit::insert(add.outer.start, "{ "));
            out.push(Edit::insert(add.outer.end, "; }"));
        }
        // `if let Err(e) = pool.add_worker(&w) { .. }`: the condition's call is the statement left.
        StmtCtx::DeadCheck => out.push(Edit::delete(add.outer.start..add.call.start)),
        StmtCtx::Semi | StmtCtx::LetUnderscore => {}
    }
}

/// The indentation of a line one level inside a line indented by `indent`: a tab more where it uses tabs.
fn indent_one_more(indent: &str) -> String {
    let unit = if indent.starts_with('\t') {
        "\t"
    } else {
        "    "
    };
    format!("{indent}{unit}")
}

/// `base`, or `base2`, `base3` ... whichever the function does not use yet.
fn fresh(base: &str, taken: &[String]) -> String {
    if !taken.iter().any(|t| t == base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base}{i}"))
        .find(|c| !taken.iter().any(|t| t == c))
        .expect("unbounded")
}
