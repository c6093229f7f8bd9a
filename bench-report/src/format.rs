//! How figures read on the page: times scaled to ns/µs/ms/s, spreads, allocations, bytes and ratios.

/// A time unit and how many nanoseconds it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeUnit {
    /// The symbol shown, e.g. "µs".
    pub symbol: &'static str,
    /// Nanoseconds per unit.
    pub ns: u64,
}

const UNITS: [TimeUnit; 4] = [
    TimeUnit {
        symbol: "ns",
        ns: 1,
    },
    TimeUnit {
        symbol: "µs",
        ns: 1_000,
    },
    TimeUnit {
        symbol: "ms",
        ns: 1_000_000,
    },
    TimeUnit {
        symbol: "s",
        ns: 1_000_000_000,
    },
];

/// The largest unit in which `ns` is at least 1 (nanoseconds below that).
pub fn unit_for(ns: f64) -> TimeUnit {
    UNITS
        .iter()
        .rev()
        .find(|unit| ns >= unit.ns as f64)
        .copied()
        .unwrap_or(UNITS[0])
}

/// A time with its unit: "38.8 ns", "1.23 µs", "215.9 ms".
pub fn time(ns: f64) -> String {
    let mut unit = unit_for(ns);
    let mut value = ns / unit.ns as f64;
    // Rounding may carry into the next unit: 999.96 ns reads as 1.00 µs.
    if format!("{value:.1}") == "1000.0"
        && let Some(next) = UNITS.iter().find(|u| u.ns == unit.ns * 1_000)
    {
        unit = *next;
        value = ns / unit.ns as f64;
    }
    if value < 10.0 {
        format!("{value:.2} {}", unit.symbol)
    } else {
        format!("{value:.1} {}", unit.symbol)
    }
}

/// A time in a given unit, for axis ticks: "0 ns", "50 ns", "1.5 µs".
pub fn tick(ns: f64, unit: TimeUnit) -> String {
    let value = ns / unit.ns as f64;
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} {}", unit.symbol)
}

/// An interval around `point` as it is: "± 2%" when its two halves read the same, "−19% +9%" when
/// they do not (criterion's intervals of a median are seldom symmetric).
///
/// ```
/// use bench_report::format::interval;
/// assert_eq!(interval(100.0, (98.0, 102.0)), "± 2%");
/// assert_eq!(interval(100.0, (81.2, 109.0)), "−19% +9%");
/// ```
pub fn interval(point: f64, (lower, upper): (f64, f64)) -> String {
    let below = 100.0 * (point - lower) / point;
    let above = 100.0 * (upper - point) / point;
    let (low, high) = (percent_digits(below), percent_digits(above));
    if low == high {
        format!("± {low}%")
    } else {
        format!("−{low}% +{high}%")
    }
}

fn percent_digits(pct: f64) -> String {
    if pct < 1.0 {
        format!("{pct:.1}")
    } else {
        format!("{pct:.0}")
    }
}

/// A measured time as the tables show it: "3.67 µs ± 2%", and its rate where the benchmark declared a
/// throughput: "3.67 µs ± 2% · 266 MiB/s".
pub fn measured(time: &crate::criterion::Measurement) -> String {
    let text = format!(
        "{} {}",
        self::time(time.point_ns),
        spread(time.spread_pct())
    );
    with_rate(text, time.throughput, time.point_ns)
}

/// `text` followed by the rate of `throughput` at `ns` per iteration, if any: "… · 266 MiB/s".
pub fn with_rate(
    text: String,
    throughput: Option<crate::criterion::Throughput>,
    ns: f64,
) -> String {
    match throughput {
        Some(throughput) => format!("{text} · {}", throughput.rate(ns)),
        None => text,
    }
}

/// benchstat's spread: "± 2%", with one decimal below 1%.
pub fn spread(pct: f64) -> String {
    if pct < 1.0 {
        format!("± {pct:.1}%")
    } else {
        format!("± {pct:.0}%")
    }
}

