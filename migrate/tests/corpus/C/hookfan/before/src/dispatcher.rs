//! Publishes events to every endpoint and keeps the ledger of outcomes.

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex};

use super::endpoint::Endpoint;
use super::error::{HookError, HookResult};
use super::event::Event;
use super::transport::Transport;

/// What happened to the deliveries so far, per endpoint.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    /// (url, event id, status, attempts)
    pub delivered: Vec<(String, u64, u16, u32)>,
    /// (url, event id, last error)
    pub failed: Vec<(String, u64, String)>,
    /// (url, event id) not sent because the endpoint was paused
    pub skipped: Vec<(String, u64)>,
}

#[derive(Default)]
pub(crate) struct Ledger {
    report: Mutex<(Report, usize)>,
    changed: Condvar,
}

impl Ledger {
    pub fn record(&self, url: &str, id: u64, outcome: Result<(u16, u32), String>) {
        let mut guard = self.report.lock().unwrap();
        let (report, pending) = &mut *guard;
        match outcome {
            Ok((status, attempts)) => {
                report
                    .delivered
                    .push((url.to_string(), id, status, attempts))
            }
            Err(e) => report.failed.push((url.to_string(), id, e)),
        }
        *pending -= 1;
        self.changed.notify_all();
    }

    fn expect(&self, n: usize) {
        self.report.lock().unwrap().1 += n;
    }

    fn unexpect(&self) {
        self.report.lock().unwrap().1 -= 1;
    }

    fn skip(&self, url: &str, id: u64) {
        self.report
            .lock()
            .unwrap()
            .0
            .skipped
            .push((url.to_string(), id));
    }

    fn wait_idle(&self) {
        let mut guard = self.report.lock().unwrap();
        while guard.1 > 0 {
            guard = self.changed.wait(guard).unwrap();
        }
    }

    fn sorted(&self) -> Report {
        let mut r = self.report.lock().unwrap().0.clone();
        r.delivered.sort();
        r.failed.sort();
        r.skipped.sort();
        r
    }
}

pub struct Dispatcher<T: Transport> {
    transport: Arc<T>,
    endpoints: BTreeMap<String, Endpoint>,
    ledger: Arc<Ledger>,
}

impl<T: Transport> Dispatcher<T> {
    pub fn new(transport: T) -> Self {
        Dispatcher {
            transport: Arc::new(transport),
            endpoints: BTreeMap::new(),
            ledger: Arc::default(),
        }
    }

    pub fn transport(&self) -> &T {
        &self.transport
    }

    pub fn subscribe(&mut self, url: &str, concurrency: usize) -> HookResult<()> {
        if self.endpoints.contains_key(url) {
            return Err(HookError::AlreadySubscribed(url.to_string()));
        }
        let ep = Endpoint::start(
            url,
            concurrency,
            Arc::clone(&self.transport),
            Arc::clone(&self.ledger),
        )?;
        self.endpoints.insert(url.to_string(), ep);
        Ok(())
    }

    /// Waits for the endpoint's deliveries, then drops it and its pool.
    pub fn unsubscribe(&mut self, url: &str) -> HookResult<()> {
        self.flush();
        let ep = self
            .endpoints
            .remove(url)
            .ok_or_else(|| HookError::UnknownEndpoint(url.to_string()))?;
        ep.pause()?;
        Ok(())
    }

    fn endpoint(&self, url: &str) -> HookResult<&Endpoint> {
        self.endpoints
            .get(url)
            .ok_or_else(|| HookError::UnknownEndpoint(url.to_string()))
    }

    pub fn pause(&self, url: &str) -> HookResult<()> {
        self.flush();
        self.endpoint(url)?.pause()?;
        Ok(())
    }

    pub fn resume(&self, url: &str) -> HookResult<()> {
        Ok(self.endpoint(url)?.resume()?)
    }

    /// Sends `event` to every endpoint that is not paused; returns how many got it.
    pub fn publish(&self, event: Event) -> HookResult<usize> {
        let event = Arc::new(event);
        let mut sent = 0;
        for ep in self.endpoints.values() {
            if ep.is_paused() {
                self.ledger.skip(&ep.url, event.id);
                continue;
            }
            self.ledger.expect(1);
            if let Err(e) = ep.deliver(Arc::clone(&event)) {
                self.ledger.unexpect();
                return Err(e.into());
            }
            sent += 1;
        }
        Ok(sent)
    }

    /// Waits until every delivery published so far has an outcome.
    pub fn flush(&self) {
        self.ledger.wait_idle();
    }

    pub fn report(&self) -> Report {
        self.flush();
        self.ledger.sorted()
    }

    pub fn endpoints(&self) -> impl Iterator<Item = &str> {
        self.endpoints.keys().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::EventKind;
    use crate::transport::MemoryTransport;

    #[test]
    fn flaky_endpoints_succeed_on_the_second_attempt() {
        let mut d = Dispatcher::new(MemoryTransport::new());
        d.subscribe("https://flaky.example/hook", 2).unwrap();
        d.publish(Event::new(1, EventKind::Push, &[("ref", "main")]))
            .unwrap();
        let r = d.report();
        assert_eq!(
            r.delivered,
            vec![("https://flaky.example/hook".into(), 1, 202, 2)]
        );
    }

    #[test]
    fn subscribing_twice_is_an_error() {
        let mut d = Dispatcher::new(MemoryTransport::new());
        d.subscribe("https://a.example", 1).unwrap();
        assert!(matches!(
            d.subscribe("https://a.example", 1),
            Err(HookError::AlreadySubscribed(_))
        ));
    }
}
