use logshipper::parser::{parse_level, parse_line};
use logshipper::{Level, LogLine};

#[test]
fn parses_aliases() {
    assert_eq!(parse_level("warning"), Some(Level::Warn));
    assert_eq!(parse_level("ERR"), Some(Level::Error));
    let p = parse_line(&LogLine { seq: 7, raw: "  info web:  hello ".into() }).unwrap();
    assert_eq!(p.service, "web");
    assert_eq!(p.message, "hello");
    assert_eq!(p.seq, 7);
}
