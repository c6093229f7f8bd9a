//! The `workerpool` requirement in Cargo.toml: reading which major version a crate uses, and moving it to 3 while
//! keeping the file's formatting.

use toml_edit::{Array, DocumentMut, InlineTable, Item, Value};

/// The package a manifest moves to: the workspace's library, whose Cargo.toml is read when migrate is built, so that
/// its name on crates.io (the library itself is always called `workerpool` in code) and its major version are one
/// fact.
pub struct Package {
    name: String,
    requirement: String,
}

impl Package {
    /// The name on crates.io (`package = ".."` in a dependency that keeps the key `workerpool`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The requirement a manifest moves to: the library's major version (`"3"`).
    pub fn requirement(&self) -> &str {
        &self.requirement
    }

    /// Whether the dependency needs `package = ".."` beside its key `workerpool`.
    pub fn renamed(&self) -> bool {
        self.name != "workerpool"
    }
}

/// The package migrate moves manifests to.
pub static PACKAGE: std::sync::LazyLock<Package> = std::sync::LazyLock::new(|| {
    let manifest: DocumentMut = include_str!("../../workerpool/Cargo.toml")
        .parse()
        .expect("the library's Cargo.toml parses");
    let field = |key: &str| {
        manifest["package"][key]
            .as_str()
            .expect("the library's package has a name and a version")
    };
    let major = field("version")
        .split('.')
        .next()
        .unwrap_or_default()
        .to_string();
    Package {
        name: field("name").to_string(),
        requirement: major,
    }
});

/// What a Cargo.toml asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requirement {
    /// A plain 2.x requirement (`"2"`, `"2.1"`, `"^2.3"`, `"~2.3"`), which becomes `"3"`.
    V2,
    /// Already 3.x.
    V3,
    /// Something the tool leaves alone and reports: a range, `workspace = true`, a path without a version, ...
    Left(String),
    /// No `workerpool` dependency.
    Absent,
}

/// A Cargo.toml being edited.
pub struct Manifest {
    doc: DocumentMut,
    original: String,
}

/// The dependency tables of a manifest, by path of keys.
const TABLES: [&str; 3] = ["dependencies", "dev-dependencies", "build-dependencies"];

impl Manifest {
    /// Parses `text`.
    pub fn parse(text: &str) -> Result<Manifest, toml_edit::TomlError> {
        Ok(Manifest {
            doc: text.parse()?,
            original: text.to_string(),
        })
    }

    /// Every `workerpool` entry: in [dependencies], [dev-dependencies], [build-dependencies] and their
    /// `[target.'cfg(..)'.*]` forms.
    fn entries(&mut self) -> Vec<&mut Item> {
        let mut out = Vec::new();
        let root = self.doc.as_table_mut();
        let mut tables: Vec<&mut toml_edit::Table> = Vec::new();
        let (targets, rest): (Vec<_>, Vec<_>) =
            root.iter_mut().partition(|(k, _)| k.get() == "target");
        for (key, item) in rest {
            if TABLES.contains(&key.get())
                && let Some(t) = item.as_table_mut()
            {
                tables.push(t);
            }
        }
        for (_, item) in targets {
            if let Some(targets) = item.as_table_mut() {
                for (_, target) in targets.iter_mut() {
                    if let Some(target) = target.as_table_mut() {
                        for (key, item) in target.iter_mut() {
                            if TABLES.contains(&key.get())
                                && let Some(t) = item.as_table_mut()
                            {
                                tables.push(t);
                            }
                        }
                    }
                }
            }
        }
        for t in tables {
            if let Some(item) = t.get_mut("workerpool") {
                out.push(item);
            }
        }
        out
    }

