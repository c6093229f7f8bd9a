//! Invoices and what rendering makes of them.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub item: &'static str,
    pub qty: u32,
    pub unit_cents: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub number: u32,
    pub customer: &'static str,
    pub country: &'static str,
    pub lines: Vec<Line>,
}

impl Invoice {
    pub fn new(number: u32, customer: &'static str, country: &'static str) -> Invoice {
        Invoice {
            number,
            customer,
            country,
            lines: Vec::new(),
        }
    }

    pub fn line(mut self, item: &'static str, qty: u32, unit_cents: u64) -> Invoice {
        self.lines.push(Line {
            item,
            qty,
            unit_cents,
        });
        self
    }

    pub fn net_cents(&self) -> u64 {
        self.lines
            .iter()
            .map(|l| u64::from(l.qty) * l.unit_cents)
            .sum()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rendered {
    pub number: u32,
    pub text: String,
    pub gross_cents: u64,
}
