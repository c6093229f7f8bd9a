use cachewarm::prelude::*;

const PLAN: &str = "\
# front page first
high /index.html
high /assets/app.js
high /assets/app.css
normal /products/1
normal /products/2
normal /products/3
normal /gone/old-campaign
low /about
low /index.html          # duplicate, keeps high
low /gone/legacy.php
";

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let warmer = global();
    let plan = Plan::parse(PLAN)?;
    println!("plan: {} keys", plan.len());

    warmer.scale_to(4)?;
    println!("threads: {}", warmer.threads());
    let first = warmer.warm(&plan)?;
    println!(
        "first pass: fetched {}, cached already {}, {} bytes",
        first.fetched, first.already_cached, first.bytes
    );
    for key in &first.missing {
        println!("  missing {key}");
    }

    warmer.scale_to(1)?;
    println!("threads: {}", warmer.threads());
    let second = warmer.warm(&plan)?;
    println!(
        "second pass: fetched {}, cached already {}",
        second.fetched, second.already_cached
    );

    for key in warmer.cache().keys() {
        let e = warmer.cache().get(&key).expect("listed key");
        println!("{key:<18} {:>4} bytes  #{:08x}", e.bytes, e.checksum);
    }

    warmer.scale_to(0)?;
    if let Err(e) = warmer.warm(&plan) {
        println!("after scale_to(0): {e}");
    }
    Ok(())
}
