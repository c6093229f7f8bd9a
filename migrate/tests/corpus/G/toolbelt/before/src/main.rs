use toolbelt::{run_script, standard_registry, BoxError};

const SCRIPT: &str = "
upper hello world
fib 90
crc 0x313233343536373839
factors 360
reverse stressed
fib ten
factors 97
hash nothing
upper 42
";

fn main() -> Result<(), BoxError> {
    let reg = standard_registry()?;
    for name in reg.names() {
        println!("tool {name}: {} threads", reg.threads(name).unwrap_or(0));
    }
    for line in run_script(&reg, SCRIPT) {
        println!("{line}");
    }
    reg.shrink("fib")?;
    println!(
        "fib after shrink: {} threads",
        reg.threads("fib").unwrap_or(0)
    );
    reg.close();
    Ok(())
}
