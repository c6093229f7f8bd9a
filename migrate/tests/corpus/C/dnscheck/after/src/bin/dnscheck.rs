use dnscheck::{default_checks, BoxResult, Pipeline, PipelineConfig, Severity, Zone};

const ZONE: &str = "\
; example zone
example.com        A     93.184.216.34
example.com        MX    10 mail.example.com
example.com        TXT   \"v=spf1 mx -all\"
www.example.com    CNAME example.com
mail.example.com   A     93.184.216.40
shop.example.com   CNAME shop-lb.example.com
shop-lb.example.com CNAME shop-eu.cdn.example.net
shop-eu.cdn.example.net CNAME edge7.cdn.example.net
edge7.cdn.example.net A 203.0.113.7
intranet.example.com A 10.1.2.3
old.example.com    CNAME retired.example.org
news.example.org   MX    5 mx.example.org
news.example.org   A     198.51.100.9
v6.example.com     AAAA  2001:db8::1
";

fn main() -> BoxResult<()> {
    let zone = Zone::parse(ZONE)?;
    let pipeline = Pipeline::new(
        zone,
        default_checks(),
        PipelineConfig {
            resolvers: 3,
            checkers: 2,
        },
    )?;
    let names = [
        "example.com",
        "www.example.com",
        "mail.example.com",
        "shop.example.com",
        "intranet.example.com",
        "old.example.com",
        "news.example.org",
        "v6.example.com",
        "missing.example.com",
    ];
    let findings = pipeline.run(names)?;
    println!("checked {} names", pipeline.resolved());
    for f in &findings {
        println!("{f}");
    }
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    println!("{errors} errors, {} warnings", findings.len() - errors);
    Ok(())
}
