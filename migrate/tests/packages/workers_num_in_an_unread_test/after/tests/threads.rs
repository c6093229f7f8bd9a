//! Names nothing of workerpool: only the library's pool, whose 2.x method it calls.

#[test]
fn three_encoders_double() {
    assert_eq!(workers_num_in_an_unread_test::double(21), 42);
    assert_eq!(workers_num_in_an_unread_test::encoders().workers(), 3);
}
