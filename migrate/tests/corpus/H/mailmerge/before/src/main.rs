mod merge;
mod template;

use std::rc::Rc;

fn main() -> Result<(), merge::MergeError> {
    let m = merge::mailer(3)?;
    let office = Rc::clone(&m);
    let tpl = "Dear {name}, your invoice no. {n} is ready.";
    let letters = merge::merge(&office, tpl, [&["Wren", "Ada", "Tomas"], &["Bea", "Yusuf"]])?;
    for l in &letters {
        println!("{}", l);
    }
    println!("writers: {}", merge::writers(&m));
    println!("writers after dismissing one: {}", merge::dismiss_one(&m)?);
    let again = merge::merge(&m, "Reminder for {name} ({n})", [&["Ada"], &[]])?;
    println!("{}", again.join("; "));
    Ok(())
}