    /// Dependencies on workerpool under another name (`wp = { package = "workerpool", .. }`), which the tool does not
    /// follow in the code.
    pub fn renamed(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut look = |table: &toml_edit::Table| {
            for (key, item) in table.iter() {
                let package = item
                    .as_table_like()
                    .and_then(|t| t.get("package"))
                    .and_then(Item::as_str);
                if key != "workerpool" && package == Some("workerpool") {
                    out.push(key.to_string());
                }
            }
        };
        let root = self.doc.as_table();
        for name in TABLES {
            if let Some(t) = root.get(name).and_then(Item::as_table) {
                look(t);
            }
        }
        if let Some(targets) = root.get("target").and_then(Item::as_table) {
            for (_, target) in targets.iter() {
                for name in TABLES {
                    if let Some(t) = target.get(name).and_then(Item::as_table) {
                        look(t);
                    }
                }
            }
        }
        out
    }

    /// What the manifest asks for (the first `workerpool` entry decides; others are rewritten alike).
    pub fn requirement(&mut self) -> Requirement {
        self.entries()
            .first()
            .map_or(Requirement::Absent, |item| classify(item))
    }

    /// Moves every plain 2.x requirement to `"3"`, and adds the `v2` feature when `needs_v2`. Returns the new text
    /// (unchanged when nothing needed changing).
    pub fn migrate(&mut self, needs_v2: bool) -> String {
        for item in self.entries() {
            let req = classify(item);
            if !matches!(req, Requirement::V2 | Requirement::V3) {
                continue;
            }
            match item {
                Item::Value(Value::String(s)) => {
                    if req == Requirement::V2 {
                        let decor = s.decor().clone();
                        *s = toml_edit::Formatted::new("3".to_string());
                        *s.decor_mut() = decor;
                    }
                    if needs_v2 {
                        let mut table = InlineTable::new();
                        table.insert("version", Value::from(s.value().as_str()));
                        table.insert("features", Value::Array(Array::from_iter(["v2"])));
                        let decor = s.decor().clone();
                        let mut value = Value::InlineTable(table);
                        *value.decor_mut() = decor;
                        *item = Item::Value(value);
                    }
                }
                Item::Value(Value::InlineTable(t)) => {
                    // The space before `}` belongs to the last value: it moves to the key added after it.
                    let tail = if needs_v2 && t.get("features").is_none() {
                        t.iter_mut().last().and_then(|(_, v)| {
                            let suffix = v.decor().suffix().cloned();
                            v.decor_mut().set_suffix("");
                            suffix
                        })
                    } else {
                        None
                    };
                    migrate_table(t, req == Requirement::V2, needs_v2);
                    if let (Some(suffix), Some(features)) = (tail, t.get_mut("features")) {
                        features.decor_mut().set_suffix(suffix);
                    }
                }
                Item::Table(t) => {
                    let mut inline = std::mem::take(t).into_inline_table();
                    migrate_table(&mut inline, req == Requirement::V2, needs_v2);
                    for (k, v) in inline.iter() {
                        if t.get(k).is_none_or(|old| {
                            old.as_value().map(|o| o.to_string()) != Some(v.to_string())
                        }) {
                            t.insert(k, Item::Value(v.clone()));
                        }
                    }
                }
                _ => {}
            }
        }
        let text = self.doc.to_string();
        if text == self.original {
            self.original.clone()
        } else {
            text
        }
    }
}

/// What a manifest says about its package's targets: cargo's `[lib]`, `[[bin]]`, `[[example]]`, `[[test]]`,
/// `[[bench]]` tables, the `auto*` keys and the build script. Paths are as written (relative to the package).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    /// The package's name (`[package] name`).
    pub package: Option<String>,
    /// `[lib] name`, when given.
    pub lib_name: Option<String>,
    /// `[lib] path`, when given.
    pub lib_path: Option<String>,
    /// Each `[[bin]]`, `[[example]]`, `[[test]]`, `[[bench]]` entry: the table's key (`"bin"`, ...), its name and
    /// its path (None: cargo infers it from the name).
    pub declared: Vec<(&'static str, Option<String>, Option<String>)>,
    /// Target kinds whose `auto*` key is false (`"bin"` for `autobins = false`, ...): cargo then finds none of
    /// them by layout.
    pub no_auto: Vec<&'static str>,
    /// `[package] build`: None when not given (cargo uses `build.rs` if it exists), `Some(None)` for
    /// `build = false`, `Some(Some(path))` for a path.
    pub build: Option<Option<String>>,
}

