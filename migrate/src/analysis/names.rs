//! Which names in a file mean the 2.x items (`Pool`, `Worker`, `Error`, `Job`), and where each of them occurs.

use std::ops::Range;
use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};
use syn::UseTree;

use crate::source::Source;

/// An item of the 2.x API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum V2Item {
    /// The untyped pool.
    Pool,
    /// A worker function.
    Worker,
    /// The 2.x error (`NoWorkers`).
    Error,
    /// `Box<dyn Any + Send>`.
    Job,
}

impl V2Item {
    /// The item's name in the crate.
    pub fn name(self) -> &'static str {
        match self {
            V2Item::Pool => "Pool",
            V2Item::Worker => "Worker",
            V2Item::Error => "Error",
            V2Item::Job => "Job",
        }
    }

    fn from_name(name: &str) -> Option<V2Item> {
        match name {
            "Pool" => Some(V2Item::Pool),
            "Worker" => Some(V2Item::Worker),
            "Error" => Some(V2Item::Error),
            "Job" => Some(V2Item::Job),
            _ => None,
        }
    }
}

/// Where a name of the 2.x API is taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Module {
    /// The crate root, `workerpool::X` (2.x itself).
    Root,
    /// The compatibility module of 3.x, `workerpool::v2::X`.
    V2,
}

/// One leaf of a `use` tree under `workerpool`.
#[derive(Debug, Clone)]
pub struct Leaf {
    /// The imported item (None for `self`, `*` or names that are not 2.x items).
    pub item: Option<V2Item>,
    /// Where it is imported from now.
    pub module: Module,
    /// The text after the module path: `Pool`, `Pool as P`, `*`, `self`, `Other`.
    pub text: String,
    /// The name it is known by in the file (None for globs and `self`).
    pub alias: Option<String>,
    /// Whether it is a glob (`*`).
    pub glob: bool,
    /// Bytes of the leaf in the `use` item (`Pool`, `Pool as P`, `*`).
    pub range: Range<usize>,
}

/// A `use` item whose tree names `workerpool`.
#[derive(Debug, Clone)]
pub struct UseItem {
    /// Bytes from the visibility (or `use`) to the `;`, which a rewrite replaces.
    pub range: Range<usize>,
    /// Bytes of the whole item with its attributes, which dropping the import removes.
    pub item_range: Range<usize>,
    /// `pub `, `pub(crate) ` or empty.
    pub vis: String,
    /// `workerpool` or `::workerpool`.
    pub root: String,
    /// The leaves under `workerpool`.
    pub leaves: Vec<Leaf>,
    /// Leaves of the same tree that do not start at `workerpool`, printed back as they were.
    pub others: Vec<String>,
    /// Whether the item is `pub use` (a re-export other crates may depend on).
    pub reexport: bool,
}

impl UseItem {
    /// Whether it is `pub use` (not `pub(crate) use`): in a library, the crate's public API.
    pub fn public(&self) -> bool {
        self.vis.trim() == "pub"
    }
}

/// An imported 2.x item: (item, index of the use item, index of the leaf).
pub type Imported = (V2Item, usize, usize);

