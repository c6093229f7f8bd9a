use std::sync::Arc;

use imgresize::prelude::*;

const BOUNDS: [Size; 3] = [Size::new(128, 128), Size::new(64, 64), Size::new(16, 16)];

fn main() -> Result<()> {
    let resizer = Resizer::new(3)?;
    println!("resizer up with {} threads", resizer.threads());

    let sources = [("wide", Size::new(640, 360)), ("tall", Size::new(300, 500)), ("square", Size::new(256, 256))];
    let mut queued = 0;
    for (name, size) in sources {
        queued += resizer.submit_all(name, Arc::new(Image::gradient(size)), &BOUNDS)?;
    }
    println!("queued {queued} resize jobs");

    for thumb in resizer.finish()? {
        println!("{:<16} {:>7} {:08x}", thumb.name, thumb.size.to_string(), thumb.checksum);
    }

    resizer.set_threads(0)?;
    match resizer.submit(ResizeJob { name: "late".into(), source: Arc::new(Image::gradient(Size::new(8, 8))), bounds: BOUNDS[2] }) {
        Ok(()) => println!("late job accepted"),
        Err(e) => println!("late job refused: {e}"),
    }
    Ok(())
}
