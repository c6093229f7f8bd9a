use std::thread;

use invoicer::tax::TaxTable;
use invoicer::{Batch, Billing, BoxError, Invoice};

fn north_branch() -> Vec<Invoice> {
    vec![
        Invoice::new(3, "ACME GmbH", "DE")
            .line("widget", 10, 1250)
            .line("support", 1, 9900),
        Invoice::new(1, "Van Dijk BV", "NL").line("gadget", 2, 4999),
        Invoice::new(5, "Lux Data", "LU")
            .line("license", 3, 20000)
            .line("setup", 1, 15000),
    ]
}

fn south_branch() -> Vec<Invoice> {
    vec![
        Invoice::new(2, "Chez Paul", "FR").line("widget", 4, 1250),
        Invoice::new(4, "Oslo Fisk", "NO")
            .line("gadget", 1, 4999)
            .line("widget", 2, 1250),
    ]
}

fn main() -> Result<(), BoxError> {
    let mut billing = Billing::new(TaxTable::europe());
    for _ in 0..3 {
        billing.open_desk()?;
    }
    println!("desks open: {}", billing.open_desks());

    // Both branches bill at once, each in a batch of its own on the shared pool.
    let pool = billing.pool();
    let mut rendered = thread::scope(|s| {
        let branches = [north_branch(), south_branch()].map(|invoices| {
            s.spawn(move || -> Result<_, invoicer::BillingError> {
                let mut batch = Batch::new(pool);
                for invoice in invoices {
                    batch.add(invoice)?;
                }
                Ok(batch.finish())
            })
        });
        let mut all = Vec::new();
        for branch in branches {
            all.extend(branch.join().expect("branch panicked")?);
        }
        Ok::<_, BoxError>(all)
    })?;
    rendered.sort();
    for r in &rendered {
        println!("{}", r.text);
    }

    while billing.open_desks() > 1 {
        billing.close_desk()?;
    }
    println!("desks open: {}", billing.open_desks());
    let late = billing.run(vec![
        Invoice::new(6, "ACME GmbH", "DE").line("widget", 1, 1250)
    ])?;
    println!("{}", late[0].text);
    println!("issued: {} cents", billing.issued_cents());

    billing.close_desk()?;
    match billing.run(Vec::new()) {
        Err(e) => println!("after closing: {e}"),
        Ok(_) => println!("after closing: still billing"),
    }
    Ok(())
}