/// The 2.x names of one file.
#[derive(Debug, Default)]
pub struct Names {
    /// Import items naming workerpool.
    pub uses: Vec<UseItem>,
    /// Names brought in by `use`: (name, the block or module the `use` is in, (item, use item, leaf)).
    pub aliases: Vec<(String, Range<usize>, Imported)>,
    /// Globs that bring every 2.x item into scope: (the block or module they are in, (use item, leaf)).
    pub globs: Vec<(Range<usize>, (usize, usize))>,
    /// Whether `workerpool::X` at the crate root means the 2.x item.
    pub root_is_v2: bool,
    /// Names the file defines itself or imports from elsewhere (a local `struct Pool`, `use std::error::Error`),
    /// with the block or module they are in: they hide a workerpool import there.
    pub defined: Vec<(String, Range<usize>)>,
    /// Inline modules' bodies and the whole file: a name imported outside a module is not seen inside it.
    pub modules: Vec<Range<usize>>,
    /// The path of each of [`Names::modules`] inside the file (`[]` for the file, `["tests"]`).
    pub module_paths: Vec<Vec<String>>,
    /// The imports of names that do not come from `workerpool` (from the crate's modules, among others).
    pub crate_imports: Vec<CrateImport>,
    /// 2.x names imported from modules of the crate that re-export them (see [`super::reexports`]).
    pub reexported: Vec<Reexported>,
    /// Imports from the parent module (`use super::*`, `use super::Pool as P`), with the block or module they are
    /// in: a name they bring in means what it means in the parent (a test module sees its parent's imports).
    pub from_parent: Vec<FromParent>,
    /// Whether the file imports with a glob from this crate (`use super::*`, `use crate::m::*`, `use self::m::*`).
    pub crate_glob: bool,
    /// The blocks or modules where `anyhow::Context` is imported (by name or by `use anyhow::*`).
    pub anyhow_context: Vec<Range<usize>>,
    /// `std::sync::mpsc::channel` / `sync_channel` imported by name: the name it is known by, and the block or
    /// module the `use` is in.
    pub std_channels: Vec<(String, Range<usize>)>,
    /// `use workerpool as wp;`: the name the crate is known by, and the block or module the `use` is in. A path
    /// `wp::Pool` means what `workerpool::Pool` means.
    pub crate_aliases: Vec<(String, Range<usize>)>,
    /// The names of [`Names::crate_aliases`] that other modules see (`pub use workerpool as wp;`), as paths from the
    /// file's module (`["wp"]`, `["net", "wp"]` inside `mod net`).
    pub exported_crates: Vec<Vec<String>>,
    /// Where the file declares file modules (`mod engine;`). Only from one of those can a glob in another file reach
    /// this file's private imports: a private `use` is seen by its own module and the modules inside it, never by a
    /// parent, a sibling or another crate (see [`Names::seen_by_other_files`]).
    pub file_module_decls: Vec<usize>,
}

/// The crate's re-exports of `workerpool` under another name (`pub use workerpool as wp;` in `src/lib.rs`), seen
/// from one file: there, `use crate::wp;` and `use mylib::wp::Pool;` go through the re-export to the crate.
#[derive(Debug, Default, Clone)]
pub struct CrateReexports {
    /// The re-exports, as paths from the crate root (`["wp"]`).
    pub paths: Vec<Vec<String>>,
    /// The file's module path from the crate root.
    pub file_module: Vec<String>,
    /// The name the package's other targets call the library by.
    pub library: Option<String>,
}

impl CrateReexports {
    /// Whether `path`, written in the inline module `inline` of the file, names one of the re-exports.
    fn names_one(&self, path: &[String], inline: &[String]) -> bool {
        let here: Vec<String> = self.file_module.iter().chain(inline).cloned().collect();
        !self.paths.is_empty()
            && super::reexports::candidates(path, &here, self.library.as_deref())
                .iter()
                .any(|c| self.paths.contains(c))
    }
}

/// A `use super::..` leaf: which name it brings in from the parent module, and under which name.
#[derive(Debug, Clone)]
pub struct FromParent {
    /// The name in the parent; None for a glob.
    pub name: Option<String>,
    /// The name it is known by here (the same, or the `as` rename); None for a glob.
    pub alias: Option<String>,
    /// The block or module the `use` is in.
    pub container: Range<usize>,
}

/// How an occurrence of a 2.x name is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// A bare name brought in by `use` item `.0`, leaf `.1`.
    Import(usize, usize),
    /// A full path `workerpool::X` or `workerpool::v2::X`.
    Path(Module),
    /// A bare name imported from a module of the crate that re-exports the item (`use crate::prelude::*;`).
    Reexport(Origin),
}

/// Where a 2.x item imported from another module of the crate is re-exported: the leaf of a `use` item that names
/// `workerpool`, in file `file` (an index into the crate's files).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The file of the re-export.
    pub file: usize,
    /// Its `use` item, an index into that file's [`Names::uses`].
    pub use_item: usize,
    /// Its leaf.
    pub leaf: usize,
    /// Where the leaf imports from.
    pub module: Module,
}

