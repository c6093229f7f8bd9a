use plughost::plugins::{Checksum, WordCount};
use plughost::{Host, Plugin};

#[test]
fn one_plugin_many_docs() {
    let plugins: Vec<Box<dyn Plugin>> = vec![Box::new(WordCount { min_len: 1 })];
    let mut host = Host::new(plugins).unwrap();
    for i in 0..20 {
        host.analyse(&format!("d{i:02}"), "a b\n\nc").unwrap();
    }
    let report = host.report();
    assert_eq!(report.len(), 40);
    assert_eq!(report[0].doc, "d00");
}

#[test]
fn checksum_blocks() {
    let mut host = Host::new(vec![Box::new(Checksum { block: 2 })]).unwrap();
    host.analyse("x", "abcd").unwrap();
    let r = host.report();
    assert_eq!(r[0].detail, "4 bytes, blocks 0307");
}
