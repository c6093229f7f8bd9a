//! The checks the binary runs: properties of a few small functions.

use crate::case::TestCase;

pub fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

pub fn is_palindrome(s: &str) -> bool {
    let c: Vec<char> = s
        .chars()
        .filter(|c| c.is_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    c.iter().eq(c.iter().rev())
}

fn check(cond: bool, what: &str) -> Result<(), String> {
    if cond {
        Ok(())
    } else {
        Err(format!("expected {what}"))
    }
}

pub const SUITE: &[TestCase] = &[
    TestCase::new("gcd::basic", || check(gcd(12, 18) == 6, "gcd(12, 18) == 6")),
    TestCase::new("gcd::zero", || check(gcd(7, 0) == 7, "gcd(7, 0) == 7")),
    TestCase::new("gcd::coprime", || {
        check(gcd(17, 31) == 1, "gcd(17, 31) == 1")
    }),
    TestCase::new("gcd::commutes", || {
        for a in 1..60 {
            for b in 1..60 {
                check(gcd(a, b) == gcd(b, a), "gcd to commute")?;
            }
        }
        Ok(())
    }),
    TestCase::new("palindrome::racecar", || {
        check(is_palindrome("Racecar"), "Racecar")
    }),
    TestCase::new("palindrome::sentence", || {
        check(is_palindrome("A man, a plan, a canal: Panama"), "the canal")
    }),
    TestCase::new("palindrome::not", || {
        check(is_palindrome("workerpool"), "workerpool to be a palindrome")
    }),
    TestCase::new("parse::overflow", || {
        let n: u8 = "300".parse().map_err(|e| format!("{e}"))?;
        check(n > 0, "a number")
    }),
    TestCase::new("index::out_of_bounds", || {
        let v: Vec<u32> = vec![1, 2, 3];
        let i = v.len() + 2;
        check(v[i] > 0, "an element")
    }),
    TestCase::new("slow::network", || Ok(())).ignored(),
];
