//! First pass over a crate: the pool types its items declare (fields, parameters, returns, statics), which are shared
//! by name between files.

use std::collections::{HashMap, HashSet};

use syn::visit::Visit;
use syn::{FnArg, ImplItem, Item, Pat, TraitItem};

use super::definitions::{Definitions, FnDef};
use super::model::ModuleId;
use super::model::{
    DefId, Facts, FileId, FnId, Key, Loc, Nesting, NodeId, Owner, Scope, WorkerDecl, WorkerFn,
    WorkerId,
};
use super::names::{Names, V2Item};
use super::reasons::Refusal;
use super::types::{PoolType, TryTarget, job_type, pool_type, try_target};
use crate::source::Source;

/// What the first pass learned that the second needs.
#[derive(Default)]
pub struct Decls {
    /// Field names declared with a type that is not a pool.
    pub other_fields: HashSet<String>,
    /// The names of the crate's structs: a value of one of them has only the fields it declares.
    pub structs: HashSet<String>,
    /// Function names -> whether they take `self`; names declared both ways are ambiguous.
    pub receivers: HashMap<String, Vec<bool>>,
    /// (file, free function name) -> its single parameter's type, for `Worker::new(function)`, and the module it
    /// is declared in, for its scope.
    pub fn_jobs: HashMap<(FileId, String), (syn::Type, String)>,
    /// Names of functions returning `Result<_, workerpool::Error>`.
    pub error_fns: HashSet<String>,
    /// Private free functions returning a 2.x `Worker`, and the worker each call of them makes.
    pub helpers: HashMap<String, WorkerId>,
    /// The module each helper is declared in, as a path from the crate root names it (its file's module, by the
    /// file's name, then the inline `mod`s), for calls through a path (`workers::helper(..)`).
    pub helper_modules: HashMap<String, Vec<String>>,
    /// The statics, pool fields and functions, each by its definition.
    pub defs: Definitions,
    /// Functions with a parameter whose type names one of their type parameters (`jobs: Vec<J>`): a pool passed to
    /// one may be given jobs of that parameter, a type each call chooses, so the compiler, not the call, says whether
    /// the pools of two calls are one.
    pub generic_fns: HashSet<FnId>,
    /// The crate's types that implement `From<workerpool::Error>`, by name: the error place `?` converts through.
    pub from_error: HashMap<String, NodeId>,
    /// Where the crate's structs and enums are defined, by name.
    pub type_items: HashMap<String, Vec<(FileId, std::ops::Range<usize>)>>,
    /// Methods of the crate's `impl Trait for Pool`s, by name -> the pool of each impl declaring one of that name.
    pub pool_impl_methods: HashMap<String, Vec<NodeId>>,
}

impl Decls {
    /// Ties every `workerpool::Error` written in the definition of a type with `impl From<workerpool::Error>` to that
    /// impl's error place: `AppError::Pool(workerpool::Error)` holds what `from` is given.
    pub fn claim_error_types(&self, facts: &mut Facts) {
        for (name, &node) in &self.from_error {
            for (file, range) in self.type_items.get(name).into_iter().flatten() {
                facts.error_claims.push((node, *file, range.clone()));
            }
        }
    }
}

/// Walks the items of one file.
pub struct Declarer<'a> {
    /// The file.
    pub file: FileId,
    /// The file.
    pub source: &'a Source,
    /// Its 2.x names.
    pub names: &'a Names,
    /// Where the facts go.
    pub facts: &'a mut Facts,
    /// What the second pass needs.
    pub decls: &'a mut Decls,
    module: Vec<String>,
}

impl<'a> Declarer<'a> {
    /// A walker for one file.
    pub fn new(
        file: FileId,
        source: &'a Source,
        names: &'a Names,
        facts: &'a mut Facts,
        decls: &'a mut Decls,
    ) -> Self {
        Declarer {
            file,
            source,
            names,
            facts,
            decls,
            module: Vec::new(),
        }
    }

    fn loc(&self, offset: usize) -> Loc {
        Loc::new(self.file, offset)
    }

    fn scope(&self, func: Option<usize>) -> Scope {
        Scope {
            file: self.file,
            module: self.module.join("::"),
            func: func.map(|f| FnId(self.loc(f))),
        }
    }

    /// Records a pool type site for the place under `key`.
    fn site(&mut self, key: Key, at: PoolType, func: Option<usize>) {
        let (name, loc) = (self.loc(at.name_start), self.loc(at.insert_at));
        let node = self.facts.keyed(key, name);
        self.facts.type_site(node, name, loc, self.scope(func));
    }

