use logfold::{FoldError, Folder};

#[test]
fn folds_and_counts_errors() {
    let mut f = Folder::new(2).unwrap();
    f.feed("GET /a 200 10\nGET /a 500 30\nxx\n").unwrap();
    let errs = f.finish();
    assert_eq!(errs.len(), 1);
    assert!(matches!(errs[0], FoldError::Parse { line: 3, .. }));
    let snap = f.snapshot();
    let a = &snap["GET /a"];
    assert_eq!((a.hits, a.errors, a.total_millis), (2, 1, 40));
}

#[test]
fn resize_changes_worker_count() {
    let f = Folder::new(4).unwrap();
    assert_eq!(f.workers(), 4);
    f.resize(2).unwrap();
    assert_eq!(f.workers(), 2);
    f.resize(5).unwrap();
    assert_eq!(f.workers(), 5);
}
