//! The preview server: serves the site's files on 127.0.0.1, index pages for folders, and nothing
//! outside the site's folder.

use site::serve::Preview;
use std::io::{Read, Write};
use std::net::TcpStream;

/// Sends a GET for `path` and returns the status line, the headers and the body.
fn get(preview: &Preview, path: &str) -> (String, String) {
    let address = preview
        .url()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut stream = TcpStream::connect(&address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    (head.to_string(), body.to_string())
}

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("book")).unwrap();
    std::fs::write(dir.path().join("index.html"), "<p>landing</p>").unwrap();
    std::fs::write(dir.path().join("book/index.html"), "<p>book</p>").unwrap();
    std::fs::write(dir.path().join("style.css"), "p {}").unwrap();
    dir
}

#[test]
fn files_are_served_with_their_type() {
    let dir = site();
    let preview = Preview::start(dir.path(), None).unwrap();
    assert!(
        preview.url().starts_with("http://127.0.0.1:"),
        "{}",
        preview.url()
    );
    let (head, body) = get(&preview, "/");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: text/html; charset=utf-8"),
        "{head}"
    );
    assert_eq!(body, "<p>landing</p>");
    let (head, _) = get(&preview, "/style.css?v=1");
    assert!(
        head.to_ascii_lowercase().contains("content-type: text/css"),
        "{head}"
    );
}

#[test]
fn a_folder_without_its_slash_is_redirected_so_relative_links_work() {
    let dir = site();
    let preview = Preview::start(dir.path(), None).unwrap();
    let (head, _) = get(&preview, "/book");
    assert!(head.starts_with("HTTP/1.1 301"), "{head}");
    assert!(head.contains("Location: /book/"), "{head}");
    let (_, body) = get(&preview, "/book/");
    assert_eq!(body, "<p>book</p>");
}

#[test]
fn missing_files_and_paths_out_of_the_site_are_not_found() {
    let dir = site();
    let preview = Preview::start(dir.path(), None).unwrap();
    for path in [
        "/missing.html",
        "/../index.html",
        "/book/%2e%2e/%2e%2e/etc/passwd",
    ] {
        let (head, _) = get(&preview, path);
        assert!(head.starts_with("HTTP/1.1 404"), "{path}: {head}");
    }
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let dir = site();
    let first = Preview::start(dir.path(), None).unwrap();
    let port: u16 = first
        .url()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let error = Preview::start(dir.path(), Some(port))
        .err()
        .expect("the port is taken");
    assert!(error.to_string().contains("--port"), "{error}");
}
