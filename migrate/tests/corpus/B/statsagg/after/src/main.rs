use statsagg::Aggregator;

fn main() -> Result<(), workerpool::v2::Error> {
    let mut agg = Aggregator::new()?;
    println!("workers: {:?}", agg.workers());
    for i in 0..200u32 {
        let series = ["cpu", "mem", "disk"][(i % 3) as usize];
        let x = ((i * 37) % 101) as f64 / 4.0;
        agg.sample(series, x)?;
    }
    agg.label("deploy", 3)?;
    agg.label("alert", 2)?;
    agg.label("deploy", 1)?;
    let (series, labels) = agg.flush();
    for (name, s) in &series {
        println!("{name:<5} n={:<3} mean={:>7.3} var={:>8.3} min={:>5.2} max={:>5.2}", s.count, s.mean(), s.variance(), s.min, s.max);
    }
    for (label, n) in &labels {
        println!("label {label}: {n}");
    }
    Ok(())
}
