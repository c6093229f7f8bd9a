//! The `workerpool` requirement in Cargo.toml: reading which major version a crate uses, and moving it to 3 while
//! keeping the file's formatting.

use toml_edit::{Array, DocumentMut, Item, Value};

/// The package a manifest moves to: the workspace's library, whose Cargo.toml is read when migrate is built, so that
/// its name on crates.io (the library itself is always called `workerpool` in code) and its major version are one
/// fact.
pub struct Package {
    name: String,
    requirement: String,
}

impl Package {
    /// The package `name`, moved to as `requirement`.
    pub fn new(name: &str, requirement: &str) -> Package {
        Package {
            name: name.to_string(),
            requirement: requirement.to_string(),
        }
    }

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

    /// Dependencies on workerpool under another name (`wp = { package = "workerpool", .. }`), which the tool does not
    /// follow in the code.
    pub fn renamed(&self) -> Vec<String> {
        let mut out = Vec::new();
        for table in dependency_tables(self.doc.as_table()) {
            for (key, item) in table.iter() {
                let package = item
                    .as_table_like()
                    .and_then(|t| t.get("package"))
                    .and_then(Item::as_str);
                if key != "workerpool" && package == Some("workerpool") {
                    out.push(key.to_string());
                }
            }
        }
        out
    }

    /// Whether some `workerpool` entry turns on the `v2` feature.
    pub fn has_v2_feature(&self) -> bool {
        spanned_entries(self.doc.as_table()).iter().any(|item| {
            (item.as_table_like().and_then(|t| t.get("features")))
                .and_then(Item::as_array)
                .is_some_and(|a| a.iter().any(|v| v.as_str() == Some("v2")))
        })
    }

    /// What the manifest asks for (the first `workerpool` entry decides; others are rewritten alike).
    pub fn requirement(&self) -> Requirement {
        spanned_entries(self.doc.as_table())
            .first()
            .map_or(Requirement::Absent, |item| classify(item))
    }

    /// Moves every plain 2.x requirement to [`PACKAGE`]'s, and adds the `v2` feature when `needs_v2`. Returns the
    /// new text (unchanged when nothing needed changing).
    pub fn migrate(&mut self, needs_v2: bool) -> String {
        self.migrate_to(&PACKAGE, needs_v2)
    }

    /// Like [`Manifest::migrate`], to `package`. The text is edited as the sources are, by splicing bytes: only the
    /// requirement, the `package` key and the features change; comments, line endings, quoting, key style (inline
    /// table, `[dependencies.workerpool]`, dotted keys) and every other byte stay.
    pub fn migrate_to(&mut self, package: &Package, needs_v2: bool) -> String {
        let text = self.original.as_str();
        let Ok(doc) = toml_edit::Document::parse(text) else {
            return self.original.clone();
        };
        let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
        for item in spanned_entries(doc.as_table()) {
            let req = classify(item);
            if !matches!(req, Requirement::V2 | Requirement::V3) {
                continue;
            }
            let bump = req == Requirement::V2;
            // The package key goes in when the requirement moves to 3 (a manifest already on 3 names its package).
            let rename = bump && package.renamed();
            let new_version = |raw: &str| {
                let quote = if raw.starts_with('\'') { "'" } else { "\"" };
                format!("{quote}{}{quote}", package.requirement())
            };
            match item {
                Item::Value(Value::String(v)) => {
                    let Some(span) = v.span() else { continue };
                    let version = if bump {
                        new_version(&text[span.clone()])
                    } else {
                        text[span.clone()].to_string()
                    };
                    if rename || needs_v2 {
                        let mut table = vec![];
                        if rename {
                            table.push(format!("package = \"{}\"", package.name()));
                        }
                        table.push(format!("version = {version}"));
                        if needs_v2 {
                            table.push("features = [\"v2\"]".to_string());
                        }
                        edits.push((span, format!("{{ {} }}", table.join(", "))));
                    } else if bump {
                        edits.push((span, version));
                    }
                }
                Item::Value(Value::InlineTable(t)) => {
                    let Some((first, _)) = t.iter().next() else {
                        continue;
                    };
                    let first_key = t.key(first).and_then(toml_edit::Key::span);
                    if let Some(v) = t.get("version").and_then(Value::span).filter(|_| bump) {
                        edits.push((v.clone(), new_version(&text[v])));
                    }
                    if rename
                        && t.get("package").is_none()
                        && let Some(at) = first_key
                    {
                        edits.push((
                            at.start..at.start,
                            format!("package = \"{}\", ", package.name()),
                        ));
                    }
                    if needs_v2 {
                        match t.get("features") {
                            Some(Value::Array(a)) => edits.extend(add_v2(a)),
                            _ => {
                                let last =
                                    t.iter().filter_map(|(_, v)| v.span()).map(|s| s.end).max();
                                if let Some(end) = last {
                                    edits.push((end..end, ", features = [\"v2\"]".to_string()));
                                }
                            }
                        }
                    }
                }
                Item::Table(t) => {
                    let Some((key, Item::Value(v))) = t.get_key_value("version") else {
                        continue;
                    };
                    let (Some(key_span), Some(value_span)) = (key.span(), v.span()) else {
                        continue;
                    };
                    if bump {
                        edits.push((value_span.clone(), new_version(&text[value_span.clone()])));
                    }
                    // New keys go on lines of their own after the version's, written as it is (`version = ..` in
                    // `[dependencies.workerpool]`, `workerpool.version = ..` as a dotted key), with its line ending.
                    let line_start = text[..key_span.start].rfind('\n').map_or(0, |i| i + 1);
                    let prefix = &text[line_start..key_span.start];
                    let line_end = text[value_span.end..]
                        .find('\n')
                        .map(|i| value_span.end + i);
                    let newline = match line_end {
                        Some(e) if e > 0 && text.as_bytes()[e - 1] == b'\r' => "\r\n",
                        _ => "\n",
                    };
                    let at = line_end.map_or(text.len(), |e| e + 1);
                    let mut lines = String::new();
                    if line_end.is_none() {
                        lines.push_str(newline);
                    }
                    if rename && t.get("package").is_none() {
                        lines.push_str(&format!(
                            "{prefix}package = \"{}\"{newline}",
                            package.name()
                        ));
                    }
                    if needs_v2 {
                        match t.get("features").and_then(Item::as_array) {
                            Some(a) => edits.extend(add_v2(a)),
                            None => {
                                lines.push_str(&format!("{prefix}features = [\"v2\"]{newline}"))
                            }
                        }
                    }
                    if !lines.trim().is_empty() {
                        edits.push((at..at, lines));
                    }
                }
                _ => {}
            }
        }
        edits.sort_by_key(|(r, _)| (r.start, r.end));
        let mut out = String::with_capacity(text.len() + 64);
        let mut at = 0;
        for (range, replacement) in edits {
            out.push_str(&text[at..range.start]);
            out.push_str(&replacement);
            at = range.end;
        }
        out.push_str(&text[at..]);
        out
    }