/// A 2.x name this file imports from a module of the crate that re-exports it.
#[derive(Debug, Clone)]
pub struct Reexported {
    /// The name it is known by here.
    pub name: String,
    /// The block or module the import is in.
    pub container: Range<usize>,
    /// The item.
    pub item: V2Item,
    /// Where it is re-exported.
    pub origin: Origin,
    /// Whether it comes in through a glob (`use crate::prelude::*`), which a name of the module hides.
    pub glob: bool,
}

/// A leaf of a `use` item that does not name `workerpool` (`use crate::prelude::*`, `use super::Pool as P`).
#[derive(Debug, Clone)]
pub struct CrateImport {
    /// The segments before the leaf (`crate`, `prelude`).
    pub path: Vec<String>,
    /// The name imported (None for a glob).
    pub name: Option<String>,
    /// The name it is known by here (None for a glob).
    pub alias: Option<String>,
    /// The block or module the `use` is in.
    pub container: Range<usize>,
    /// Whether the `use` is visible to other modules (`pub use`, `pub(crate) use`): it re-exports what it imports.
    pub visible: bool,
}

/// One occurrence of a 2.x name in the file.
#[derive(Debug, Clone)]
pub struct NameUse {
    /// The item.
    pub item: V2Item,
    /// Bytes of the name (`Pool`) or of the whole path (`workerpool::v2::Pool`).
    pub range: Range<usize>,
    /// How it is written.
    pub via: Via,
}

/// A resolved path prefix: which item, and at which segment it is named.
#[derive(Debug, Clone, Copy)]
pub struct Resolved {
    /// The item.
    pub item: V2Item,
    /// Index of the segment that names the item.
    pub segment: usize,
}

impl Names {
    /// Whether `name` written at `offset` means `std::sync::mpsc::channel` or `sync_channel`, through a `use`.
    pub fn is_std_channel(&self, name: &str, offset: usize) -> bool {
        self.std_channels
            .iter()
            .any(|(n, container)| n == name && container.contains(&offset))
    }

    /// Whether another file's glob may reach the `use` item `u`: its module (or one inside it) declares a file module.
    pub fn seen_by_other_files(&self, u: usize) -> bool {
        (self.module_at(self.uses[u].range.start))
            .is_some_and(|module| self.file_module_decls.iter().any(|d| module.contains(d)))
    }

    /// The innermost module (an inline module's body, or the whole file) around `at`: its index in
    /// [`Names::modules`].
    pub fn module_index(&self, at: usize) -> Option<usize> {
        (0..self.modules.len())
            .filter(|&m| self.modules[m].contains(&at))
            .min_by_key(|&m| self.modules[m].len())
    }

    fn module_at(&self, at: usize) -> Option<&Range<usize>> {
        self.module_index(at).map(|m| &self.modules[m])
    }

    /// The names the file's top level imports or defines itself (2.x items by `use`, other imports, its own items).
    pub fn own_names(&self) -> Vec<&str> {
        let whole = self.modules.first();
        let top = |r: &Range<usize>| Some(r) == whole;
        self.aliases
            .iter()
            .filter(|(_, r, _)| top(r))
            .map(|(n, _, _)| n.as_str())
            .chain(
                self.defined
                    .iter()
                    .filter(|(_, r)| top(r))
                    .map(|(n, _)| n.as_str()),
            )
            .collect()
    }

    /// Whether `name` written at `offset` is the crate `workerpool` under another name (`use workerpool as wp;`).
    pub fn is_crate_alias(&self, name: &str, offset: usize) -> bool {
        // As any import, it is seen in its own module only, not in the modules inside it.
        let Some(module) = self.module_at(offset) else {
            return false;
        };
        self.crate_aliases.iter().any(|(n, r)| {
            n == name && r.contains(&offset) && r.start >= module.start && r.end <= module.end
        })
    }

    /// Whether anyhow's `Context` trait is in scope at `offset` (so `.context(..)` is anyhow's).
    pub fn has_anyhow_context(&self, offset: usize) -> bool {
        self.anyhow_context.iter().any(|c| c.contains(&offset))
    }