    /// `impl Trait for Pool` (the trait is the crate's own: Rust allows no other): the pool its methods are called
    /// on, typed where the impl names `Pool`; its methods by name, for their calls.
    fn pool_impl(&mut self, i: &syn::ItemImpl) {
        if i.trait_.is_none() {
            return;
        }
        if !i.generics.params.is_empty() {
            return;
        }
        let Some(at) = pool_type(self.names, self.source, &i.self_ty) else {
            return;
        };
        let def = DefId(self.loc(self.source.range(i.impl_token.span).start));
        self.site(Key::PoolImpl(def), at, None);
        let node = self.facts.get(&Key::PoolImpl(def)).expect("just added");
        let mut follows = true;
        for item in &i.items {
            if let ImplItem::Fn(f) = item {
                match f.sig.inputs.first() {
                    Some(FnArg::Receiver(r)) if r.colon_token.is_none() => {
                        self.decls
                            .pool_impl_methods
                            .entry(f.sig.ident.to_string())
                            .or_default()
                            .push(node);
                    }
                    _ => follows = false,
                }
            }
        }
        // `Self` is the pool type: a `Self::new(..)` or `-> Self` would make a pool this tool does not see.
        let mut tokens = proc_macro2::TokenStream::new();
        for item in &i.items {
            quote::ToTokens::to_tokens(item, &mut tokens);
        }
        let mut idents = Vec::new();
        super::bodies::collect_idents(tokens, &mut idents);
        if !follows || idents.iter().any(|n| n == "Self") {
            self.facts
                .refuse(node, self.loc(at.name_start), Refusal::UNFOLLOWED);
        }
    }

