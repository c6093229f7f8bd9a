//! Reading types: where a pool type is written, what a job type names, and what `?` converts an error into.

use std::collections::{BTreeMap, BTreeSet};

use syn::visit::Visit;
use syn::{GenericArgument, PathArguments, ReturnType, Type};

use super::model::{JobType, Loc, Scope};
use super::names::{Names, V2Item};
use super::path_names::PathNames;
use crate::source::Source;

/// Where a pool type is written: the job type goes in at `insert_at`; the 2.x name starts at `name_start`.
#[derive(Debug, Clone, Copy)]
pub struct PoolType {
    /// Offset right after `Pool`.
    pub insert_at: usize,
    /// Start of the name occurrence (`Pool`, or `workerpool` of a full path).
    pub name_start: usize,
}

/// Wrappers a pool can sit in and still be followed.
const WRAPPERS: [&str; 10] = [
    "Arc", "Rc", "Box", "LazyLock", "OnceLock", "Lazy", "OnceCell", "Option", "Mutex", "RwLock",
];

/// The pool type in `ty`, if `ty` is `Pool`, `&Pool`, `Arc<Pool>`, `Box<Pool>` ... (2.x, without type arguments).
pub fn pool_type(names: &Names, source: &Source, ty: &Type) -> Option<PoolType> {
    match ty {
        Type::Reference(r) => pool_type(names, source, &r.elem),
        Type::Paren(p) => pool_type(names, source, &p.elem),
        Type::Group(g) => pool_type(names, source, &g.elem),
        Type::Path(p) if p.qself.is_none() => {
            if let Some(res) = names.resolve(source, &p.path) {
                let seg = &p.path.segments[res.segment];
                let is_whole = res.segment + 1 == p.path.segments.len();
                return (res.item == V2Item::Pool && is_whole && seg.arguments.is_none()).then(
                    || PoolType {
                        insert_at: source.range(seg.ident.span()).end,
                        name_start: source.range(p.path.segments[0].ident.span()).start,
                    },
                );
            }
            let last = p.path.segments.last()?;
            if !WRAPPERS.contains(&last.ident.to_string().as_str()) {
                return None;
            }
            match &last.arguments {
                PathArguments::AngleBracketed(a) if a.args.len() == 1 => match &a.args[0] {
                    GenericArgument::Type(inner) => pool_type(names, source, inner),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

/// What `?` in a function converts a 2.x error into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TryTarget {
    /// Something 3.x's `DelegateError<T>` converts into too (`Box<dyn Error ..>`, `anyhow::Error`).
    Fine,
    /// `workerpool::Error`: the 3.x `Error`, which `DelegateError<T>` converts into, if the pool migrates.
    Linked {
        /// Start of the `Error` name in the return type.
        name_start: usize,
    },
    /// Another type, written as shown.
    Other(String),
    /// A type of a name of its own (`AppError`), written as shown: `?` reaches it when the crate implements
    /// `From<workerpool::Error>` for it.
    Named {
        /// The type as written.
        text: String,
        /// Its last name.
        name: String,
    },
    /// A closure without a written return type.
    Unknown,
}

/// What `?` converts into in a function returning `output`.
pub fn try_target(names: &Names, source: &Source, output: &ReturnType) -> TryTarget {
    let ReturnType::Type(_, ty) = output else {
        return TryTarget::Other("()".to_string());
    };
    let text = || source.text[source.range(syn::spanned::Spanned::span(&**ty))].to_string();
    let Type::Path(p) = &**ty else {
        return TryTarget::Other(text());
    };
    let Some(last) = p.path.segments.last() else {
        return TryTarget::Other(text());
    };
    if last.ident != "Result" {
        return TryTarget::Other(text());
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return TryTarget::Other(text());
    };
    let types: Vec<&Type> = args
        .args
        .iter()
        .filter_map(|a| match a {
            GenericArgument::Type(t) => Some(t),
            _ => None,
        })
        .collect();
    match types.as_slice() {
        // `anyhow::Result<T>`; another `Result<T>` (an import, an alias) is the compiler's to judge.
        [_] if p.path.segments[0].ident == "anyhow" => TryTarget::Fine,
        [_, err] => error_target(names, source, err).unwrap_or_else(text_of(source, err)),
        _ => TryTarget::Other(text()),
    }
}

fn text_of<'a>(source: &'a Source, ty: &'a Type) -> impl FnOnce() -> TryTarget + 'a {
    move || {
        let text = source.text[source.range(syn::spanned::Spanned::span(ty))].to_string();
        match ty {
            Type::Path(p) if p.qself.is_none() => match p.path.segments.last() {
                Some(last) if last.arguments.is_none() => TryTarget::Named {
                    text,
                    name: last.ident.to_string(),
                },
                _ => TryTarget::Other(text),
            },
            _ => TryTarget::Other(text),
        }
    }
}

fn error_target(names: &Names, source: &Source, err: &Type) -> Option<TryTarget> {
    match err {
        Type::Path(p) if p.qself.is_none() => {
            if let Some(res) = names.resolve(source, &p.path) {
                let whole = res.segment + 1 == p.path.segments.len();
                return (res.item == V2Item::Error && whole).then(|| TryTarget::Linked {
                    name_start: source.range(p.path.segments[0].ident.span()).start,
                });
            }
            if PathNames::of(&p.path).is(&["anyhow", "Error"]) {
                return Some(TryTarget::Fine);
            }
            let last = p.path.segments.last()?;
            if last.ident != "Box" {
                return None;
            }
            let PathArguments::AngleBracketed(a) = &last.arguments else {
                return None;
            };
            match a.args.first()? {
                GenericArgument::Type(Type::TraitObject(obj)) => obj
                    .bounds
                    .iter()
                    .any(|b| {
                        matches!(b, syn::TypeParamBound::Trait(t)
                        if t.path.segments.last().is_some_and(|s| s.ident == "Error"))
                    })
                    .then_some(TryTarget::Fine),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Names every program can use without importing them.
const ALWAYS_NAMEABLE: [&str; 27] = [
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
    "i128", "isize", "f32", "f64", "String", "Vec", "Box", "Option", "Result", "std", "core",
    "alloc", "crate", "ToString",
];

/// Whether `name` means the same everywhere (a primitive, a prelude type, or an absolute path root).
pub fn always_nameable(name: &str) -> bool {
    ALWAYS_NAMEABLE.contains(&name)
}

/// Reads a job type written as `ty` at `scope`. `generics` are the generic parameters in scope there.
pub fn job_type(source: &Source, ty: &Type, scope: Scope, generics: &[String]) -> JobType {
    struct FirstSegments(Vec<String>);
    impl<'ast> Visit<'ast> for FirstSegments {
        fn visit_path(&mut self, p: &'ast syn::Path) {
            if p.leading_colon.is_none()
                && let Some(first) = p.segments.first()
            {
                self.0.push(first.ident.to_string());
            }
            syn::visit::visit_path(self, p);
        }
        fn visit_lifetime(&mut self, l: &'ast syn::Lifetime) {
            if l.ident != "static" {
                self.0.push(format!("'{}", l.ident));
            }
        }
    }
    let mut found = FirstSegments(Vec::new());
    found.visit_type(ty);
    let names = found.0;
    let generic = names
        .iter()
        .any(|n| n == "Self" || n.starts_with('\'') || generics.iter().any(|g| g == n));
    let range = source.range(syn::spanned::Spanned::span(ty));
    let norm = quote::ToTokens::to_token_stream(ty).to_string();
    JobType {
        text: source.text[range.clone()].to_string(),
        norm,
        loc: Loc::new(scope.file, range.start),
        at: scope,
        names,
        generic,
    }
}

/// `text` (a type whose crate items are written from the root, `crate::render::Job`) as written in the module
/// `module` (its path from the crate root) whose file has the names `imported` in scope (see [`imports`]):
/// the items of that module by their bare names, and each path from the longest prefix a name in scope stands for
/// (`jobs::Square` beside `mod jobs;`), as a person writes them.
pub fn written_in(text: &str, module: &[String], imported: &BTreeMap<String, String>) -> String {
    let mut text = in_module(text, module);
    let mut imported: Vec<(&String, &String)> = imported.iter().collect();
    imported.sort_by_key(|(_, path)| std::cmp::Reverse(path.len()));
    for (name, path) in imported {
        // A whole path or a prefix, not a longer path's head (`crate::jobs` of `crate::jobsets::X`).
        text = with_prefixes(&text, path, |next, _| next.is_empty().then(|| name.clone()));
    }
    text
}

/// `text` as written in another crate that calls this one `library`: its paths `crate::NAME..` of the crate's own
/// `names` (what its root defines, declares or imports) start with `library::` there.
pub fn in_other_crate(text: &str, library: &str, names: &BTreeSet<String>) -> String {
    with_prefixes(text, "crate::", |name, _| {
        names.contains(name).then(|| format!("{library}::"))
    })
}

/// What a file's own `use` items bring in (not those inside functions or inline modules), by [`imports`].
#[derive(Debug, Default)]
pub struct Imports {
    /// Each name imported and each child module, by the path rustc prints for it from the crate root (`Sender` →
    /// `std::sync::mpsc::Sender`, `Order` → `crate::jobs::Order`, `jobs` → `crate::jobs`).
    pub names: BTreeMap<String, String>,
    /// The paths of the modules whose items a glob brings in (`crate::record` for `use crate::record::*;`).
    pub globs: BTreeSet<String>,
}

/// What a file of the module `module`, in another target than the library called `library` there, imports. What is
/// under a `cfg`, and paths of other crates (rustc may print them another way; but the library's, which
/// [`in_other_crate`] writes) are left out.
pub fn imports(items: &[syn::Item], module: &[String], library: Option<&str>) -> Imports {
    struct Scope<'a> {
        module: &'a [String],
        children: BTreeSet<String>,
        library: Option<&'a str>,
    }
    /// `full` (a path a `use` names) from the crate root, if this file can say.
    fn from_root(full: Vec<String>, scope: &Scope) -> Option<Vec<String>> {
        let module = scope.module;
        let here = || std::iter::once("crate".to_string()).chain(module.iter().cloned());
        // What the first segment stands for, and whether it is replaced by that.
        let (root, skip): (Vec<String>, usize) = match full.first()?.as_str() {
            "crate" | "std" | "core" | "alloc" => (Vec::new(), 0),
            lib if scope.library == Some(lib) => (Vec::new(), 0),
            "self" => (here().collect(), 1),
            "super" if !module.is_empty() => (here().take(module.len()).collect(), 1),
            // `use jobs::Order` beside `mod jobs;`: a module of this file (an extern crate of that name would make the
            // path ambiguous, which rustc rejects).
            child if scope.children.contains(child) => (here().collect(), 0),
            _ => return None,
        };
        Some(
            root.into_iter()
                .chain(full.into_iter().skip(skip))
                .collect(),
        )
    }
    fn walk(tree: &syn::UseTree, mut path: Vec<String>, scope: &Scope, out: &mut Imports) {
        let mut named = |name: &syn::Ident, last: &syn::Ident, path: &[String]| {
            let mut full = path.to_vec();
            full.push(last.to_string());
            if let Some(full) = from_root(full, scope)
                && full.len() > 1
                && last != "self"
            {
                out.names.insert(name.to_string(), full.join("::"));
            }
        };
        match tree {
            syn::UseTree::Path(p) => {
                path.push(p.ident.to_string());
                walk(&p.tree, path, scope, out);
            }
            syn::UseTree::Name(n) => named(&n.ident, &n.ident, &path),
            syn::UseTree::Rename(r) => named(&r.rename, &r.ident, &path),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    walk(tree, path.clone(), scope, out);
                }
            }
            syn::UseTree::Glob(_) => {
                if let Some(module) = from_root(path, scope) {
                    out.globs.insert(module.join("::"));
                }
            }
        }
    }
    // An import or a module under a `cfg` is not there in every build the type is.
    let uncfg = |attrs: &[syn::Attribute]| !attrs.iter().any(|a| a.path().is_ident("cfg"));
    let children: BTreeSet<String> = (items.iter())
        .filter_map(|i| match i {
            syn::Item::Mod(m) if uncfg(&m.attrs) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect();
    let scope = Scope {
        module,
        children,
        library,
    };
    let mut out = Imports::default();
    for item in items {
        let tree = match item {
            syn::Item::Use(u) if uncfg(&u.attrs) => u.tree.clone(),
            // `mod jobs;`: the module is `jobs` here.
            syn::Item::Mod(m) if uncfg(&m.attrs) => syn::UseTree::Name(syn::UseName {
                ident: m.ident.clone(),
            }),
            _ => continue,
        };
        walk(&tree, Vec::new(), &scope, &mut out);
    }
    out
}

/// `text` with the items of `module` by their bare names.
fn in_module(text: &str, module: &[String]) -> String {
    let prefix = match module {
        [] => "crate::".to_string(),
        _ => format!("crate::{}::", module.join("::")),
    };
    // An item of the module itself is written bare; a path into a module inside it keeps the prefix.
    with_prefixes(text, &prefix, |name, after| {
        (!name.is_empty() && !after.starts_with("::")).then(String::new)
    })
}

/// `text` with each path that starts with `prefix` given the prefix `with(name, after)` returns, where `name` is the
/// segment after `prefix` and `after` what follows it; `None` keeps `prefix`.
fn with_prefixes(text: &str, prefix: &str, with: impl Fn(&str, &str) -> Option<String>) -> String {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let starts_path = !rest[..at].ends_with(|c: char| ident(c) || c == ':');
        let after = &rest[at + prefix.len()..];
        let end = after.find(|c: char| !ident(c)).unwrap_or(after.len());
        let new = starts_path
            .then(|| with(&after[..end], &after[end..]))
            .flatten();
        out.push_str(&rest[..at]);
        out.push_str(new.as_deref().unwrap_or(prefix));
        rest = after;
    }
    out + rest
}

/// A type's text without its paths' qualifiers (`Vec<jobs::Order>` is `Vec<Order>`), as a report names it.
pub fn unqualified(text: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            word.clear();
        } else if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            out.push_str(&word);
            word.clear();
            out.push(c);
        }
    }
    out + &word
}

/// The key two texts of one type share however they are written: paths' qualifiers and spaces left out (`jobs::Order`
/// and `Order`, `(usize , String)` and `(usize, String)`), and a part rustc elided as too long (`Sender<...>`) a hole
/// like one it had not inferred (`Sender<_>`), and so is an untyped literal (`{float}`: the other side may say
/// `f32`). Two types of one name in two modules share it too; the check of the
/// output tells them apart. Lifetimes are left out: rustc prints one literal's type `&'static str` at one site and
/// `&str` at another, and a job type's lifetime is the check's to judge.
pub fn type_key(text: &str) -> String {
    without_lifetimes(&unqualified(&bare_trait_objects(text)))
        .split_whitespace()
        .collect::<String>()
        .replace("...", "_")
        .replace("{integer}", "_")
        .replace("{float}", "_")
}

/// `text` with each trait object that is a whole type argument written as a person writes it: rustc prints
/// `Box<(dyn FnOnce() + Send + 'static)>` where the code says `Box<dyn FnOnce() + Send>` (the parentheses are
/// needed only after `&`, and `'static` is a type argument's default object lifetime).
pub fn bare_trait_objects(text: &str) -> String {
    let mut out = text.to_string();
    let mut from = 0;
    while let Some(at) = out[from..].find("(dyn ").map(|i| from + i) {
        from = at + 1;
        let before = out[..at].trim_end();
        let close = out[at..].char_indices().scan(0i32, |depth, (i, c)| {
            *depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            Some((i, *depth))
        });
        let Some(close) = close.filter(|(_, d)| *d == 0).map(|(i, _)| at + i).next() else {
            break;
        };
        let after = out[close + 1..].trim_start();
        if !(before.ends_with(['<', ',']) && after.starts_with(['>', ','])) {
            continue;
        }
        let inner = &out[at + 1..close];
        let inner = inner
            .strip_suffix(" + 'static")
            .unwrap_or(inner)
            .to_string();
        out.replace_range(at..=close, &inner);
    }
    out
}

/// `text` without its lifetimes (`'a`, `'static`), each with the `,` after it (`Ref<'a, T>` is `Ref<T>`) or the `+`
/// before it (`dyn Fn() + 'a`), and without the `<>` a lifetime alone filled.
fn without_lifetimes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\'' {
            out.push(c);
            continue;
        }
        if let Some(bound) = out.trim_end().strip_suffix('+') {
            out.truncate(bound.trim_end().len());
        }
        while chars
            .next_if(|c| c.is_alphanumeric() || *c == '_')
            .is_some()
        {}
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        chars.next_if_eq(&',');
    }
    out.replace("<>", "")
}

/// Whether rustc printed `text` with a hole: a part it had not inferred (`_`, `{float}`) or elided (`...`).
pub fn has_hole(text: &str) -> bool {
    tokens(&type_key(text)).contains(&"_")
}

/// The distinct types among `texts`, by `type_key`, each with its texts. A type printed with a hole (`Sender<_>`:
/// rustc had not inferred that part where it printed it) that another of them fills is that one.
pub fn distinct_types<'a>(
    texts: impl IntoIterator<Item = &'a str>,
) -> BTreeMap<String, Vec<&'a str>> {
    let mut kinds: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for text in texts {
        kinds.entry(type_key(text)).or_default().push(text);
    }
    let keys: Vec<String> = kinds.keys().cloned().collect();
    for partial in keys.iter().filter(|k| has_hole(k)) {
        if let Some(full) = keys.iter().find(|f| *f != partial && fills(partial, f)) {
            let texts = kinds.remove(partial).unwrap_or_default();
            if let Some(into) = kinds.get_mut(full) {
                into.extend(texts);
            }
        }
    }
    kinds
}

