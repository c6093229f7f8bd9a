use std::sync::Arc;

pub type UserId = u32;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub seq: u64,
    pub room: String,
    pub from: UserId,
    pub text: String,
}

/// One message on its way to one member.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub to: UserId,
    pub message: Arc<Message>,
}
