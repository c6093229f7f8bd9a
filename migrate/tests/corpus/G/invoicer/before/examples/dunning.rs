//! Renders reminders for overdue invoices on a one-desk pool, without the Billing office.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use invoicer::desk;
use invoicer::tax::TaxTable;
use invoicer::wp::Pool;
use invoicer::{render_batch, Invoice};

fn main() -> Result<(), invoicer::BillingError> {
    let pool = Pool::new(4);
    let clerk = desk::open(Arc::new(TaxTable::europe()), Arc::new(AtomicU64::new(0)));
    pool.add_worker(&clerk)?;
    let overdue = vec![
        Invoice::new(17, "Late Ltd", "NL").line("widget", 8, 1250),
        Invoice::new(12, "Slow SA", "FR").line("support", 2, 9900),
    ];
    for r in render_batch(&pool, overdue)? {
        println!("REMINDER {}", r.text);
    }
    pool.remove_worker(&clerk)?;
    Ok(())
}