    /// Walks `items`.
    pub fn items(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Struct(s) => {
                    self.type_item(&s.ident, item);
                    self.decls.structs.insert(s.ident.to_string());
                    let strukt = DefId(self.loc(self.source.range(s.ident.span()).start));
                    // A tuple struct's pool field is a free pool type, typed by the compiler.
                    for field in &s.fields {
                        let Some(name) = field.ident.as_ref().map(ToString::to_string) else {
                            continue;
                        };
                        match pool_type(self.names, self.source, &field.ty) {
                            Some(at) => {
                                self.decls
                                    .defs
                                    .add_field(&name, &s.ident.to_string(), strukt);
                                self.site(Key::Field(strukt, name.clone()), at, None);
                                if let Some(debug) = derived_debug(&s.attrs) {
                                    let node = self
                                        .facts
                                        .get(&Key::Field(strukt, name))
                                        .expect("just added");
                                    let loc = self.loc(self.source.range(debug.span()).start);
                                    self.facts.debug_shown.push((node, loc));
                                }
                            }
                            None => {
                                self.decls.other_fields.insert(name);
                            }
                        }
                    }
                }
                Item::Fn(f) => {
                    self.block_items(&f.block);
                    self.signature(&f.sig, None);
                    self.helper_fn(&f.vis, &f.sig, f.sig.ident.to_string());
                    let params: Vec<&FnArg> = f.sig.inputs.iter().collect();
                    if let [FnArg::Typed(p)] = params.as_slice()
                        && f.sig.generics.params.is_empty()
                    {
                        let key = (self.file, f.sig.ident.to_string());
                        (self.decls.fn_jobs).insert(key, ((*p.ty).clone(), self.module.join("::")));
                    }
                }
                Item::Impl(i) => {
                    self.error_conversion(i);
                    self.pool_impl(i);
                    let self_ty = match &*i.self_ty {
                        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                        _ => None,
                    };
                    for inner in &i.items {
                        if let ImplItem::Fn(f) = inner {
                            // An impl of a type this tool cannot name still holds methods.
                            let ty = self_ty.clone().unwrap_or_default();
                            self.signature(&f.sig, Some(ty));
                            self.block_items(&f.block);
                            self.method_helper(i, f);
                        }
                    }
                }
                Item::Enum(e) => {
                    self.type_item(&e.ident, item);
                }
                Item::Trait(t) => {
                    for inner in &t.items {
                        if let TraitItem::Fn(f) = inner {
                            self.signature(&f.sig, Some(t.ident.to_string()));
                        }
                    }
                }
                Item::Static(s) => self.module_static(s),
                Item::Mod(m) => {
                    if let Some((_, inner)) = &m.content {
                        self.module.push(m.ident.to_string());
                        self.items(inner);
                        self.module.pop();
                    }
                }
                _ => {}
            }
        }
    }

    /// Where the struct or enum `ident` is defined.
    fn type_item(&mut self, ident: &syn::Ident, item: &Item) {
        let range = self.source.range(syn::spanned::Spanned::span(item));
        self.decls
            .type_items
            .entry(ident.to_string())
            .or_default()
            .push((self.file, range));
    }

    /// `impl From<workerpool::Error> for AppError`: `?` on a delegate can reach `AppError` through
    /// `.map_err(workerpool::Error::from)`; the impl's `Error` names are that error place.
    fn error_conversion(&mut self, i: &syn::ItemImpl) {
        let (Some((None, tr, _)), syn::Type::Path(self_ty)) = (&i.trait_, &*i.self_ty) else {
            return;
        };
        let (Some(from), Some(target)) = (tr.segments.last(), self_ty.path.segments.last()) else {
            return;
        };
        let syn::PathArguments::AngleBracketed(args) = &from.arguments else {
            return;
        };
        let [syn::GenericArgument::Type(syn::Type::Path(error))] =
            args.args.iter().collect::<Vec<_>>()[..]
        else {
            return;
        };
        let Some(res) = self.names.resolve(self.source, &error.path) else {
            return;
        };
        if from.ident != "From"
            || res.item != V2Item::Error
            || res.segment + 1 != error.path.segments.len()
        {
            return;
        }
        let name_start = self.source.range(error.path.segments[0].ident.span()).start;
        let name = target.ident.to_string();
        let node = self
            .facts
            .error_node(Key::ErrorFrom(name.clone()), self.loc(name_start));
        let range = self.source.range(syn::spanned::Spanned::span(i));
        self.facts.error_claims.push((node, self.file, range));
        self.decls.from_error.insert(name, node);
    }

    /// The items declared inside `body` (`fn feed(pool: &Pool)`, `struct Local { pool: Pool }` in `main`), declared
    /// as those of its module are: Rust lets only the block name them, so a call or struct literal that reaches one
    /// by name means it, or another item of that name, which the places join (a join only refuses more). Statics are
    /// not: a `static` in a body is a free pool type.
    fn block_items(&mut self, body: &syn::Block) {
        let mut found = BodyItems::default();
        found.visit_block(body);
        let items: Vec<Item> = found.items.into_iter().cloned().collect();
        self.items(&items);
    }

    /// A module-level `static` whose type holds a pool: a pool place.
    fn module_static(&mut self, s: &syn::ItemStatic) {
        if let Some(at) = pool_type(self.names, self.source, &s.ty) {
            let def = DefId(self.loc(self.source.range(s.ident.span()).start));
            let module = ModuleId::new(self.file, &self.module.join("::"));
            self.decls
                .defs
                .add_static(&s.ident.to_string(), module, def);
            self.site(Key::Static(def), at, None);
        }
    }

    /// A method `fn into_worker(self) -> Worker` of an inherent `impl Type` or `impl<O> Type<O>` (not a trait's): a
    /// helper keyed `Type::into_worker`, whose calls on a value of that type make workers.
    fn method_helper(&mut self, i: &syn::ItemImpl, f: &syn::ImplItemFn) {
        let syn::Type::Path(self_ty) = &*i.self_ty else {
            return;
        };
        if i.trait_.is_some() || self_ty.qself.is_some() || self_ty.path.segments.len() != 1 {
            return;
        }
        let ty = &self_ty.path.segments[0].ident;
        self.helper_fn(&f.vis, &f.sig, format!("{ty}::{}", f.sig.ident));
    }

    /// `fn name(..) -> Worker` (private, not generic), keyed `key`: its calls make workers of one job type, which the
    /// body's walk finds in its last expression.
    fn helper_fn(&mut self, vis: &syn::Visibility, sig: &syn::Signature, key: String) {
        let syn::ReturnType::Type(_, ty) = &sig.output else {
            return;
        };
        let syn::Type::Path(p) = &**ty else { return };
        let Some(res) = self.names.resolve(self.source, &p.path) else {
            return;
        };
        let whole = res.segment + 1 == p.path.segments.len()
            && p.path.segments[res.segment].arguments.is_none();
        if res.item != V2Item::Worker
            || !whole
            // `pub(crate)`, `pub(super)` and `pub(in ..)` are seen by this crate only, whose calls are all walked.
            || !matches!(
                vis,
                syn::Visibility::Inherited | syn::Visibility::Restricted(_)
            )
        {
            return;
        }
        if !sig.generics.params.is_empty() {
            return;
        }
        let range = self.source.range(syn::spanned::Spanned::span(&**ty));
        let id = WorkerId(self.facts.workers.len());
        self.facts
            .owners
            .insert(self.loc(range.start), Owner::Worker(id));
        self.facts.workers.push(WorkerDecl {
            name: None,
            scope: self.scope(None),
            block: 0,
            depth: Nesting::default(),
            call: 0..0,
            func: 0..0,
            kind: WorkerFn::Helper,
            job: None,
            after_let: (0, String::new(), "\n"),
            refusal: None,
            taken: Vec::new(),
            helper_ret: Some(range),
        });
        self.decls.helpers.insert(key.clone(), id);
        let mut module = file_module(&self.source.path);
        module.extend(self.module.iter().cloned());
        self.decls.helper_modules.insert(key, module);
    }

    /// A function's signature; `self_ty` is the last name of its `impl`'s type or its trait's name.
    fn signature(&mut self, sig: &syn::Signature, self_ty: Option<String>) {
        let name = sig.ident.to_string();
        let fn_offset = self.source.range(sig.fn_token.span).start;
        let id = FnId(self.loc(fn_offset));
        self.facts.fn_names.insert(id, name.clone());
        let module = ModuleId::new(self.file, &self.module.join("::"));
        let parameters: Vec<String> = (sig.generics.type_params())
            .map(|t| t.ident.to_string())
            .collect();
        let names_a_parameter = |ty: &syn::Type| {
            let mut named = Vec::new();
            super::bodies::collect_idents(quote::ToTokens::to_token_stream(ty), &mut named);
            named.iter().any(|n| parameters.contains(n))
        };
        if sig
            .inputs
            .iter()
            .any(|a| matches!(a, FnArg::Typed(p) if names_a_parameter(&p.ty)))
        {
            self.decls.generic_fns.insert(id);
        }
        self.decls.defs.add_fn(
            &name,
            FnDef {
                id,
                module,
                self_ty,
            },
        );
        let has_self = matches!(sig.inputs.first(), Some(FnArg::Receiver(_)));
        self.decls
            .receivers
            .entry(name.clone())
            .or_default()
            .push(has_self);
        let typed = sig.inputs.iter().filter_map(|a| match a {
            FnArg::Typed(p) => Some(p),
            FnArg::Receiver(_) => None,
        });
        for (index, param) in typed.enumerate() {
            if let Some(at) = pool_type(self.names, self.source, &param.ty) {
                self.site(Key::FnParam(id, index), at, Some(fn_offset));
                if !matches!(&*param.pat, Pat::Ident(_)) {
                    let node = self
                        .facts
                        .get(&Key::FnParam(id, index))
                        .expect("just added");
                    self.facts
                        .refuse(node, self.loc(at.name_start), Refusal::UNFOLLOWED);
                }
            }
        }
        if let TryTarget::Linked { name_start } = try_target(self.names, self.source, &sig.output) {
            let node = self
                .facts
                .error_node(Key::ErrorRet(name.clone()), self.loc(name_start));
            self.facts
                .owners
                .insert(self.loc(name_start), Owner::Group(node));
            self.decls.error_fns.insert(name.clone());
        }
        if let syn::ReturnType::Type(_, ty) = &sig.output
            && let Some(at) = pool_type(self.names, self.source, ty)
        {
            self.site(Key::FnRet(id), at, Some(fn_offset));
        }
    }
}

