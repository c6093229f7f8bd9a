//! Run a whole batch through a throwaway stage and collect results in input order.

use std::sync::mpsc::{self, Sender};

use crate::builder::StageBuilder;
use crate::error::StageError;

/// The job a batch stage carries: position, input, where to send the output.
type Indexed<J, R> = (usize, J, Sender<(usize, R)>);

/// Map `f` over `inputs` on a pool built by `builder`, keeping input order.
pub fn run_batch<J, R, F>(builder: StageBuilder, inputs: Vec<J>, f: F) -> Result<Vec<R>, StageError>
where
    J: Send + 'static,
    R: Send + 'static,
    F: Fn(J) -> R + Send + Sync + 'static,
{
    let stage = builder.build(move |(i, input, out): Indexed<J, R>| {
        let _ = out.send((i, f(input)));
    })?;

    let (tx, rx) = mpsc::channel::<(usize, R)>();
    let expected = inputs.len();
    for (i, input) in inputs.into_iter().enumerate() {
        stage.submit((i, input, tx.clone()))?;
    }
    drop(tx);

    let mut results: Vec<(usize, R)> = rx.iter().take(expected).collect();
    if results.len() != expected {
        return Err(StageError::Lost {
            stage: stage.name().to_string(),
            expected,
            got: results.len(),
        });
    }
    stage.halt();
    results.sort_by_key(|(i, _)| *i);
    Ok(results.into_iter().map(|(_, r)| r).collect())
}
