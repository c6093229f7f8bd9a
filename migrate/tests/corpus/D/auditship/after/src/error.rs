use std::fmt;

#[derive(Debug)]
pub enum ShipError {
    UnknownTenant(String),
    TenantExists(String),
    Pool { tenant: Option<String>, source: workerpool::v2::Error },
}

pub type ShipResult<T> = Result<T, ShipError>;

impl fmt::Display for ShipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShipError::UnknownTenant(t) => write!(f, "unknown tenant {t}"),
            ShipError::TenantExists(t) => write!(f, "tenant {t} already registered"),
            ShipError::Pool { tenant: Some(t), source } => write!(f, "upload pool of {t}: {source}"),
            ShipError::Pool { tenant: None, source } => write!(f, "compress pool: {source}"),
        }
    }
}

impl std::error::Error for ShipError {}

impl From<workerpool::v2::Error> for ShipError {
    fn from(source: workerpool::v2::Error) -> Self {
        ShipError::Pool { tenant: None, source }
    }
}
