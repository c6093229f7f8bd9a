use std::fmt;

#[derive(Debug)]
pub enum HubError {
    NoSuchRoom(String),
    NotAMember { room: String, user: u32 },
    Pool(workerpool::Error),
}

pub type Result<T> = std::result::Result<T, HubError>;

impl fmt::Display for HubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubError::NoSuchRoom(r) => write!(f, "no room #{r}"),
            HubError::NotAMember { room, user } => write!(f, "user {user} is not in #{room}"),
            HubError::Pool(e) => write!(f, "fan-out pool: {e}"),
        }
    }
}

impl std::error::Error for HubError {}

impl From<workerpool::Error> for HubError {
    fn from(e: workerpool::Error) -> Self {
        HubError::Pool(e)
    }
}