    /// Collects the imports of `file`. `root_is_v2` says whether the crate depends on 2.x; `crates` are the crate's
    /// re-exports of `workerpool` under other names (none known on a first pass).
    pub fn collect(
        source: &Source,
        file: &syn::File,
        root_is_v2: bool,
        crates: &CrateReexports,
    ) -> Names {
        let whole = 0..source.text.len();
        let mut names = Names {
            root_is_v2,
            modules: vec![whole.clone()],
            module_paths: vec![Vec::new()],
            ..Names::default()
        };
        let mut walker = Walker {
            names: &mut names,
            source,
            containers: vec![whole],
            module_path: Vec::new(),
            crates,
        };
        syn::visit::Visit::visit_file(&mut walker, file);
        names
    }

    fn add_use(
        &mut self,
        source: &Source,
        u: &syn::ItemUse,
        container: Range<usize>,
        (crates, inline): (&CrateReexports, &[String]),
    ) {
        use syn::spanned::Spanned;
        let mut found = Vec::new();
        let mut others = Vec::new();
        flatten(&u.tree, &mut Vec::new(), &mut found);
        let mut leaves = Vec::new();
        let mut root = None;
        for (path, leaf_text, alias, glob, span) in found {
            // path holds the segments before the leaf, e.g. ["workerpool", "v2"].
            let first = path.first().map(String::as_str).unwrap_or("");
            if glob && matches!(first, "super" | "crate" | "self") {
                self.crate_glob = true;
            }
            if !path.is_empty() && first.trim_start_matches("::") != "workerpool" {
                self.crate_imports.push(CrateImport {
                    path: path.clone(),
                    name: (!glob).then(|| {
                        leaf_text
                            .split_whitespace()
                            .next()
                            .unwrap_or("")
                            .to_string()
                    }),
                    alias: alias.clone(),
                    container: container.clone(),
                    visible: !matches!(u.vis, syn::Visibility::Inherited),
                });
            }
            if path.len() == 1 && first == "super" && u.leading_colon.is_none() {
                let name = leaf_text
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_string();
                self.from_parent.push(FromParent {
                    name: (!glob).then_some(name),
                    alias: if glob { None } else { alias.clone() },
                    container: container.clone(),
                });
                others.push(join_leaf(&path, &leaf_text));
                continue;
            }
            if path
                .iter()
                .map(|p| p.trim_start_matches("::"))
                .eq(["std", "sync", "mpsc"])
                && let Some(alias) = &alias
                && matches!(
                    leaf_text.split_whitespace().next(),
                    Some("channel" | "sync_channel")
                )
            {
                self.std_channels.push((alias.clone(), container.clone()));
            }
            if path.len() == 1
                && first.trim_start_matches("::") == "anyhow"
                && (glob || leaf_text.split_whitespace().next() == Some("Context"))
            {
                self.anyhow_context.push(container.clone());
            }
            // `use workerpool as wp;`, `self as wp` in a group under `workerpool`, or `use crate::wp;` of a re-export.
            let leaf_name = leaf_text.split_whitespace().next().unwrap_or("");
            let names_the_crate = match path.as_slice() {
                [] => leaf_name == "workerpool",
                [only] if only.trim_start_matches("::") == "workerpool" => leaf_name == "self",
                _ => false,
            } || crates.names_one(
                &[path.as_slice(), &[leaf_name.to_string()]].concat(),
                inline,
            );
            if names_the_crate
                && let Some(alias) = &alias
                && alias != "workerpool"
            {
                self.crate_aliases.push((alias.clone(), container.clone()));
                if !matches!(u.vis, syn::Visibility::Inherited) {
                    self.exported_crates
                        .push([inline, std::slice::from_ref(alias)].concat());
                }
            }
            // How many segments name the crate: `workerpool` or an alias of it, or a path to a re-export of it.
            let crate_len = match path.first() {
                Some(f) if f.trim_start_matches("::") == "workerpool" => 1,
                Some(f) if self.is_crate_alias(f, source.range(span).start) => 1,
                _ => (1..=path.len())
                    .find(|&k| crates.names_one(&path[..k], inline))
                    .unwrap_or(0),
            };
            if crate_len == 0 {
                if let Some(alias) = &alias {
                    self.defined.push((alias.clone(), container.clone()));
                }
                others.push(join_leaf(&path, &leaf_text));
                continue;
            }
            root.get_or_insert_with(|| {
                let colon = if u.leading_colon.is_some() { "::" } else { "" };
                format!("{colon}{}", path[..crate_len].join("::"))
            });
            let rest: Vec<&str> = path[crate_len..].iter().map(String::as_str).collect();
            let module = match rest.as_slice() {
                [] => Module::Root,
                ["v2"] => Module::V2,
                _ => {
                    others.push(join_leaf(&path, &leaf_text));
                    continue;
                }
            };
            let name = leaf_name;
            let item = V2Item::from_name(name);
            leaves.push(Leaf {
                item,
                module,
                text: leaf_text.clone(),
                alias: if glob || name == "self" { None } else { alias },
                glob,
                range: source.range(span),
            });
        }
        let Some(root) = root else { return };
        let index = self.uses.len();
        for (leaf_index, leaf) in leaves.iter().enumerate() {
            let counts = leaf.module == Module::V2 || self.root_is_v2;
            if !counts {
                // A 3.x name imported here hides a 2.x one imported further out.
                if let Some(alias) = &leaf.alias {
                    self.defined.push((alias.clone(), container.clone()));
                }
                continue;
            }
            if leaf.glob {
                self.globs.push((container.clone(), (index, leaf_index)));
            } else if let (Some(item), Some(alias)) = (leaf.item, &leaf.alias) {
                self.aliases
                    .push((alias.clone(), container.clone(), (item, index, leaf_index)));
            }
        }
        let start = match &u.vis {
            syn::Visibility::Inherited => u.use_token.span,
            vis => vis.span(),
        };
        let range = source.range(start).start..source.range(u.semi_token.span).end;
        let item_range = source.range(u.span()).start..range.end;
        let vis = source.text[range.start..source.range(u.use_token.span).start].to_string();
        self.uses.push(UseItem {
            range,
            item_range,
            reexport: !matches!(u.vis, syn::Visibility::Inherited),
            vis,
            root,
            leaves,
            others,
        });
    }