/// Job type of `Worker::new(function)` where `function` is a free function of the same file.
pub fn fn_job(
    decls: &Decls,
    source: &Source,
    file: FileId,
    name: &str,
) -> Option<super::model::JobType> {
    let (ty, module) = decls.fn_jobs.get(&(file, name.to_string()))?;
    Some(job_type(
        source,
        ty,
        Scope {
            file,
            module: module.clone(),
            func: None,
        },
        &[],
    ))
}

/// The module a file is, by its name as `mod` finds it: `workers.rs` and `workers/mod.rs` are `workers` (its last
/// segment; a crate root, `main.rs` or `lib.rs`, is none).
pub(super) fn file_module(path: &std::path::Path) -> Vec<String> {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let name = match stem {
        "main" | "lib" => None,
        "mod" => path
            .parent()
            .and_then(|p| p.file_name())
            .and_then(|s| s.to_str()),
        other => Some(other),
    };
    name.map(|n| vec![n.to_string()]).unwrap_or_default()
}

/// The `Debug` of a `#[derive(.., Debug, ..)]` among `attrs`.
fn derived_debug(attrs: &[syn::Attribute]) -> Option<syn::Ident> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .find_map(|a| {
            let paths = a
                .parse_args_with(
                    syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
                )
                .ok()?;
            paths.iter().find_map(|p| {
                p.segments
                    .last()
                    .filter(|s| s.ident == "Debug")
                    .map(|s| s.ident.clone())
            })
        })
}

/// The items of a function body, at any depth of its blocks and closures, but not those inside them.
#[derive(Default)]
struct BodyItems<'ast> {
    items: Vec<&'ast Item>,
}

impl<'ast> Visit<'ast> for BodyItems<'ast> {
    fn visit_item(&mut self, item: &'ast Item) {
        if !matches!(item, Item::Static(_)) {
            self.items.push(item);
        }
    }
}
