//! Settles a day of transfers, then computes fees in a batch.

use batchkit::{run_batch, Enqueue, Ledger, PoolExt, Transfer};
use workerpool::v2::Pool;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let ledger = Ledger::default();
    let pool = Pool::new(16);
    let worker = ledger.worker();
    pool.ensure_workers(&worker, 3)?;

    let names = ["ana", "ben", "cho", "dev"];
    let transfers: Vec<Transfer> = (0..40)
        .map(|i| Transfer {
            from: names[i % 4].to_string(),
            to: names[(i * 3 + 1) % 4].to_string(),
            cents: (i as i64 % 7) * 125,
        })
        .collect();
    let real = transfers.iter().filter(|t| t.cents != 0 && t.from != t.to).count();
    for t in transfers {
        t.enqueue(&pool)?;
    }
    ledger.wait_for(real);
    println!("applied {} transfers", ledger.applied());
    for (name, cents) in ledger.balances() {
        println!("  {name}: {:>8.2}", cents as f64 / 100.0);
    }

    // Extra queued pings on the same ledger pool use submit_all.
    let noop = Transfer { from: "ana".into(), to: "ben".into(), cents: 1 };
    let n = pool.submit_all(std::iter::repeat_n(noop, 5))?;
    ledger.wait_for(real + n);
    println!("after pings: ana {}", ledger.balances()["ana"]);

    let balances: Vec<(String, i64)> = ledger.balances().into_iter().collect();
    let fees = run_batch(balances, 2, |(name, cents)| (name, (cents.abs() / 100).max(1)))?;
    for (name, fee) in fees {
        println!("fee {name}: {fee}");
    }
    Ok(())
}
