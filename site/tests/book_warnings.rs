//! The book is built only when it builds clean: a warning or error mdBook logs fails the site's
//! build, and the message lists it.

/// A book in a temporary folder whose summary lists `chapters` (Markdown list items).
fn book(chapters: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("book.toml"), "[book]\ntitle = \"t\"\n").unwrap();
    std::fs::write(
        dir.path().join("src/SUMMARY.md"),
        format!("# Summary\n\n{chapters}\n"),
    )
    .unwrap();
    dir
}

#[test]
fn a_book_that_logs_an_error_fails_the_build_and_says_why() {
    let dir = book("- [Chapter](chapter.md)");
    std::fs::write(
        dir.path().join("src/chapter.md"),
        "# Chapter\n\n{{#include no-such-file.rs}}\n",
    )
    .unwrap();

    let error = site::book::build(dir.path(), &dir.path().join("out")).unwrap_err();
    let message = format!("{error:#}");
    assert!(message.contains("built with warnings"), "{message}");
    assert!(message.contains("no-such-file.rs"), "{message}");
}

#[test]
fn a_chapter_missing_from_the_sources_is_an_error_and_is_not_created() {
    let dir = book("- [Missing](missing.md)");
    let src = dir.path().join("src");

    assert!(site::book::build(dir.path(), &dir.path().join("out")).is_err());
    assert!(
        !src.join("missing.md").exists(),
        "the build wrote into the book's sources"
    );
}

#[test]
fn a_folder_without_a_book_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let error = site::book::build(dir.path(), &dir.path().join("out"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("book.toml is missing"), "{error}");
}
