use std::sync::Arc;

use imgresize::prelude::*;

#[test]
fn every_bound_gets_a_thumb() -> Result<()> {
    let r = Resizer::new(2)?;
    let img = Arc::new(Image::gradient(Size::new(100, 50)));
    r.submit_all("g", img, &[Size::new(50, 50), Size::new(10, 10)])?;
    let thumbs = r.finish()?;
    let sizes: Vec<Size> = thumbs.iter().map(|t| t.size).collect();
    assert_eq!(sizes, vec![Size::new(10, 5), Size::new(50, 25)]);
    Ok(())
}

#[test]
fn no_threads_means_refusal() -> Result<()> {
    let r = Resizer::new(1)?;
    r.set_threads(0)?;
    let job = ResizeJob { name: "x".into(), source: Arc::new(Image::gradient(Size::new(4, 4))), bounds: Size::new(2, 2) };
    let err = r.submit(job).unwrap_err();
    assert!(err.to_string().contains("no workers"), "{err}");
    Ok(())
}

#[test]
fn same_input_same_checksum() -> Result<()> {
    let a = Image::gradient(Size::new(33, 17)).resized(Size::new(11, 6));
    let r = Resizer::new(4)?;
    r.submit(ResizeJob { name: "a".into(), source: Arc::new(Image::gradient(Size::new(33, 17))), bounds: Size::new(11, 6) })?;
    let t = r.finish()?;
    assert_eq!(t[0].checksum, a.checksum());
    Ok(())
}
