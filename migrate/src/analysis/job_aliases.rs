//! A job type the code names by an alias (`type ParseJob = (LogLine, Sender<Reply>);`) is written by that name, as its
//! author would write it, not as the compiler prints it (rustc never prints aliases).

use std::collections::HashSet;

use syn::spanned::Spanned;
use syn::visit::Visit;

use super::Input;
use super::types::{Imports, type_key};

/// A type alias of a file's own items, with no parameters and no `cfg`, that the code uses.
#[derive(Debug, Clone)]
pub struct JobAlias {
    /// The file it is declared in, by index.
    file: usize,
    /// Its module's path from the crate root.
    module: Vec<String>,
    /// Its name.
    name: String,
    /// Whether it is `pub` or `pub(crate)` (any other visibility is taken as private).
    public: bool,
    /// The [`type_key`] of the type it stands for.
    key: String,
}

/// The aliases of `files` (their modules `modules`) a job type may be written by: those whose type is more than a name
/// (`type Id = u64` names an id, not every `u64` job), named in the code at least once outside their own item.
pub fn collect(files: &[Input<'_>], modules: &[Vec<String>]) -> Vec<JobAlias> {
    let mut named = HashSet::new();
    for f in files {
        TypeNames(&mut named).visit_file(f.syntax);
    }
    let mut out = Vec::new();
    for (file, (f, module)) in files.iter().zip(modules).enumerate() {
        for item in &f.syntax.items {
            let syn::Item::Type(alias) = item else {
                continue;
            };
            let compound = matches!(&*alias.ty, syn::Type::Tuple(_))
                || matches!(&*alias.ty, syn::Type::Path(p)
                    if p.path.segments.iter().any(|s| !s.arguments.is_none()));
            let cfg = alias.attrs.iter().any(|a| a.path().is_ident("cfg"));
            let name = alias.ident.to_string();
            if !compound || cfg || !alias.generics.params.is_empty() || !named.contains(&name) {
                continue;
            }
            let written = &f.source.text[f.source.range(alias.ty.span())];
            let public = match &alias.vis {
                syn::Visibility::Public(_) => true,
                syn::Visibility::Restricted(r) => r.path.is_ident("crate"),
                syn::Visibility::Inherited => false,
            };
            out.push(JobAlias {
                file,
                module: module.clone(),
                name,
                public,
                key: type_key(written),
            });
        }
    }
    out
}

/// The alias `job` (a type written from the crate root) is written by at the top level of the file `file`, of the
/// module `module`: the one alias of that type visible there, in the same crate (`outside` says, by file, which files
/// are of another target than the library); `None` when there is none or more than one. Its path from the crate
/// root, or its bare name where a glob of the file's `imports` brings it in and no import of another item of that
/// name hides it.
pub fn alias_for(
    aliases: &[JobAlias],
    (file, module): (usize, &[String]),
    outside: &[Option<String>],
    imports: &Imports,
    job: &str,
) -> Option<String> {
    let key = type_key(job);
    let mut found = aliases.iter().filter(|a| {
        let same_crate = a.file == file || (outside[a.file].is_none() && outside[file].is_none());
        // A private item is seen in its module and below; a public one wherever its module is, which is below the
        // module's parent (a module is taken as private: its visibility is not known here).
        let seen_below = match a.public {
            true => &a.module[..a.module.len().saturating_sub(1)],
            false => &a.module[..],
        };
        same_crate && module.starts_with(seen_below) && a.key == key
    });
    let alias = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let module_path = ["crate"]
        .into_iter()
        .chain(alias.module.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("::");
    // As job types are written before `types::written_in`: from the crate root (`crate::record::ParseJob`).
    let path = format!("{module_path}::{}", alias.name);
    let globbed = imports.globs.contains(&module_path);
    let hidden = imports.names.get(&alias.name).is_some_and(|p| *p != path);
    Some(match globbed && !hidden {
        true => alias.name.clone(),
        false => path,
    })
}

/// Collects the last name of every type path (`ParseJob` in `|j: ParseJob|`, `Vec<record::ParseJob>`).
struct TypeNames<'a>(&'a mut HashSet<String>);

impl<'ast> Visit<'ast> for TypeNames<'_> {
    fn visit_type_path(&mut self, path: &'ast syn::TypePath) {
        if let Some(last) = path.path.segments.last() {
            self.0.insert(last.ident.to_string());
        }
        syn::visit::visit_type_path(self, path);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::*;
    use crate::source::Source;

    fn aliases_of(code: &str, module: &[&str]) -> Vec<JobAlias> {
        let source = Source::from_bytes(std::path::Path::new("record.rs"), code.into()).unwrap();
        let syntax = syn::parse_file(source.parsed_text()).unwrap();
        let input = Input {
            source: &source,
            syntax: &syntax,
            root_is_v2: true,
            library_root: None,
            public_api: false,
            outside_library: None,
        };
        let module: Vec<String> = module.iter().map(|m| m.to_string()).collect();
        collect(&[input], &[module])
    }

    #[test]
    fn a_job_type_is_written_by_the_one_alias_the_code_names_it_by_where_that_alias_is_seen() {
        let code = "pub type ParseJob = (LogLine, Sender<Result<Parsed, ShipError>>);\n\
                    type Private = (u8, Vec<u8>);\n\
                    pub type Id = u64;\n\
                    pub type Unused = (u16, u16);\n\
                    fn f(_: ParseJob, _: Private, _: Id) {}\n";
        let aliases = aliases_of(code, &["record"]);
        let job = "(crate::record::LogLine, std::sync::mpsc::Sender<Result<crate::record::Parsed, \
                   crate::error::ShipError>>)";
        let outside = [None];
        let none = Imports::default();
        let at = |module: &[&str], job: &str| {
            let module: Vec<String> = module.iter().map(|m| m.to_string()).collect();
            alias_for(&aliases, (0, &module), &outside, &none, job)
        };
        assert_eq!(
            at(&["shipper"], job).as_deref(),
            Some("crate::record::ParseJob")
        );
        assert_eq!(at(&[], job).as_deref(), Some("crate::record::ParseJob"));
        // A private alias is not seen from another module.
        assert_eq!(
            at(&["record"], "(u8, Vec<u8>)").as_deref(),
            Some("crate::record::Private")
        );
        assert_eq!(at(&["shipper"], "(u8, Vec<u8>)"), None);
        // A bare name is not a job type's name, nor is an alias the code never uses, nor another type.
        assert_eq!(at(&["record"], "u64"), None);
        assert_eq!(at(&["record"], "(u16, u16)"), None);
        assert_eq!(at(&["record"], "(u8, Vec<u16>)"), None);
        // Nor is an alias of another crate (the library's, in a test).
        let outside = [None, Some("lib".to_string())];
        assert_eq!(alias_for(&aliases, (1, &[]), &outside, &none, job), None);
        // Its bare name where a glob brings it in, unless an import of another item of that name hides it.
        let shipper = ["shipper".to_string()];
        let globbed = |names| {
            let globs = BTreeSet::from(["crate::record".to_string()]);
            let imports = Imports { names, globs };
            alias_for(&aliases, (0, &shipper), &[None], &imports, job)
        };
        assert_eq!(globbed(BTreeMap::new()).as_deref(), Some("ParseJob"));
        let other =
            BTreeMap::from([("ParseJob".to_string(), "crate::other::ParseJob".to_string())]);
        assert_eq!(globbed(other).as_deref(), Some("crate::record::ParseJob"));
    }

    #[test]
    fn two_aliases_of_one_type_leave_it_as_it_is() {
        let code = "pub type A = (u8, u8);\npub type B = (u8, u8);\nfn f(_: A, _: B) {}\n";
        let aliases = aliases_of(code, &[]);
        let none = Imports::default();
        assert_eq!(
            alias_for(&aliases, (0, &[]), &[None], &none, "(u8, u8)"),
            None
        );
    }
}
