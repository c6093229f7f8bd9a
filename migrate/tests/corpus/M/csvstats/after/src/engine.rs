use std::any::Any;
use std::sync::mpsc::channel;
use std::sync::Mutex;

use workerpool::v2::{Pool, Worker};

use crate::parse::{check_row, split_table};
use crate::stats::{summarise, Summary};
use crate::types::*;

/// Builds the pool that summarises columns, with `threads` instances of its worker.
/// The worker is handed back too, so that the caller can add or remove instances.
pub fn column_pool(threads: usize) -> Result<(Pool, Worker), workerpool::v2::Error> {
    let pool = Pool::new(32);
    let worker = Worker::new(|(index, header, cells, reply): ColumnJob| {
        let _ = reply.send((index, summarise(&header, &cells)));
    });
    for _ in 0..threads {
        pool.add_worker(&worker)?;
    }
    Ok((pool, worker))
}

/// Queues every job on `pool`; returns how many were queued.
pub fn fan_out<J, I>(pool: &Pool, jobs: I) -> Result<usize, workerpool::v2::Error>
where
    J: Any + Send,
    I: IntoIterator<Item = J>,
{
    let mut n = 0;
    for job in jobs {
        pool.delegate(job)?;
        n += 1;
    }
    Ok(n)
}

#[derive(Debug, Default)]
pub struct Report {
    pub rows: usize,
    pub problems: Vec<String>,
    pub numeric: Vec<Summary>,
    pub skipped: Vec<String>,
}

pub struct Engine {
    columns: Pool,
    column_worker: Worker,
    /// Behind a lock: `set_row_threads` rebuilds the row checkers while others may be
    /// analysing.
    rows: Mutex<Pool>,
    row_worker: Worker,
}

impl Engine {
    pub fn new(threads: usize) -> Result<Engine, BoxError> {
        let (columns, column_worker) = column_pool(threads)?;
        let rows = Pool::new(64);
        let row_worker = Worker::new(|(line, fields, width, reply): RowJob| {
            let _ = reply.send(check_row(line, &fields, width));
        });
        rows.add_worker(&row_worker)?;
        Ok(Engine { columns, column_worker, rows: Mutex::new(rows), row_worker })
    }

    pub fn set_row_threads(&self, n: usize) -> Result<(), BoxError> {
        let rows = self.rows.lock().unwrap();
        while rows.workers_num() < n {
            rows.add_worker(&self.row_worker)?;
        }
        while rows.workers_num() > n.max(1) {
            rows.remove_worker(&self.row_worker)?;
        }
        Ok(())
    }

    pub fn row_threads(&self) -> usize {
        self.rows.lock().unwrap().workers_num()
    }

    pub fn column_threads(&self) -> usize {
        self.columns.workers_num()
    }

    pub fn add_column_thread(&self) -> Result<(), BoxError> {
        self.columns.add_worker(&self.column_worker)?;
        Ok(())
    }

    pub fn analyze(&self, text: &str) -> Result<Report, BoxError> {
        let (header, rows) = split_table(text).ok_or("empty input")?;
        let width = header.len();

        let (problem_tx, problems) = channel::<Option<String>>();
        let row_jobs = rows
            .iter()
            .map(|(line, fields)| (*line, fields.clone(), width, problem_tx.clone()));
        let queued = {
            let pool = self.rows.lock().unwrap();
            fan_out(&pool, row_jobs)?
        };
        drop(problem_tx);
        let mut problems: Vec<String> = problems.iter().take(queued).flatten().collect();
        problems.sort();

        // Only well-formed rows feed the columns.
        let good: Vec<&Vec<String>> = rows
            .iter()
            .filter(|(line, fields)| check_row(*line, fields, width).is_none())
            .map(|(_, f)| f)
            .collect();
        let (reply, replies) = channel::<ColumnReply>();
        let column_jobs = header.iter().enumerate().map(|(i, h)| {
            let cells: Vec<String> = good.iter().map(|r| r[i].clone()).collect();
            (i, h.clone(), cells, reply.clone())
        });
        let n = fan_out(&self.columns, column_jobs)?;
        drop(reply);
        let mut replies: Vec<ColumnReply> = replies.iter().take(n).collect();
        replies.sort_by_key(|(i, _)| *i);

        let mut report = Report { rows: rows.len(), problems, ..Report::default() };
        for (_, r) in replies {
            match r {
                Ok(s) => report.numeric.push(s),
                Err(e) => report.skipped.push(e.to_string()),
            }
        }
        Ok(report)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.columns.stop();
        self.rows.lock().unwrap().stop();
    }
}
