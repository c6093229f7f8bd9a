// workerpool is only named in a comment here
fn main() {}
