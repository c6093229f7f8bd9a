//! Runs a single custom check list over a generated zone.

use std::sync::Arc;

use dnscheck::checks::MailHasSpf;
use dnscheck::{Check, Pipeline, PipelineConfig, Record, Zone};

fn main() -> dnscheck::BoxResult<()> {
    let mut zone = Zone::default();
    for i in 0..12 {
        let name = format!("d{i}.test");
        zone.add(&name, Record::Mx(10, format!("mx.{name}")));
        if i % 3 == 0 {
            zone.add(&name, Record::Txt("v=spf1 -all".into()));
        }
    }
    let checks: Vec<Arc<dyn Check>> = vec![Arc::new(MailHasSpf)];
    let p = Pipeline::new(zone, checks, PipelineConfig::default())?;
    let findings = p.run((0..12).map(|i| format!("d{i}.test")))?;
    println!("{} domains lack SPF:", findings.len());
    for f in findings {
        println!("  {}", f.name);
    }
    println!("threads: {:?}", p.threads());
    Ok(())
}