impl Manifest {
    /// What the manifest says about the package's targets.
    pub fn layout(&self) -> Layout {
        let root = self.doc.as_table();
        let package = root.get("package").and_then(Item::as_table_like);
        let text = |t: &dyn toml_edit::TableLike, key: &str| {
            t.get(key).and_then(Item::as_str).map(str::to_string)
        };
        let mut layout = Layout {
            package: package.and_then(|p| text(p, "name")),
            ..Layout::default()
        };
        if let Some(lib) = root.get("lib").and_then(Item::as_table_like) {
            layout.lib_name = text(lib, "name");
            layout.lib_path = text(lib, "path");
        }
        for (kind, auto) in [
            ("bin", "autobins"),
            ("example", "autoexamples"),
            ("test", "autotests"),
            ("bench", "autobenches"),
        ] {
            if let Some(entries) = root.get(kind).and_then(Item::as_array_of_tables) {
                for entry in entries.iter() {
                    let entry: &dyn toml_edit::TableLike = entry;
                    layout
                        .declared
                        .push((kind, text(entry, "name"), text(entry, "path")));
                }
            }
            if package.and_then(|p| p.get(auto)).and_then(Item::as_bool) == Some(false) {
                layout.no_auto.push(kind);
            }
        }
        layout.build = match package.and_then(|p| p.get("build")) {
            Some(b) if b.as_bool() == Some(false) => Some(None),
            Some(b) => b.as_str().map(|s| Some(s.to_string())),
            None => None,
        };
        layout
    }
}

/// Sets `version` to "3" (when it was 2.x) and adds the `v2` feature to an inline dependency table.
fn migrate_table<T: toml_edit::TableLike>(t: &mut T, bump: bool, needs_v2: bool) {
    if bump && let Some(Item::Value(Value::String(s))) = t.get_mut("version") {
        let decor = s.decor().clone();
        *s = toml_edit::Formatted::new("3".to_string());
        *s.decor_mut() = decor;
    }
    if !needs_v2 {
        return;
    }
    match t.get_mut("features") {
        Some(Item::Value(Value::Array(a))) => {
            if !a.iter().any(|v| v.as_str() == Some("v2")) {
                a.push("v2");
            }
        }
        _ => {
            t.insert(
                "features",
                Item::Value(Value::Array(Array::from_iter(["v2"]))),
            );
        }
    }
}

/// Reads one `workerpool` entry.
fn classify(item: &Item) -> Requirement {
    let version = match item {
        Item::Value(Value::String(s)) => Some(s.value().clone()),
        Item::Value(Value::InlineTable(t)) => {
            if t.get("workspace").and_then(Value::as_bool) == Some(true) {
                return Requirement::Left(
                    "workspace = true: change the requirement in the workspace's Cargo.toml".into(),
                );
            }
            t.get("version").and_then(Value::as_str).map(str::to_string)
        }
        Item::Table(t) => {
            if t.get("workspace").and_then(Item::as_bool) == Some(true) {
                return Requirement::Left(
                    "workspace = true: change the requirement in the workspace's Cargo.toml".into(),
                );
            }
            t.get("version").and_then(Item::as_str).map(str::to_string)
        }
        _ => None,
    };
    let Some(version) = version else {
        return Requirement::Left(
            "no version requirement (a path or git dependency): point it at workerpool 3".into(),
        );
    };
    classify_version(&version)
}