    /// Which item the bare name `name` at byte `at` means, if any: the innermost block or module around `at` that
    /// imports or defines it decides, and a module does not see its parent's imports.
    pub fn alias(&self, name: &str, at: usize) -> Option<(V2Item, Via)> {
        let module = self.module_at(at)?;
        let visible =
            |r: &Range<usize>| r.contains(&at) && r.start >= module.start && r.end <= module.end;
        let size = |r: &Range<usize>| r.len();
        let reexported = |glob: bool| {
            self.reexported
                .iter()
                .filter(move |r| r.glob == glob && r.name == name && visible(&r.container))
                .map(|r| (&r.container, r.item, Via::Reexport(r.origin)))
        };
        let import = self
            .aliases
            .iter()
            .filter(|(n, r, _)| n == name && visible(r))
            .map(|(_, r, (item, u, l))| (r, *item, Via::Import(*u, *l)))
            .chain(reexported(false))
            .min_by_key(|(r, _, _)| size(r));
        let defined = self
            .defined
            .iter()
            .filter(|(n, r)| n == name && visible(r))
            .min_by_key(|(_, r)| size(r));
        let glob = self
            .globs
            .iter()
            .filter(|(r, _)| visible(r))
            .filter_map(|(r, (u, l))| {
                V2Item::from_name(name).map(|item| (r, item, Via::Import(*u, *l)))
            })
            .chain(reexported(true))
            .min_by_key(|(r, _, _)| size(r));
        let named_parent = self
            .from_parent
            .iter()
            .filter(|f| f.alias.as_deref() == Some(name) && visible(&f.container))
            .min_by_key(|f| size(&f.container));
        // Just outside the module's braces: where the parent's names are looked up.
        let parent_at = module.start.checked_sub(1);
        let from_parent = |name: &str| parent_at.and_then(|at| self.alias(name, at));
        let inner = |r: &Range<usize>| named_parent.is_none_or(|f| r.len() < f.container.len());
        match (import, defined) {
            (Some((r, _, _)), Some((_, d))) if d.len() < r.len() && inner(d) => None,
            (Some((r, item, via)), _) if inner(r) => Some((item, via)),
            (None, Some((_, d))) if inner(d) => None,
            _ if named_parent.is_some() => {
                from_parent(named_parent.and_then(|f| f.name.as_deref()).unwrap_or(name))
            }
            _ => {
                if let Some((_, item, via)) = glob {
                    return Some((item, via));
                }
                // `use super::*` brings in every name the parent has, its imports included.
                let parent_glob = self
                    .from_parent
                    .iter()
                    .any(|f| f.name.is_none() && visible(&f.container));
                if parent_glob { from_parent(name) } else { None }
            }
        }
    }

