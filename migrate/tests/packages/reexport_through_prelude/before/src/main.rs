use prelude_lib::prelude::*;

fn main() -> Result<(), PoolError> {
    println!("{:?}", prelude_lib::squares::squares(4)?);
    Ok(())
}