/// Reads a version requirement string.
pub fn classify_version(version: &str) -> Requirement {
    let v = version.trim();
    let bare = v.strip_prefix(['^', '~']).unwrap_or(v).trim();
    let plain = !bare.is_empty()
        && bare
            .split('.')
            .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()));
    match bare.split('.').next() {
        Some("2") if plain => Requirement::V2,
        Some("3") if plain => Requirement::V3,
        _ => Requirement::Left(format!(
            "the requirement \"{version}\" is not a plain 2.x one; set it to \"3\" by hand"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn migrate(text: &str, needs_v2: bool) -> String {
        Manifest::parse(text).unwrap().migrate(needs_v2)
    }

    #[test]
    fn plain_requirements_become_3_keeping_format() {
        for req in ["2", "2.1", "^2.3", "~2.3", "2.0.4"] {
            let text = format!(
                "[package]\nname = \"x\"\n\n[dependencies]\nworkerpool   = \"{req}\"  # pool\nserde = \"1\"\n"
            );
            let want = "[package]\nname = \"x\"\n\n[dependencies]\nworkerpool   = \"3\"  # pool\nserde = \"1\"\n";
            assert_eq!(migrate(&text, false), want, "{req}");
        }
    }

    #[test]
    fn table_forms_keep_their_other_keys() {
        let text = "[dependencies]\nworkerpool = { version = \"2.1\", default-features = false }\n\n[dev-dependencies.workerpool]\nversion = \"2\"\n";
        assert_eq!(
            migrate(text, true),
            "[dependencies]\nworkerpool = { version = \"3\", default-features = false, features = [\"v2\"] }\n\n[dev-dependencies.workerpool]\nversion = \"3\"\nfeatures = [\"v2\"]\n"
        );
    }

    #[test]
    fn string_form_gets_the_v2_feature_as_a_table() {
        assert_eq!(
            migrate("[dependencies]\nworkerpool = \"2\"\n", true),
            "[dependencies]\nworkerpool = { version = \"3\", features = [\"v2\"] }\n"
        );
    }

    #[test]
    fn ranges_and_workspace_are_left() {
        for text in [
            "[dependencies]\nworkerpool = \">=2.1, <3\"\n",
            "[dependencies]\nworkerpool = { workspace = true }\n",
            "[dependencies]\nworkerpool = \"=2.1.0\"\n",
        ] {
            let mut m = Manifest::parse(text).unwrap();
            assert!(matches!(m.requirement(), Requirement::Left(_)), "{text}");
            assert_eq!(m.migrate(true), text);
        }
    }

    #[test]
    fn renamed_dependencies_are_found() {
        let m =
            Manifest::parse("[dependencies]\nwp = { package = \"workerpool\", version = \"2\" }\n")
                .unwrap();
        assert_eq!(m.renamed(), ["wp"]);
    }

    #[test]
    fn target_tables_are_found() {
        let text = "[target.'cfg(unix)'.dependencies]\nworkerpool = \"2\"\n";
        let mut m = Manifest::parse(text).unwrap();
        assert_eq!(m.requirement(), Requirement::V2);
        assert_eq!(
            m.migrate(false),
            "[target.'cfg(unix)'.dependencies]\nworkerpool = \"3\"\n"
        );
    }

    #[test]
    fn already_3_with_v2_feature_is_unchanged() {
        let text = "[dependencies]\nworkerpool = { version = \"3\", features = [\"v2\"] }\n";
        assert_eq!(migrate(text, true), text);
        assert_eq!(
            migrate("[dependencies]\nworkerpool = \"3\"\n", false),
            "[dependencies]\nworkerpool = \"3\"\n"
        );
    }

    #[test]
    fn layout_reads_declared_targets_and_auto_keys() {
        let text = "[package]\nname = \"two-bins\"\nautotests = false\nbuild = false\n\n[lib]\nname = \"core_lib\"\npath = \"lib/core.rs\"\n\n[[bin]]\nname = \"tool\"\npath = \"tools/tool.rs\"\n\n[[test]]\nname = \"smoke\"\n";
        let layout = Manifest::parse(text).unwrap().layout();
        assert_eq!(
            layout,
            Layout {
                package: Some("two-bins".into()),
                lib_name: Some("core_lib".into()),
                lib_path: Some("lib/core.rs".into()),
                declared: vec![
                    ("bin", Some("tool".into()), Some("tools/tool.rs".into())),
                    ("test", Some("smoke".into()), None),
                ],
                no_auto: vec!["test"],
                build: Some(None),
            }
        );
    }
}
