use thumbgen::{Farm, Image};

fn main() -> thumbgen::Result<()> {
    let images = vec![
        Image::synthetic("beach.jpg", 4000, 3000),
        Image::synthetic("avatar.png", 96, 96),
        Image::synthetic("panorama.jpg", 12000, 2000),
        Image::synthetic("poster.png", 1200, 1800),
        Image::synthetic("icon.ico", 32, 32),
        Image::synthetic("scan.tiff", 2480, 3508),
    ];
    let mut farm = Farm::new(2, 256)?;
    farm.resize(4)?;
    println!("render threads: {}", farm.threads());
    let thumbs = farm.render_all(images, 3)?;
    for t in &thumbs {
        println!("{:<14} {:>4}x{:<4} {:08x}", t.name, t.size.w, t.size.h, t.checksum);
    }
    farm.resize(1)?;
    println!("render threads: {}", farm.threads());
    println!("rendered: {}", farm.rendered());
    farm.close();
    println!("closed, threads: {}", farm.threads());
    Ok(())
}
