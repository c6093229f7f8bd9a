//! Feature `tracing`: a job delegated inside a span runs inside that span on its worker, and
//! the span lives as long as the job does, however the job ends.

use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};

use tracing::span::Id;
use tracing::{Event, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;
use workerpool::Pool;

/// What the subscriber saw: each event's `job` field with the span it was in and the
/// thread it was on, and every span closed.
#[derive(Default)]
struct Seen {
    events: Vec<(u64, Option<Id>, String)>,
    closed: Vec<Id>,
}

struct Recording(Arc<Mutex<Seen>>);

/// The `job` field of an event.
struct JobField(Option<u64>);

impl tracing::field::Visit for JobField {
    fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
        if field.name() == "job" {
            self.0 = Some(value);
        }
    }

    fn record_debug(&mut self, _: &tracing::field::Field, _: &dyn std::fmt::Debug) {}
}

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Recording {
    fn on_event(&self, event: &Event<'_>, context: Context<'_, S>) {
        let mut job = JobField(None);
        event.record(&mut job);
        let span = context.event_span(event).map(|span| span.id());
        let thread = std::thread::current().name().unwrap_or("?").to_string();
        let mut seen = self.0.lock().unwrap();
        seen.events
            .push((job.0.expect("events carry a job"), span, thread));
    }

    fn on_close(&self, id: Id, _: Context<'_, S>) {
        self.0.lock().unwrap().closed.push(id);
    }
}

/// What the process-wide subscriber has seen: the workers' threads log to the global one.
fn seen() -> &'static Arc<Mutex<Seen>> {
    static SEEN: OnceLock<Arc<Mutex<Seen>>> = OnceLock::new();
    SEEN.get_or_init(|| {
        let seen = Arc::new(Mutex::new(Seen::default()));
        let subscriber = tracing_subscriber::registry().with(Recording(Arc::clone(&seen)));
        tracing::subscriber::set_global_default(subscriber).unwrap();
        seen
    })
}

/// The span and thread the event of job `job` was seen in.
fn where_job_ran(job: u64) -> (Option<Id>, String) {
    let seen = seen().lock().unwrap();
    let mut found = seen.events.iter().filter(|(j, ..)| *j == job);
    let (_, span, thread) = found.next().expect("the job logged");
    assert!(found.next().is_none(), "job {job} logged once");
    (span.clone(), thread.clone())
}

fn logging_worker(pool: &Pool<u64>) {
    pool.add_worker(|job: u64| tracing::info!(job, "running"));
}

#[test]
fn a_job_runs_on_its_worker_inside_the_span_it_was_delegated_in() {
    seen();
    let pool = Pool::builder(16).thread_name("traced").build();
    for _ in 0..2 {
        logging_worker(&pool);
    }
    let spans: Vec<_> = (0..2)
        .map(|caller| tracing::info_span!("request", caller))
        .collect();
    std::thread::scope(|scope| {
        for (caller, span) in spans.iter().enumerate() {
            let pool = &pool;
            scope.spawn(move || {
                let _entered = span.enter();
                (0..10).for_each(|n| pool.delegate(1_000 + caller as u64 * 100 + n).unwrap());
            });
        }
    });
    pool.delegate(1_999).unwrap(); // outside any span
    pool.wait_idle();
    // A rendezvous pool hands the span over with the job.
    let rendezvous = Pool::new(0);
    logging_worker(&rendezvous);
    let handed = tracing::info_span!("handoff");
    handed.in_scope(|| rendezvous.delegate(1_998).unwrap());
    rendezvous.wait_idle();
    assert_eq!(where_job_ran(1_998).0, handed.id());
    for (caller, span) in spans.iter().enumerate() {
        for n in 0..10 {
            let (ran_in, thread) = where_job_ran(1_000 + caller as u64 * 100 + n);
            assert_eq!(ran_in, span.id(), "job {n} of caller {caller}");
            assert!(thread.starts_with("traced-"), "ran on {thread}");
        }
    }
    assert_eq!(where_job_ran(1_999).0, None);
}

#[test]
fn the_span_stays_open_until_its_job_has_run_or_was_handed_back() {
    seen();
    let pool = Pool::new(16);
    let (go, wait_for_go) = mpsc::channel::<()>();
    let wait_for_go = Mutex::new(wait_for_go);
    pool.add_worker(move |job: u64| {
        wait_for_go.lock().unwrap().recv().unwrap();
        tracing::info!(job, "running");
    });
    let span = tracing::info_span!("short-lived caller");
    let id = span.id().unwrap();
    span.in_scope(|| pool.delegate(2_000).unwrap());
    drop(span); // the caller is done with it; the queued job still holds it
    assert!(
        !seen().lock().unwrap().closed.contains(&id),
        "closed too early"
    );
    go.send(()).unwrap();
    pool.wait_idle();
    assert_eq!(where_job_ran(2_000).0, Some(id.clone()));
    assert!(
        seen().lock().unwrap().closed.contains(&id),
        "closed once the job ran"
    );

    // A job no worker runs gives its span up when `stop` hands it back.
    let idle: Pool<u64> = Pool::new(4);
    let span = tracing::info_span!("handed back");
    let id = span.id().unwrap();
    span.in_scope(|| idle.delegate(2_001).unwrap());
    drop(span);
    assert!(!seen().lock().unwrap().closed.contains(&id));
    assert_eq!(idle.stop(), [2_001]);
    assert!(seen().lock().unwrap().closed.contains(&id));
}
