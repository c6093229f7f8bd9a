use std::sync::Arc;

use buildcache::*;

fn inputs(pairs: &[(&str, &[u8])]) -> Vec<(String, Vec<u8>)> {
    pairs.iter().map(|(n, b)| (n.to_string(), b.to_vec())).collect()
}

#[test]
fn key_ignores_input_order() -> Result<()> {
    let cache: Cache<MemStore, MemStore> = Cache::local(MemStore::default())?;
    let a = cache.key(&inputs(&[("a", b"1"), ("b", b"2")]))?;
    let b = cache.key(&inputs(&[("b", b"2"), ("a", b"1")]))?;
    assert_eq!(a, b);
    assert_ne!(a, cache.key(&inputs(&[("a", b"1"), ("b", b"3")]))?);
    Ok(())
}

#[test]
fn second_lookup_hits() -> Result<()> {
    let cache: Cache<MemStore, MemStore> = Cache::local(MemStore::default())?;
    let i = inputs(&[("x.c", b"int x;")]);
    let (first, _) = cache.get_or_build(&i, |_| b"obj".to_vec())?;
    let (second, art) = cache.get_or_build(&i, |_| unreachable!())?;
    assert!(matches!(first, Outcome::Built(_)));
    assert!(matches!(second, Outcome::Hit(_)));
    assert_eq!(art, b"obj");
    assert_eq!(cache.stats().uploaders, 0);
    Ok(())
}

#[test]
fn misses_are_uploaded() -> Result<()> {
    let remote = Arc::new(MemStore::default());
    let cache = Cache::with_remote(MemStore::default(), Arc::clone(&remote), 3)?;
    assert_eq!(cache.stats().uploaders, 3);
    for i in 0..5u8 {
        cache.get_or_build(&inputs(&[("f", &[i])]), |_| vec![i])?;
    }
    assert_eq!(cache.sync().len(), 5);
    assert_eq!(remote.len(), 5);
    assert_eq!(cache.local_store().len(), 5);
    Ok(())
}
