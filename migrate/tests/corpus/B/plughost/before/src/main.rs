use plughost::{plugins, Host};

const DOCS: [(&str, &str); 3] = [
    ("readme", "Plughost analyses documents.\n\nEvery plugin receives its own workers and queue.\n\nShort."),
    ("changelog", "Version 0.6: plugins schedule their own jobs.\n\nVersion 0.5: checksum plugin added."),
    ("empty", ""),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut host = Host::new(plugins::builtin())?;
    for d in host.describe() {
        println!("plugin {d}");
    }
    for (name, text) in DOCS {
        host.analyse(name, text)?;
    }
    for f in host.report() {
        println!("{:<9} {:<9} {}", f.plugin, f.doc, f.detail);
    }
    Ok(())
}
