use std::sync::mpsc;

use invoicer::desk::{self, Job};
use invoicer::tax::TaxTable;
use invoicer::{wp, Billing, BillingError, Invoice};

fn invoice(n: u32) -> Invoice {
    Invoice::new(n, "Test", "DE").line("thing", 1, 10_000)
}

#[test]
fn desks_open_and_close() {
    let mut billing = Billing::new(TaxTable::europe());
    assert_eq!(billing.open_desk().unwrap(), 1);
    assert_eq!(billing.open_desk().unwrap(), 2);
    assert!(billing.close_desk().unwrap());
    assert!(billing.close_desk().unwrap());
    assert!(!billing.close_desk().unwrap());
    assert_eq!(billing.open_desks(), 0);
    assert!(matches!(
        billing.run(vec![invoice(1)]),
        Err(BillingError::Closed)
    ));
}

#[test]
fn run_totals_what_was_issued() {
    let mut billing = Billing::new(TaxTable::europe());
    billing.open_desk().unwrap();
    let out = billing.run(vec![invoice(2), invoice(1)]).unwrap();
    assert_eq!(out.iter().map(|r| r.number).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(billing.issued_cents(), 2 * 11_900);
}

#[test]
fn a_desk_on_a_pool_of_your_own() {
    let pool = wp::Pool::new(1);
    let clerk = desk::open(std::sync::Arc::new(TaxTable::europe()), Default::default());
    pool.add_worker(&clerk).unwrap();
    let (out, back) = mpsc::channel();
    let job: Job = (invoice(9), out);
    pool.delegate(job).unwrap();
    assert_eq!(back.recv().unwrap().gross_cents, 11_900);
}

#[test]
fn pause_and_reopen() {
    let mut billing = Billing::new(TaxTable::europe());
    billing.open_desk().unwrap();
    billing.open_desk().unwrap();
    billing.pause();
    assert_eq!(billing.open_desks(), 0);
    let (out, _back) = mpsc::channel::<invoicer::Rendered>();
    assert!(matches!(
        billing.pool().delegate((invoice(1), out)),
        Err(wp::Error::NoWorkers)
    ));
    billing.reopen().unwrap();
    assert_eq!(billing.open_desks(), 2);
    assert_eq!(billing.run(vec![invoice(3)]).unwrap()[0].number, 3);
}