    /// Resolves the start of `path` to a 2.x item: `Pool`, `Pool::new`, `workerpool::Pool`, `workerpool::v2::Pool::new`.
    pub fn resolve(&self, source: &Source, path: &syn::Path) -> Option<Resolved> {
        let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let at = source.range(path.segments.first()?.ident.span()).start;
        if path.leading_colon.is_none()
            && let Some((item, _)) = segs.first().and_then(|s| self.alias(s, at))
        {
            return Some(Resolved { item, segment: 0 });
        }
        let first = segs.first().map(String::as_str);
        if first != Some("workerpool") && !first.is_some_and(|f| self.is_crate_alias(f, at)) {
            return None;
        }
        match segs.get(1).map(String::as_str) {
            Some("v2") => segs
                .get(2)
                .and_then(|s| V2Item::from_name(s))
                .map(|item| Resolved { item, segment: 2 }),
            Some(name) if self.root_is_v2 => {
                V2Item::from_name(name).map(|item| Resolved { item, segment: 1 })
            }
            _ => None,
        }
    }

    /// Every occurrence of a 2.x name in the file outside `use` items, found in the token stream so that macro
    /// bodies count too.
    pub fn occurrences(&self, source: &Source) -> Vec<NameUse> {
        let mut out = Vec::new();
        if let Ok(tokens) = TokenStream::from_str(source.parsed_text()) {
            let offset = source.text.len() - source.parsed_text().len();
            let tokens: Vec<TokenTree> = tokens.into_iter().collect();
            self.scan(&tokens, offset, &mut out);
        }
        out
    }

