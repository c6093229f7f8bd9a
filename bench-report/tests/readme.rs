//! bench-report's README is how another project starts: its minimal page file must be a valid page
//! with exactly the keys it calls required, and its install line must name this package.

use bench_report::page::Page;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

fn minimal_page() -> String {
    let readme = readme();
    let start = readme.find("```toml\n").expect("a toml block") + "```toml\n".len();
    readme[start..start + readme[start..].find("```").unwrap()].to_owned()
}

#[test]
fn the_minimal_page_file_is_a_valid_page() {
    let page = Page::parse(&minimal_page(), "perf.toml".as_ref()).unwrap();
    assert_eq!(page.title, "mylib performance");
    assert_eq!(page.sections.len(), 1);
}

#[test]
fn every_key_the_readme_calls_required_is_required() {
    let text = minimal_page();
    // `key = …  # required` or `[table]  # required`, at the top or in the section.
    let required: Vec<String> = text
        .lines()
        .filter(|line| line.contains("# required"))
        .map(|line| {
            line.split(['=', ' '])
                .next()
                .unwrap()
                .trim_matches(['[', ']'])
                .to_owned()
        })
        .collect();
    assert!(required.len() >= 7, "{required:?}");
    let page: toml::Table = toml::from_str(&text).unwrap();
    for key in &required {
        let mut without = page.clone();
        if without.remove(key).is_none() {
            let section = without["sections"].as_array_mut().unwrap()[0]
                .as_table_mut()
                .unwrap();
            assert!(section.remove(key).is_some(), "`{key}` is in the page");
        }
        let error = Page::parse(&toml::to_string(&without).unwrap(), "perf.toml".as_ref())
            .err()
            .unwrap_or_else(|| panic!("the page is valid without `{key}`"))
            .to_string();
        assert!(
            error.contains(key.as_str()),
            "the error names `{key}`: {error}"
        );
    }
}

#[test]
fn the_install_line_installs_this_package() {
    let line = readme()
        .lines()
        .find(|line| line.contains("cargo install"))
        .unwrap()
        .to_owned();
    assert!(line.contains("--path bench-report"), "{line}");
    let manifest: toml::Table = toml::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap(),
    )
    .unwrap();
    assert_eq!(manifest["package"]["name"].as_str(), Some("bench-report"));
    assert!(
        manifest["package"].get("publish").is_none(),
        "the package can be published"
    );
}
