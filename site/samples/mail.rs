//! The types the landing page's samples share: an email, and a client that sends it.

use std::sync::{Arc, Mutex};

/// An email waiting to be sent.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Email {
    /// The recipient.
    pub to: String,
}

impl Email {
    /// An email to `to`.
    pub fn to(to: impl Into<String>) -> Email {
        Email { to: to.into() }
    }
}

/// Names one client connection.
pub type ClientId = u32;

/// Every email the clients sent, with the client that sent it, in order.
pub type Outbox = Arc<Mutex<Vec<(ClientId, Email)>>>;

/// A connection to a mail server. Sending takes `&mut self`, as a real connection's would.
#[derive(Debug)]
pub struct Client {
    id: ClientId,
    outbox: Outbox,
}

impl Client {
    /// A client that records what it sends into `outbox`.
    pub fn connect(id: ClientId, outbox: &Outbox) -> Client {
        Client {
            id,
            outbox: Arc::clone(outbox),
        }
    }

    /// Which connection this is.
    pub fn id(&self) -> ClientId {
        self.id
    }

    /// Sends `email` through this connection.
    pub fn send(&mut self, email: Email) {
        self.outbox.lock().unwrap().push((self.id, email));
    }
}
