//! Number tools.

pub fn fib(n: u64) -> String {
    let (mut a, mut b) = (0u128, 1u128);
    for _ in 0..n.min(180) {
        (a, b) = (b, a + b);
    }
    format!("fib({n}) = {a}")
}

pub fn factors(mut n: u64) -> String {
    let start = n;
    let mut out = Vec::new();
    let mut d = 2;
    while d * d <= n {
        while n % d == 0 {
            out.push(d.to_string());
            n /= d;
        }
        d += 1;
    }
    if n > 1 || out.is_empty() {
        out.push(n.to_string());
    }
    format!("{start} = {}", out.join(" * "))
}
