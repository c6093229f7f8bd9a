use std::sync::mpsc;
use std::sync::Arc;

use anyhow::Context;
use certscan::{CertDb, Report, Shards, Verdict};

fn scan(shards: &Shards, hosts: &[&str]) -> anyhow::Result<Vec<Report>> {
    let (reply, reports) = mpsc::channel();
    for host in hosts {
        shards
            .submit(host, &reply)
            .with_context(|| format!("submitting {host}"))?;
    }
    drop(reply);
    let mut all: Vec<Report> = reports.iter().collect();
    all.sort_by(|a, b| a.verdict.cmp(&b.verdict).then_with(|| a.host.cmp(&b.host)));
    Ok(all)
}

fn main() -> anyhow::Result<()> {
    let db = Arc::new(CertDb::sample());
    let shards = Shards::start(Arc::clone(&db), 3, 2)?;
    println!("probes per shard: {:?}", shards.probes_per_shard());

    let mut hosts: Vec<&str> = db.hosts().collect();
    hosts.push("old.example.org");
    for r in scan(&shards, &hosts)? {
        println!(
            "{:<11} {:<17} shard {}  {}",
            format!("{:?}", r.verdict),
            r.host,
            r.shard,
            r.detail
        );
    }

    shards.drain(0)?;
    println!("probes per shard: {:?}", shards.probes_per_shard());
    let urgent = scan(&shards, &hosts)?
        .into_iter()
        .filter(|r| r.verdict <= Verdict::Renew)
        .map(|r| format!("{}@{}", r.host, r.shard))
        .collect::<Vec<_>>();
    println!("urgent (shard 0 drained): {}", urgent.join(", "));

    shards.restore(0, 1)?;
    println!("probes per shard: {:?}", shards.probes_per_shard());
    shards.shutdown();
    println!("probes per shard: {:?}", shards.probes_per_shard());
    Ok(())
}
