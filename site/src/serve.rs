//! Previews a built site: a small static file server on 127.0.0.1.

use anyhow::{Result, anyhow};
use percent_encoding::percent_decode_str;
use std::fs::File;
use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;
use tiny_http::{Header, Request, Response, Server};

/// A running preview server. Dropping it stops the server.
pub struct Preview {
    server: Arc<Server>,
    address: SocketAddr,
    thread: Option<JoinHandle<()>>,
}

impl Preview {
    /// Serves the folder `root` on 127.0.0.1 at `port`, or at a free port when `port` is `None`.
    pub fn start(root: &Path, port: Option<u16>) -> Result<Preview> {
        let wanted = SocketAddr::from(([127, 0, 0, 1], port.unwrap_or(0)));
        let server = Server::http(wanted).map_err(|error| {
            anyhow!("could not serve on {wanted}: {error}. Pick another port with --port, or leave it out to get a free one.")
        })?;
        let address = server
            .server_addr()
            .to_ip()
            .ok_or_else(|| anyhow!("the server listens on no IP address"))?;
        let server = Arc::new(server);
        let root = root.to_path_buf();
        let requests = Arc::clone(&server);
        let thread = std::thread::Builder::new()
            .name("site-preview".into())
            .spawn(move || {
                for request in requests.incoming_requests() {
                    respond(&root, request);
                }
            })?;
        Ok(Preview {
            server,
            address,
            thread: Some(thread),
        })
    }

    /// The site's address, such as `http://127.0.0.1:4000/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Serves until the process is stopped.
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Preview {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Serves `root` on 127.0.0.1 (at `port`, or a free port), printing its address, until the
/// process is stopped.
pub fn serve(root: &Path, port: Option<u16>) -> Result<()> {
    let preview = Preview::start(root, port)?;
    println!(
        "Serving {} at {} (Ctrl-C to stop)",
        root.display(),
        preview.url()
    );
    preview.wait();
    Ok(())
}

fn respond(root: &Path, request: Request) {
    let response = match request.method() {
        tiny_http::Method::Get | tiny_http::Method::Head => answer(root, request.url()),
        _ => Response::from_string("only GET and HEAD are served\n")
            .with_status_code(405)
            .boxed(),
    };
    // The reader may have gone away: there is no one left to tell.
    let _ = request.respond(response);
}

fn answer(root: &Path, url: &str) -> tiny_http::ResponseBox {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let Some(relative) = site_path(path) else {
        return not_found();
    };
    let mut file = root.join(&relative);
    if file.is_dir() {
        if !path.ends_with('/') {
            // Relative links on an index page resolve against its folder only with the slash.
            let location =
                Header::from_bytes("Location", format!("{path}/")).expect("a valid header");
            return Response::empty(301).with_header(location).boxed();
        }
        file.push("index.html");
    }
    match File::open(&file) {
        Ok(opened) if file.is_file() => {
            let mime = mime_guess::from_path(&file).first_or_octet_stream();
            let content_type = match mime.type_() {
                mime_guess::mime::TEXT => format!("{mime}; charset=utf-8"),
                _ if mime.subtype() == "javascript" || mime.subtype() == "json" => {
                    format!("{mime}; charset=utf-8")
                }
                _ => mime.to_string(),
            };
            let header = Header::from_bytes("Content-Type", content_type).expect("a valid header");
            let no_cache = Header::from_bytes("Cache-Control", "no-cache").expect("a valid header");
            Response::from_file(opened)
                .with_header(header)
                .with_header(no_cache)
                .boxed()
        }
        _ => not_found(),
    }
}

fn not_found() -> tiny_http::ResponseBox {
    Response::from_string("404: no such page in this site\n")
        .with_status_code(404)
        .boxed()
}

/// The file path a URL path names under the site's root, or `None` if it would leave the root.
fn site_path(url_path: &str) -> Option<PathBuf> {
    let decoded = percent_decode_str(url_path).decode_utf8().ok()?;
    let mut path = PathBuf::new();
    for component in Path::new(decoded.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => path.push(part),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_paths_map_into_the_site_and_never_out_of_it() {
        assert_eq!(
            site_path("/book/intro.html"),
            Some(PathBuf::from("book/intro.html"))
        );
        assert_eq!(site_path("/a%20b/"), Some(PathBuf::from("a b")));
        assert_eq!(site_path("/"), Some(PathBuf::new()));
        assert_eq!(site_path("/../etc/passwd"), None);
        assert_eq!(site_path("/book/%2e%2e/%2e%2e/x"), None);
    }
}
