use ticketq::tickets::{run_batch, Desk};

#[test]
fn every_ticket_is_triaged_once() {
    let desk = Desk::new(2).unwrap();
    let lines = run_batch(&desk, &[3, 1, 2]).unwrap();
    assert_eq!(
        lines,
        vec!["ticket #0001 -> normal", "ticket #0002 -> urgent", "ticket #0003 -> low"]
    );
}
