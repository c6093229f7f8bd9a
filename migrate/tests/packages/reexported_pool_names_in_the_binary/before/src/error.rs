//! The crate's error.
#[derive(Debug)]
pub enum AppError {
    Tasks(workerpool::Error),
}

impl From<workerpool::Error> for AppError {
    fn from(e: workerpool::Error) -> Self {
        AppError::Tasks(e)
    }
}

pub type AppResult<T> = Result<T, AppError>;