/// Allocations per operation: "0 allocs", "1 alloc", "2.5 allocs", "100,001 allocs".
pub fn allocations(per_op: f64) -> String {
    let rounded = per_op.round();
    let text = if (per_op - rounded).abs() < 0.005 {
        grouped(rounded as u64)
    } else {
        format!("{per_op:.2}")
    };
    if text == "1" {
        "1 alloc".to_owned()
    } else {
        format!("{text} allocs")
    }
}

/// The bare allocation figure of a headline: "0", "1.5".
pub fn allocations_value(per_op: f64) -> String {
    let rounded = per_op.round();
    if (per_op - rounded).abs() < 0.005 {
        grouped(rounded as u64)
    } else {
        format!("{per_op:.2}")
    }
}

/// A byte count in binary units: "512 B", "1.5 KiB", "12.0 MiB".
pub fn bytes(count: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if count < 1024 {
        return format!("{count} B");
    }
    let mut value = count as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// A ratio: "5.6×", "12×", and "1.03×" where one decimal would read "1.0×".
pub fn ratio(value: f64) -> String {
    if value >= 9.95 {
        format!("{value:.0}×")
    } else if format!("{value:.1}") == "1.0" {
        format!("{value:.2}×")
    } else {
        format!("{value:.1}×")
    }
}

/// How the candidate compares, from `ratio` = other's time / candidate's time.
pub fn comparison(ratio_value: f64, holds: bool) -> String {
    if !holds {
        "no clear difference".to_owned()
    } else if ratio_value >= 1.0 {
        format!("{} faster", ratio(ratio_value))
    } else {
        format!("{} slower", ratio(1.0 / ratio_value))
    }
}

/// Thousands separated by commas: 100000 -> "100,000".
pub fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_pick_the_unit_that_keeps_the_figure_readable() {
        assert_eq!(time(38.84), "38.8 ns");
        assert_eq!(time(215.94), "215.9 ns");
        assert_eq!(time(5.123), "5.12 ns");
        assert_eq!(time(1_234.0), "1.23 µs");
        assert_eq!(time(999.97), "1.00 µs");
        assert_eq!(time(45_600.0), "45.6 µs");
        assert_eq!(time(123_400_000.0), "123.4 ms");
        assert_eq!(time(2_500_000_000.0), "2.50 s");
        assert_eq!(time(0.5), "0.50 ns");
    }

    #[test]
    fn ticks_drop_needless_zeros() {
        let us = unit_for(2_000.0);
        assert_eq!(tick(0.0, us), "0 µs");
        assert_eq!(tick(1_500.0, us), "1.5 µs");
        assert_eq!(tick(2_000.0, us), "2 µs");
    }

    #[test]
    fn allocations_read_as_counts() {
        assert_eq!(allocations(0.0), "0 allocs");
        assert_eq!(allocations(1.0004), "1 alloc");
        assert_eq!(allocations(2.5), "2.50 allocs");
        assert_eq!(allocations(100_001.0), "100,001 allocs");
    }

    #[test]
    fn comparisons_claim_only_what_holds() {
        assert_eq!(comparison(5.56, true), "5.6× faster");
        assert_eq!(comparison(0.5, true), "2.0× slower");
        assert_eq!(comparison(5.56, false), "no clear difference");
        assert_eq!(comparison(12.3, true), "12× faster");
        assert_eq!(comparison(1.034, true), "1.03× faster");
        assert_eq!(comparison(1.0 / 1.044, true), "1.04× slower");
        assert_eq!(comparison(1.0 / 1.056, true), "1.1× slower");
    }

    #[test]
    fn spreads_and_bytes() {
        assert_eq!(spread(2.4), "± 2%");
        assert_eq!(spread(0.42), "± 0.4%");
        assert_eq!(bytes(100), "100 B");
        assert_eq!(bytes(1536), "1.5 KiB");
        assert_eq!(bytes(12 * 1024 * 1024), "12.0 MiB");
    }
}
