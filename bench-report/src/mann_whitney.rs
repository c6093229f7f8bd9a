//! The Mann–Whitney U test: do two sets of samples come from the same distribution?
//!
//! benchstat's test. It compares ranks, not values, so one outlier (a sample that caught a context
//! switch) cannot decide it, and it assumes no shape of the distribution. The p-value uses the normal
//! approximation with a correction for ties and for continuity, as `scipy.stats.mannwhitneyu(...,
//! method="asymptotic")` does; criterion takes at least 10 samples, where it is close to exact.

/// The outcome of the test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MannWhitney {
    /// U of the first sample: how many (first, second) pairs have the first larger, ties counting ½.
    pub u: f64,
    /// Two-sided p-value: how likely a difference at least this clear is when there is none.
    pub p_value: f64,
}

/// Tests `a` against `b`.
///
/// ```
/// use bench_report::mann_whitney::test;
///
/// let clearly_apart = test(&[1.0, 2.0, 3.0, 4.0, 5.0], &[6.0, 7.0, 8.0, 9.0, 10.0]);
/// assert!(clearly_apart.p_value < 0.05);
/// let the_same = test(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]);
/// assert_eq!(the_same.p_value, 1.0);
/// ```
///
/// # Panics
///
/// If either sample is empty or holds a NaN.
pub fn test(a: &[f64], b: &[f64]) -> MannWhitney {
    assert!(
        !a.is_empty() && !b.is_empty(),
        "the Mann–Whitney test needs samples on both sides"
    );
    let (n1, n2) = (a.len() as f64, b.len() as f64);
    let mut all: Vec<(f64, bool)> = a
        .iter()
        .map(|&v| (v, true))
        .chain(b.iter().map(|&v| (v, false)))
        .collect();
    assert!(all.iter().all(|(v, _)| !v.is_nan()), "a sample is NaN");
    all.sort_by(|x, y| x.0.total_cmp(&y.0));
    // Ranks from 1; tied values share the mean of their ranks.
    let mut rank_sum_a = 0.0;
    let mut tie_term = 0.0;
    let mut start = 0;
    while start < all.len() {
        let end = start
            + all[start..]
                .iter()
                .take_while(|v| v.0 == all[start].0)
                .count();
        let tied = (end - start) as f64;
        let mean_rank = (start + end + 1) as f64 / 2.0;
        rank_sum_a += mean_rank * all[start..end].iter().filter(|v| v.1).count() as f64;
        tie_term += tied * tied * tied - tied;
        start = end;
    }
    let u = rank_sum_a - n1 * (n1 + 1.0) / 2.0;
    let n = n1 + n2;
    let mean = n1 * n2 / 2.0;
    let variance = n1 * n2 / 12.0 * ((n + 1.0) - tie_term / (n * (n - 1.0)));
    if variance <= 0.0 {
        // Every value is the same: nothing tells the two apart.
        return MannWhitney { u, p_value: 1.0 };
    }
    let z = ((u - mean).abs() - 0.5).max(0.0) / variance.sqrt();
    MannWhitney {
        u,
        p_value: erfc(z / std::f64::consts::SQRT_2).min(1.0),
    }
}

/// The complementary error function, to a relative error below 1.2e-7 (Numerical Recipes' `erfcc`, a
/// Chebyshev fit): plenty for a p-value compared with 0.01.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let value = t * poly.exp();
    if x >= 0.0 { value } else { 2.0 - value }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erfc_matches_known_values() {
        // Values from Abramowitz and Stegun, table 7.1.
        for (x, expected) in [
            (0.0, 1.0),
            (0.5, 0.479_500_122),
            (1.0, 0.157_299_207),
            (2.0, 0.004_677_735),
            (3.0, 0.000_022_090_5),
            (-1.0, 1.842_700_793),
        ] {
            let got = erfc(x);
            assert!(
                ((got - expected) / expected).abs() < 2e-7,
                "erfc({x}) = {got}, not {expected}"
            );
        }
    }

    #[test]
    fn separated_samples_give_the_textbook_p_value() {
        // U = 0 of 25 pairs; z = (12.5 - 0.5) / sqrt(25 · 11 / 12) = 2.5067, two-sided p = 0.012186.
        let result = test(&[1.0, 2.0, 3.0, 4.0, 5.0], &[6.0, 7.0, 8.0, 9.0, 10.0]);
        assert_eq!(result.u, 0.0);
        assert!((result.p_value - 0.012_186).abs() < 1e-5, "{result:?}");
        let reversed = test(&[6.0, 7.0, 8.0, 9.0, 10.0], &[1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(reversed.u, 25.0);
        assert!((reversed.p_value - result.p_value).abs() < 1e-12);
    }

    #[test]
    fn interleaved_samples_show_no_difference() {
        let result = test(&[1.0, 3.0, 5.0, 7.0, 9.0], &[2.0, 4.0, 6.0, 8.0, 10.0]);
        assert!(result.p_value > 0.5, "{result:?}");
    }

    #[test]
    fn ties_share_their_rank_and_shrink_the_variance() {
        // Ranks: 1 → 1.5, 1 → 1.5, 2 → 3.5, 2 → 3.5; a = [1, 2] has rank sum 5, U = 2 = the mean.
        let result = test(&[1.0, 2.0], &[1.0, 2.0]);
        assert_eq!(result.u, 2.0);
        assert_eq!(result.p_value, 1.0);
        let all_equal = test(&[4.0; 10], &[4.0; 10]);
        assert_eq!(all_equal.p_value, 1.0);
    }

    #[test]
    fn one_outlier_cannot_decide_it() {
        let a: Vec<f64> = (0..20).map(|i| 100.0 + f64::from(i)).collect();
        let mut b = a.clone();
        b[0] = 1e9;
        assert!(test(&a, &b).p_value > 0.5);
    }

    #[test]
    #[should_panic(expected = "samples on both sides")]
    fn empty_samples_are_refused() {
        test(&[], &[1.0]);
    }
}
