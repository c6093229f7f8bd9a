pub mod audit;
pub mod mailer;
pub mod message;
pub mod transport;
pub mod validate;

pub use mailer::{MailError, Mailer};
pub use message::Message;