    fn scan(&self, tokens: &[TokenTree], offset: usize, out: &mut Vec<NameUse>) {
        let range = |t: &TokenTree| {
            let r = t.span().byte_range();
            r.start + offset..r.end + offset
        };
        let ident = |i: usize| match tokens.get(i) {
            Some(TokenTree::Ident(id)) => Some(id.to_string()),
            _ => None,
        };
        let is_colons = |i: usize| {
            matches!((tokens.get(i), tokens.get(i + 1)),
                (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == ':' && b.as_char() == ':')
        };
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(g) => {
                    let mut inner: Vec<TokenTree> = g.stream().into_iter().collect();
                    if g.delimiter() == proc_macro2::Delimiter::Brace && enum_body(&tokens[..i]) {
                        // `enum AppError { Pool(Error) }`: `Pool` is a variant being declared.
                        inner = without_variant_names(inner);
                    }
                    self.scan(&inner, offset, out);
                }
                TokenTree::Ident(id) if id == "use" => {
                    // `use` items are rewritten as a whole; skip to the `;`.
                    while i < tokens.len()
                        && !matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == ';')
                    {
                        i += 1;
                    }
                }
                TokenTree::Ident(id) => {
                    let name = id.to_string();
                    let after_path = i >= 2 && is_colons(i - 2);
                    let after_dot = i >= 1
                        && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
                    // `'static Pool` is a lifetime before a type, not the item `static POOL`.
                    let after_lifetime = i >= 2
                        && matches!(&tokens[i - 2], TokenTree::Punct(p) if p.as_char() == '\'');
                    let after_keyword = i >= 1
                        && !after_lifetime
                        && matches!(
                            ident(i - 1).as_deref(),
                            Some(
                                "fn" | "struct"
                                    | "enum"
                                    | "type"
                                    | "trait"
                                    | "mod"
                                    | "union"
                                    | "const"
                                    | "static"
                            )
                        );
                    let is_crate =
                        name == "workerpool" || self.is_crate_alias(&name, range(&tokens[i]).start);
                    if is_crate && !after_path && is_colons(i + 1) {
                        let (module, item_at) =
                            if ident(i + 3).as_deref() == Some("v2") && is_colons(i + 4) {
                                (Module::V2, i + 6)
                            } else {
                                (Module::Root, i + 3)
                            };
                        if let Some(item) = ident(item_at).and_then(|s| V2Item::from_name(&s))
                            && (module == Module::V2 || self.root_is_v2)
                        {
                            out.push(NameUse {
                                item,
                                range: range(&tokens[i]).start..range(&tokens[item_at]).end,
                                via: Via::Path(module),
                            });
                            i = item_at + 1;
                            continue;
                        }
                    } else if !after_path
                        && !after_dot
                        && !after_keyword
                        && let Some((item, via)) = self.alias(&name, range(&tokens[i]).start)
                    {
                        out.push(NameUse {
                            item,
                            range: range(&tokens[i]),
                            via,
                        });
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
}

/// Whether a `{ .. }` group after `before` is an enum's body: `enum Name {` or `enum Name<T> {` (the tokens since
/// `enum` are its name and generics).
fn enum_body(before: &[TokenTree]) -> bool {
    for t in before.iter().rev().take(16) {
        match t {
            TokenTree::Ident(id) if id == "enum" => return true,
            TokenTree::Group(_) => return false,
            TokenTree::Punct(p) if matches!(p.as_char(), ';' | '=' | '{' | '}') => return false,
            _ => {}
        }
    }
    false
}

/// An enum body's tokens without the variants' names (each first after the start or a `,`, past attributes).
fn without_variant_names(tokens: Vec<TokenTree>) -> Vec<TokenTree> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut at_variant = true;
    let mut in_attribute = false;
    for t in tokens {
        match &t {
            TokenTree::Punct(p) if p.as_char() == '#' => in_attribute = true,
            TokenTree::Group(_) if in_attribute => in_attribute = false,
            TokenTree::Punct(p) if p.as_char() == ',' => at_variant = true,
            TokenTree::Ident(_) if at_variant => {
                at_variant = false;
                continue;
            }
            _ => {}
        }
        out.push(t);
    }
    out
}

/// Walks a file for `use` items and definitions, knowing the block or module each is in.
struct Walker<'a> {
    names: &'a mut Names,
    source: &'a Source,
    containers: Vec<Range<usize>>,
    module_path: Vec<String>,
    crates: &'a CrateReexports,
}

impl Walker<'_> {
    fn container(&self) -> Range<usize> {
        self.containers.last().expect("the file").clone()
    }

    fn define(&mut self, ident: &syn::Ident) {
        let container = self.container();
        self.names.defined.push((ident.to_string(), container));
    }
}

impl<'ast> syn::visit::Visit<'ast> for Walker<'_> {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let container = self.container();
        let inline = (self.crates, self.module_path.as_slice());
        self.names.add_use(self.source, u, container, inline);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if m.content.is_none() {
            let at = self.source.range(m.ident.span()).start;
            self.names.file_module_decls.push(at);
        }
        if let Some((brace, _)) = &m.content {
            let range = self.source.range(brace.span.join());
            self.names.modules.push(range.clone());
            self.module_path.push(m.ident.to_string());
            self.names.module_paths.push(self.module_path.clone());
            self.containers.push(range);
            syn::visit::visit_item_mod(self, m);
            self.containers.pop();
            self.module_path.pop();
        }
    }

    fn visit_block(&mut self, b: &'ast syn::Block) {
        self.containers
            .push(self.source.range(b.brace_token.span.join()));
        syn::visit::visit_block(self, b);
        self.containers.pop();
    }

    fn visit_item_struct(&mut self, s: &'ast syn::ItemStruct) {
        self.define(&s.ident);
    }

    fn visit_item_enum(&mut self, e: &'ast syn::ItemEnum) {
        self.define(&e.ident);
    }

    fn visit_item_type(&mut self, t: &'ast syn::ItemType) {
        self.define(&t.ident);
    }

    fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
        self.define(&t.ident);
        syn::visit::visit_item_trait(self, t);
    }

    fn visit_item_union(&mut self, u: &'ast syn::ItemUnion) {
        self.define(&u.ident);
    }
}

