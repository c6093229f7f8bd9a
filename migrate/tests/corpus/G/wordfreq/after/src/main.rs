use wordfreq::*;

const DOCS: [&str; 3] = [
    "The quick brown fox\njumps over the lazy dog.\nThe dog sleeps.",
    "A fox is quick; a dog is lazy.\n\nThe end of the story\nis not the end.",
    "Over and over the fox ran,\nand the dog did not.",
];

fn main() -> Result<(), BoxError> {
    let pool = counting_pool();
    println!("counting threads: {}", pool.workers());

    let counts = word_counts(pool, &DOCS)?;
    println!("distinct words: {}", counts.len());
    println!("total words: {}", counts.values().sum::<usize>());
    for (word, n) in top(&counts, 6) {
        println!("{n:>3} {word}");
    }
    Ok(())
}
