//! `cargo run --example dig -- www.example.org api.internal`
fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    match dnscache::lookup_many(names) {
        Ok(answers) => answers.iter().for_each(|a| println!("{a}")),
        Err(e) => eprintln!("dig: {e}"),
    }
}