    /// The 1-based line of the first `workerpool` entry's key, for the report.
    pub fn line_of_entry(&self) -> Option<usize> {
        let doc = toml_edit::Document::parse(self.original.as_str()).ok()?;
        let start = entry_key_spans(doc.as_table()).into_iter().next()?.start;
        Some(self.original[..start].matches('\n').count() + 1)
    }
}

/// The edit that adds `"v2"` to a features array that lacks it.
fn add_v2(features: &Array) -> Option<(std::ops::Range<usize>, String)> {
    if features.iter().any(|v| v.as_str() == Some("v2")) {
        return None;
    }
    match features.iter().filter_map(Value::span).map(|s| s.end).max() {
        Some(end) => Some((end..end, ", \"v2\"".to_string())),
        None => features
            .span()
            .map(|s| (s.start + 1..s.start + 1, "\"v2\"".to_string())),
    }
}

/// The dependency tables of `root` (and of its `[target.'cfg(..)']` tables).
fn dependency_tables(root: &toml_edit::Table) -> Vec<&toml_edit::Table> {
    let mut out = Vec::new();
    for (key, item) in root.iter() {
        if TABLES.contains(&key)
            && let Some(t) = item.as_table()
        {
            out.push(t);
        }
    }
    if let Some(targets) = root.get("target").and_then(Item::as_table) {
        for (_, target) in targets.iter() {
            if let Some(target) = target.as_table() {
                for (key, item) in target.iter() {
                    if TABLES.contains(&key)
                        && let Some(t) = item.as_table()
                    {
                        out.push(t);
                    }
                }
            }
        }
    }
    out
}

/// Every `workerpool` entry: in `[dependencies]`, `[dev-dependencies]`, `[build-dependencies]` and their
/// `[target.'cfg(..)'.*]` forms.
fn spanned_entries(root: &toml_edit::Table) -> Vec<&Item> {
    dependency_tables(root)
        .into_iter()
        .filter_map(|t| t.get("workerpool"))
        .collect()
}

/// The spans of every `workerpool` entry's key.
fn entry_key_spans(root: &toml_edit::Table) -> Vec<std::ops::Range<usize>> {
    dependency_tables(root)
        .into_iter()
        .filter_map(|t| t.key("workerpool").and_then(toml_edit::Key::span))
        .collect()
}

