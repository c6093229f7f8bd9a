//! A job on its way to a worker (in the queue, or a rendezvous handoff): the job alone, or
//! with feature `tracing` also the span it was delegated in, which the worker enters to run it.

use crate::error::DelegateError;

/// A job in the queue. Without feature `tracing` it is the job itself, no larger.
#[cfg_attr(not(feature = "tracing"), repr(transparent))]
pub(crate) struct Queued<T> {
    job: T,
    /// The span current where the job was delegated: `Span::none()`, which holds nothing
    /// and allocates nothing, when no subscriber is interested.
    #[cfg(feature = "tracing")]
    span: tracing::Span,
}

impl<T> Queued<T> {
    /// `job`, with the span current on this thread.
    #[inline]
    pub(crate) fn new(job: T) -> Self {
        Queued {
            job,
            #[cfg(feature = "tracing")]
            span: tracing::Span::current(),
        }
    }

    /// The job, for a caller it is handed back to.
    pub(crate) fn into_job(self) -> T {
        self.job
    }

    /// Runs `run` on the job, inside the span it was delegated in.
    #[inline]
    pub(crate) fn run<R>(self, run: impl FnOnce(T) -> R) -> R {
        #[cfg(feature = "tracing")]
        let _entered = self.span.enter();
        run(self.job)
    }
}

/// A refusal with the job handed back as the caller gave it.
pub(crate) fn unqueued<T>(refused: DelegateError<Queued<T>>) -> DelegateError<T> {
    let kind = refused.kind();
    DelegateError::new(kind, refused.into_job().into_job())
}
