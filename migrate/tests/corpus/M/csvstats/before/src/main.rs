use csvstats::{BoxError, Engine};

const DATA: &str = "\
city, temp_c, rain_mm, station
Oslo, -3.5, 12.0, OSL1
Lisbon, 17.2, 0.4, LIS2
Reykjavik, -1.0, 30.5, REY1
Cairo, 24.9, 0.0, CAI1
Quito, 13.1, , UIO3
Nairobi, 19.4, 6.2
Lima, 18.0, 0.1, LIM1
";

fn main() -> Result<(), BoxError> {
    let engine = Engine::new(2)?;
    engine.set_row_threads(3)?;
    engine.add_column_thread()?;
    println!("row threads: {}, column threads: {}", engine.row_threads(), engine.column_threads());
    let report = engine.analyze(DATA)?;
    println!("rows: {}", report.rows);
    for p in &report.problems {
        println!("problem: {p}");
    }
    for s in &report.numeric {
        println!("{s}");
    }
    for s in &report.skipped {
        println!("skipped: {s}");
    }
    engine.set_row_threads(1)?;
    println!("row threads: {}", engine.row_threads());
    Ok(())
}
