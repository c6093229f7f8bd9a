//! A type alias that names pools of several job types (`type Shared = Arc<Pool>` for two stages): the alias gets a
//! type parameter, `type Shared<J> = Arc<Pool<J>>`, and each use of it the job type of the pool there.

use syn::spanned::Spanned;
use syn::visit::Visit;

use super::asked::{ALIAS_USES_FROM, Answer, Asked, placeholder};
use super::decide::Decision;
use super::model::{Facts, FileId, Loc, SiteKind};
use super::{GroupId, Input};
use crate::edit::Edit;
use crate::source::Source;

/// The type parameter a pool alias is given (a parameter shadows any item of that name inside the alias only).
pub const PARAMETER: &str = "J";

/// For each migrating pool the compiler said is an alias used for several job types ([`Answer::PerUse`]): the edits
/// that give the alias its parameter and each use its job type, the compiler's answer for that use or, in a probe,
/// a placeholder of its own. Returns the placeholders written, with their uses. A use the answers miss is written
/// with no job type, which the check of the output rejects (and the pool goes back to v2).
pub fn per_use(
    files: &[Input<'_>],
    facts: &Facts,
    decision: &mut Decision,
    asked: &Asked,
) -> Vec<(usize, Loc)> {
    let mut probed = Vec::new();
    // A use's number is its place among the uses of every such alias, answered or not: the same in every round of
    // probes, so the pairs an earlier probe found still name the same uses.
    let first_number = asked.placeholder_base.map(|base| base + ALIAS_USES_FROM);
    let mut uses_seen = 0;
    for site in facts.type_sites.iter().filter(|s| s.kind == SiteKind::Type) {
        let root = facts.root(site.node);
        let per_use = matches!(asked.answers.get(&GroupId(root)), Some(Answer::PerUse));
        if !per_use || !decision.fates[&root].migrates() {
            continue;
        }
        let alias_file = site.loc.file;
        let Some(alias) = Alias::holding(&files[alias_file.index()], site.loc.offset) else {
            continue;
        };
        let name = alias.ident.to_string();
        let edit = parameter_edit(files[alias_file.index()].source, alias);
        decision.edits.entry(alias_file).or_default().push(edit);
        for (index, input) in files.iter().enumerate() {
            let file = FileId(index);
            let mut uses = Uses {
                name: &name,
                source: input.source,
                skip: (file == alias_file).then(|| input.source.range(alias.span())),
                found: Vec::new(),
            };
            uses.visit_file(input.syntax);
            for (at, insert) in uses.found {
                let loc = Loc { file, offset: at };
                uses_seen += 1;
                let job = match (asked.site_answers.get(&loc), first_number) {
                    (Some(job), _) => facts.job_written_in(index, at, job),
                    (None, Some(first)) => {
                        let n = first + uses_seen - 1;
                        probed.push((n, loc));
                        placeholder(n)
                    }
                    (None, None) => continue,
                };
                decision
                    .edits
                    .entry(file)
                    .or_default()
                    .push(insert.with(&job));
            }
        }
    }
    probed
}

/// Whether the byte `at` of `input` is in the type a `type` item stands for.
pub fn in_alias(input: &Input<'_>, at: usize) -> bool {
    Alias::holding(input, at).is_some()
}

/// The edit that gives `alias` the parameter [`PARAMETER`]: `<J>`, or `, J` after its own.
fn parameter_edit(source: &Source, alias: &syn::ItemType) -> Edit {
    let gt = alias
        .generics
        .gt_token
        .map(|gt| source.range(gt.span()).start);
    Insert::new(source, source.range(alias.ident.span()).end, gt).with(PARAMETER)
}

/// Where one more generic argument (or parameter) goes: after the last of those closed at a `>`, or as the only one.
pub(super) enum Insert {
    Arguments(usize, &'static str),
    Alone(usize),
}

impl Insert {
    /// After the arguments closed by the `>` at `gt` (`, X`, or ` X` after a trailing comma), else as `<X>` after the
    /// name that ends at `name_end`.
    pub(super) fn new(source: &Source, name_end: usize, gt: Option<usize>) -> Insert {
        match gt {
            Some(at) if source.text[..at].trim_end().ends_with(',') => Insert::Arguments(at, " "),
            Some(at) => Insert::Arguments(at, ", "),
            None => Insert::Alone(name_end),
        }
    }

    pub(super) fn with(&self, job: &str) -> Edit {
        match *self {
            Insert::Arguments(at, comma) => Edit::insert(at, format!("{comma}{job}")),
            Insert::Alone(at) => Edit::insert(at, format!("<{job}>")),
        }
    }
}

/// The `type` item of a file whose aliased type holds the byte `at` (a pool's type site).
struct Alias<'a> {
    at: usize,
    source: &'a Source,
    found: Option<&'a syn::ItemType>,
}

impl<'a> Alias<'a> {
    fn holding(input: &Input<'a>, at: usize) -> Option<&'a syn::ItemType> {
        let mut alias = Alias {
            at,
            source: input.source,
            found: None,
        };
        alias.visit_file(input.syntax);
        alias.found
    }
}

impl<'a> Visit<'a> for Alias<'a> {
    fn visit_item_type(&mut self, item: &'a syn::ItemType) {
        let range = self.source.range(item.ty.span());
        if range.start <= self.at && self.at <= range.end {
            self.found = Some(item);
        }
    }
}

/// The uses of an alias named `name` as a type in one file (`-> Shared`, `next: Shared`, `crate::Shared`), but
/// those inside the alias's own item.
struct Uses<'a> {
    name: &'a str,
    source: &'a Source,
    skip: Option<std::ops::Range<usize>>,
    found: Vec<(usize, Insert)>,
}

impl<'a> Visit<'a> for Uses<'a> {
    fn visit_type_path(&mut self, path: &'a syn::TypePath) {
        syn::visit::visit_type_path(self, path);
        let Some(last) = path.path.segments.last() else {
            return;
        };
        let start = self.source.range(last.ident.span()).start;
        if path.qself.is_some()
            || last.ident != self.name
            || self.skip.as_ref().is_some_and(|r| r.contains(&start))
        {
            return;
        }
        let gt = match &last.arguments {
            syn::PathArguments::None => None,
            syn::PathArguments::AngleBracketed(args) => {
                Some(self.source.range(args.gt_token.span()).start)
            }
            syn::PathArguments::Parenthesized(_) => return,
        };
        let name_end = self.source.range(last.ident.span()).end;
        self.found
            .push((start, Insert::new(self.source, name_end, gt)));
    }
}
