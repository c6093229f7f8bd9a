use thumbgen::{fit_within, Size};

#[test]
fn keeps_aspect_ratio() {
    assert_eq!(fit_within(Size { w: 4000, h: 3000 }, 400), Size { w: 400, h: 300 });
    assert_eq!(fit_within(Size { w: 10, h: 10_000 }, 100), Size { w: 1, h: 100 });
    assert_eq!(fit_within(Size { w: 20, h: 30 }, 100), Size { w: 20, h: 30 });
}
