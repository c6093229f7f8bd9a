//! Fixed exchange rates, in millionths of a euro per unit.

use std::collections::HashMap;

#[derive(Debug, Clone, Default)]
pub struct RateTable {
    micro_eur: HashMap<String, i64>,
}

impl RateTable {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with(mut self, currency: &str, micro_eur: i64) -> Self {
        self.micro_eur.insert(currency.to_uppercase(), micro_eur);
        self
    }

    pub fn standard() -> Self {
        RateTable::new()
            .with("EUR", 1_000_000)
            .with("USD", 920_000)
            .with("GBP", 1_170_000)
            .with("CHF", 1_040_000)
            .with("JPY", 6_100)
    }

    /// Cents in `currency` to euro cents, rounded half away from zero.
    pub fn to_eur_cents(&self, currency: &str, cents: i64) -> Option<i64> {
        let rate = *self.micro_eur.get(currency)?;
        let scaled = cents * rate;
        let half = 500_000 * scaled.signum();
        Some((scaled + half) / 1_000_000)
    }
}