/// A type key's tokens: names, and each other character.
fn tokens(key: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in key.char_indices() {
        let word = c.is_alphanumeric() || c == '_';
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(&key[s..i]);
                start = None;
            }
            _ => {}
        }
        if !word {
            out.push(&key[i..i + c.len_utf8()]);
        }
    }
    if let Some(s) = start {
        out.push(&key[s..]);
    }
    out
}

/// Whether the key `full` is the key `partial` with each hole `_` filled by one type.
fn fills(partial: &str, full: &str) -> bool {
    let (p, f) = (tokens(partial), tokens(full));
    let mut j = 0;
    for t in p {
        if t == "_" {
            let start = j;
            let mut depth = 0usize;
            while j < f.len() {
                match f[j] {
                    "," | ">" | ")" | "]" if depth == 0 => break,
                    "<" | "(" | "[" => depth += 1,
                    ">" | ")" | "]" => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            if j == start {
                return false;
            }
        } else if f.get(j) == Some(&t) {
            j += 1;
        } else {
            return false;
        }
    }
    j == f.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_of_the_module_written_in_is_named_bare() {
        let (render, none) = (["render".to_string()], BTreeMap::new());
        let written = |text, module: &[String]| written_in(text, module, &none);
        let job_out = "(crate::render::Job, Sender<crate::render::Out>)";
        assert_eq!(written(job_out, &render), "(Job, Sender<Out>)");
        for kept in [
            "crate::render::inner::Job",
            "crate::tile::Tile",
            "mycrate::render::Job",
        ] {
            assert_eq!(written(kept, &render), kept, "not an item of the module");
        }
        assert_eq!(written("crate::Job", &[]), "Job");
        assert_eq!(written("crate::jobs::Job", &[]), "crate::jobs::Job");
    }

    #[test]
    fn a_name_the_file_imports_is_written_bare() {
        let file = syn::parse_file(
            "use std::sync::mpsc::{channel, Sender};\nuse crate::jobs::Order as O;\n\
             use super::out::Out;\nuse self::inner::*;\nfn f() { use crate::x::Hidden; }\n\
             #[cfg(test)]\nuse crate::y::Y;\nmod jobs;\nuse jobs::Batch;\nuse serde::Thing;\n\
             #[cfg(test)]\nmod tests;\nuse shop::orders;",
        )
        .unwrap();
        let imported = imports(&file.items, &["render".to_string()], Some("shop")).names;
        assert_eq!(
            written_in(
                "(crate::jobs::Order, std::sync::mpsc::Sender<crate::out::Out>, crate::x::Hidden, crate::y::Y, \
                 crate::render::jobs::Batch, serde::Thing, crate::render::jobs::more::Job, \
                 crate::render::jobsets::Set, crate::render::tests::T, shop::orders::Order)",
                &["render".to_string()],
                &imported
            ),
            "(O, Sender<Out>, crate::x::Hidden, crate::y::Y, Batch, serde::Thing, jobs::more::Job, \
             crate::render::jobsets::Set, crate::render::tests::T, orders::Order)",
            "a child module, or a module the file imports, by its name"
        );
        assert_eq!(
            written_in(
                "std::sync::mpsc::SenderOf<a::std::sync::mpsc::Sender>",
                &[],
                &imported
            ),
            "std::sync::mpsc::SenderOf<a::std::sync::mpsc::Sender>",
            "only a whole path is shortened"
        );
    }

    #[test]
    fn unqualified_drops_every_paths_qualifier() {
        assert_eq!(unqualified("Vec<jobs::Order>"), "Vec<Order>");
        assert_eq!(
            unqualified("(u64, std::sync::mpsc::Sender<u64>)"),
            "(u64, Sender<u64>)"
        );
    }

    #[test]
    fn one_type_written_two_ways_or_with_a_hole_is_one() {
        let kinds = distinct_types([
            "crate::resize::ResizeJob",
            "ResizeJob",
            "(usize , String)",
            "(usize, String)",
            "(String, Vec<u8>, Sender<(String, Digest)>)",
            "(String, Vec<u8>, Sender<_>)",
            "(String, Vec<u8>, crossbeam_channel::Sender<...>)",
            "(u8, Sender<_>)",
        ]);
        let keys: Vec<&String> = kinds.keys().collect();
        assert_eq!(
            keys,
            [
                "(String,Vec<u8>,Sender<(String,Digest)>)",
                "(u8,Sender<_>)",
                "(usize,String)",
                "ResizeJob"
            ]
        );
        assert_eq!(
            kinds["(String,Vec<u8>,Sender<(String,Digest)>)"].len(),
            3,
            "the holed texts go with the one they fit"
        );
    }

    #[test]
    fn types_that_differ_only_in_lifetimes_are_one() {
        // rustc prints a string literal's type `&'static str` at a worker and `&str` at a delegate.
        let kinds = distinct_types([
            "&'static str",
            "&str",
            "Ref<'a, u8>",
            "Ref<u8>",
            "Cow<'_>",
            "Cow",
            // A boxed closure's type, printed at a worker and at a delegate.
            "Box<(dyn FnOnce() + Send + 'static)>",
            "Box<dyn FnOnce() + Send>",
        ]);
        assert_eq!(
            kinds.keys().collect::<Vec<_>>(),
            ["&str", "Box<dynFnOnce()+Send>", "Cow", "Ref<u8>"]
        );
    }

    #[test]
    fn an_untyped_literal_inside_a_type_is_a_hole_the_other_side_fills() {
        // `delegate(("x".into(), 1.0))` prints the float before the worker's `(String, f32)` settles it.
        let kinds = distinct_types(["(String, {float}, {integer})", "(String, f32, u64)"]);
        assert_eq!(kinds.keys().collect::<Vec<_>>(), ["(String,f32,u64)"]);
        assert!(has_hole("Vec<{integer}>"));
    }
}