/// A flattened use-tree leaf: (segments before the leaf, leaf text, alias, is_glob, where it is).
type FlatLeaf = (Vec<String>, String, Option<String>, bool, proc_macro2::Span);

/// Flattens a use tree into its leaves.
fn flatten(tree: &UseTree, path: &mut Vec<String>, found: &mut Vec<FlatLeaf>) {
    match tree {
        UseTree::Path(p) => {
            path.push(p.ident.to_string());
            flatten(&p.tree, path, found);
            path.pop();
        }
        UseTree::Name(n) => {
            let name = n.ident.to_string();
            found.push((
                path.clone(),
                name.clone(),
                Some(name),
                false,
                n.ident.span(),
            ));
        }
        UseTree::Rename(r) => {
            let text = format!("{} as {}", r.ident, r.rename);
            let span = syn::spanned::Spanned::span(r);
            found.push((path.clone(), text, Some(r.rename.to_string()), false, span));
        }
        UseTree::Glob(g) => {
            let span = g.star_token.span;
            found.push((path.clone(), "*".to_string(), None, true, span));
        }
        UseTree::Group(g) => {
            for t in &g.items {
                flatten(t, path, found);
            }
        }
    }
}

fn join_leaf(path: &[String], leaf: &str) -> String {
    let mut s = path.join("::");
    if !s.is_empty() {
        s.push_str("::");
    }
    s.push_str(leaf);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each occurrence of a 2.x name in `text`, as the text it covers.
    fn occurrences(text: &str) -> Vec<String> {
        let source =
            Source::from_bytes(std::path::Path::new("lib.rs"), text.as_bytes().to_vec()).unwrap();
        let syntax = source.parse().unwrap();
        let names = Names::collect(&source, &syntax, true, &Default::default());
        names
            .occurrences(&source)
            .iter()
            .map(|u| format!("{:?} {}", u.item, &text[u.range.clone()]))
            .collect()
    }

    #[test]
    fn an_enum_variant_named_like_an_item_is_no_occurrence() {
        let text = "use workerpool::{Error, Pool};\nenum AppError {\n    #[allow(dead_code)]\n    Pool(Error),\n    Worker { pool: Pool },\n}\nenum Kind<T> { Pool = 1, Other(T) }\n";
        expect_test::expect![[r#"
            [
                "Error Error",
                "Pool Pool",
            ]
        "#]]
        .assert_debug_eq(&occurrences(text));
    }

    #[test]
    fn the_crate_imported_under_another_name_is_the_crate() {
        // `wp::` paths and an import through `wp` mean the 2.x items; `other::Pool` does not, nor `wp` in a module
        // that does not import it.
        let text = "use workerpool as wp;\nuse wp::{Pool as P, Worker};\nfn f(p: &wp::Pool) -> Result<(), wp::Error> { let _ = wp::Worker::new(|n: u8| drop(n)); let _: Option<P> = None; let _: Option<Worker> = None; let _: Option<other::Pool> = None; Ok(()) }\nmod m { fn g(_: wp::Pool) {} }\n";
        expect_test::expect![[r#"
            [
                "Pool wp::Pool",
                "Error wp::Error",
                "Worker wp::Worker",
                "Pool P",
                "Worker Worker",
            ]
        "#]]
        .assert_debug_eq(&occurrences(text));
    }
}