/// Reads one `workerpool` entry.
fn classify(item: &Item) -> Requirement {
    if item.get("workspace").and_then(Item::as_bool) == Some(true) {
        return Requirement::Left(
            "workspace = true: change the requirement in the workspace's Cargo.toml".into(),
        );
    }
    let version = match item {
        Item::Value(Value::String(s)) => Some(s.value().clone()),
        Item::Value(Value::InlineTable(_)) | Item::Table(_) => item
            .get("version")
            .and_then(Item::as_str)
            .map(str::to_string),
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

    /// Migrates to the package `workerpool` (the published name is tested with `renamed`).
    fn migrate(text: &str, needs_v2: bool) -> String {
        Manifest::parse(text)
            .unwrap()
            .migrate_to(&Package::new("workerpool", "3"), needs_v2)
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
            "[dependencies.workerpool]\nworkspace = true\n",
            "[dependencies]\nworkerpool = \"=2.1.0\"\n",
        ] {
            let mut m = Manifest::parse(text).unwrap();
            assert!(matches!(m.requirement(), Requirement::Left(_)), "{text}");
            assert_eq!(m.migrate(true), text);
        }
    }

    fn renamed(text: &str, needs_v2: bool) -> String {
        let package = Package::new("typed-workerpool", "3");
        Manifest::parse(text)
            .unwrap()
            .migrate_to(&package, needs_v2)
    }

    #[test]
    fn dotted_keys_stay_dotted_with_the_comment_above() {
        let text = "[dependencies]\n# the pool\nworkerpool.version = \"2.1\"\nworkerpool.default-features = false\nserde = \"1\"\n";
        assert_eq!(
            migrate(text, true),
            "[dependencies]\n# the pool\nworkerpool.version = \"3\"\nworkerpool.features = [\"v2\"]\nworkerpool.default-features = false\nserde = \"1\"\n"
        );
        assert_eq!(
            renamed(text, false),
            "[dependencies]\n# the pool\nworkerpool.version = \"3\"\nworkerpool.package = \"typed-workerpool\"\nworkerpool.default-features = false\nserde = \"1\"\n"
        );
    }

    #[test]
    fn crlf_line_endings_and_single_quotes_are_kept() {
        let text = "[package]\r\nname = 'x'\r\n\r\n[dependencies]\r\nworkerpool = '2.1' # pool\r\n\r\n[dev-dependencies.workerpool]\r\nversion = '2'\r\n";
        assert_eq!(
            migrate(text, true),
            "[package]\r\nname = 'x'\r\n\r\n[dependencies]\r\nworkerpool = { version = '3', features = [\"v2\"] } # pool\r\n\r\n[dev-dependencies.workerpool]\r\nversion = '3'\r\nfeatures = [\"v2\"]\r\n"
        );
    }

    #[test]
    fn features_already_there_get_v2_added() {
        let text = "[dependencies]\nworkerpool = { version = \"2\", features = [\"async\"] }\n[dev-dependencies]\nworkerpool = { version = \"2\", features = [] }\n";
        assert_eq!(
            migrate(text, true),
            "[dependencies]\nworkerpool = { version = \"3\", features = [\"async\", \"v2\"] }\n[dev-dependencies]\nworkerpool = { version = \"3\", features = [\"v2\"] }\n"
        );
    }

    #[test]
    fn the_published_name_goes_in_beside_the_key_workerpool_in_every_form() {
        assert_eq!(
            renamed("[dependencies]\nworkerpool = \"2.1\"\n", false),
            "[dependencies]\nworkerpool = { package = \"typed-workerpool\", version = \"3\" }\n"
        );
        assert_eq!(
            renamed("[dependencies]\nworkerpool = \"2.1\"\n", true),
            "[dependencies]\nworkerpool = { package = \"typed-workerpool\", version = \"3\", features = [\"v2\"] }\n"
        );
        assert_eq!(
            renamed(
                "[dependencies]\nworkerpool = { version = \"2\", default-features = false }\n",
                true
            ),
            "[dependencies]\nworkerpool = { package = \"typed-workerpool\", version = \"3\", default-features = false, features = [\"v2\"] }\n"
        );
        assert_eq!(
            renamed("[dependencies.workerpool]\nversion = \"2\"", true),
            "[dependencies.workerpool]\nversion = \"3\"\npackage = \"typed-workerpool\"\nfeatures = [\"v2\"]\n"
        );
        // Already on 3: its package is what it names; only the feature may change.
        let three =
            "[dependencies]\nworkerpool = { package = \"typed-workerpool\", version = \"3\" }\n";
        assert_eq!(renamed(three, false), three);
    }

    #[test]
    fn the_library_package_is_the_one_migrate_moves_to() {
        let library: DocumentMut = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../workerpool/Cargo.toml"
        ))
        .unwrap()
        .parse()
        .unwrap();
        assert_eq!(PACKAGE.name(), library["package"]["name"].as_str().unwrap());
        assert_eq!(PACKAGE.requirement(), "3");
        assert_eq!(
            library
                .get("lib")
                .and_then(|l| l.get("name"))
                .and_then(Item::as_str)
                .unwrap_or("workerpool"),
            "workerpool"
        );
    }

    #[test]
    fn the_line_of_the_entry_is_found() {
        let m = Manifest::parse(
            "[package]\nname = \"x\"\n\n[dependencies]\nworkerpool = \">=2.1, <3\"\n",
        )
        .unwrap();
        assert_eq!(m.line_of_entry(), Some(5));
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
        let m = Manifest::parse(text).unwrap();
        assert_eq!(m.requirement(), Requirement::V2);
        assert_eq!(
            migrate(text, false),
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
}
