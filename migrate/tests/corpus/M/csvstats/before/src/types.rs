use std::error::Error;
use std::sync::mpsc::Sender;

use crate::stats::Summary;

pub type BoxError = Box<dyn Error + Send + Sync>;

/// A column's summary, or why it has none, tagged with the column's index.
pub type ColumnReply = (usize, Result<Summary, BoxError>);

/// (index, header, cells, reply)
pub type ColumnJob = (usize, String, Vec<String>, Sender<ColumnReply>);

/// (line number, fields, expected width, reply with a problem if any)
pub type RowJob = (usize, Vec<String>, usize, Sender<Option<String>>);
