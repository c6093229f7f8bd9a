//! Renders zoom 3 and prints every tile's checksum.
use tilecut::prelude::*;

fn main() -> Result<(), tilecut::AnyError> {
    let pool: &dyn Dispatch = renderer_pool();
    println!("renderers: {}", pool.capacity());
    let tiles = tiles_for(3, 4);
    for (t, sum) in render_all(pool, &tiles)? {
        println!("{}/{}/{} {sum}", t.z, t.x, t.y);
    }
    Ok(())
}
