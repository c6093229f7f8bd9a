use kvshard::Store;

#[test]
fn put_get_delete() {
    let store = Store::open(3).unwrap();
    store.put("a", b"1").unwrap();
    assert_eq!(store.get("a").unwrap(), Some(b"1".to_vec()));
    store.delete("a").unwrap();
    assert_eq!(store.get("a").unwrap(), None);
}

#[test]
fn dump_is_sorted_and_complete() {
    let store = Store::open(5).unwrap();
    for i in (0..100).rev() {
        store.put(&format!("k{i:02}"), &[i as u8]).unwrap();
    }
    let all = store.dump().unwrap();
    assert_eq!(all.len(), 100);
    assert_eq!(all[0], ("k00".to_string(), vec![0]));
    assert!(all.windows(2).all(|w| w[0].0 < w[1].0));
}
