//! Renders a small pyramid in two styles and prints one line per tile.
use std::error::Error;
use tilesmith::*;

fn main() -> Result<(), Box<dyn Error>> {
    let checker = render_pyramid(Checker, 1, 2)?;
    for t in &checker {
        println!("{} {} {:08x}", t.style, t.tile, t.checksum);
    }

    let relief = render_pyramid(Elevation { sea_level: 40 }, 2, 3)?;
    let sum: u64 = relief.iter().map(|t| t.checksum as u64).sum();
    println!("elevation: {} tiles, checksum sum {}", relief.len(), sum);
    for t in relief.iter().filter(|t| t.tile.z == 2 && t.tile.x == t.tile.y) {
        println!("{} {} {:08x}", t.style, t.tile, t.checksum);
    }

    for spec in ["2/3/1", "1/2/0", "x/1/1"] {
        match spec.parse::<TileId>() {
            Ok(id) => println!("parsed {}", id),
            Err(e) => println!("rejected {}: {}", spec, e),
        }
    }
    Ok(())
}
