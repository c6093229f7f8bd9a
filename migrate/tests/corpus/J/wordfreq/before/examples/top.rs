//! Print the top three words of the arguments (or of a built-in line).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = if args.is_empty() {
        "to be or not to be".to_string()
    } else {
        args.join("\n")
    };
    let counts = wordfreq::count_text(&[text.as_str()], 2).expect("count");
    for (w, n) in wordfreq::top(&counts, 3) {
        println!("{w} {n}");
    }
}
