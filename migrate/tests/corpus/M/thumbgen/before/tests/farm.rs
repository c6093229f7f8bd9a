use thumbgen::{Farm, Image, Size};

#[test]
fn thumbnails_fit_and_are_sorted() {
    let mut farm = Farm::new(3, 100).unwrap();
    let imgs = vec![
        Image::synthetic("b", 1000, 500),
        Image::synthetic("a", 50, 50),
        Image::synthetic("c", 300, 900),
    ];
    let thumbs = farm.render_all(imgs, 2).unwrap();
    let names: Vec<_> = thumbs.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert_eq!(thumbs[0].size, Size { w: 50, h: 50 });
    assert_eq!(thumbs[1].size, Size { w: 100, h: 50 });
    assert_eq!(thumbs[2].size, Size { w: 33, h: 100 });
    farm.close();
}

#[test]
fn resize_changes_thread_count() {
    let farm = Farm::new(1, 64).unwrap();
    farm.resize(5).unwrap();
    assert_eq!(farm.threads(), 5);
    farm.resize(2).unwrap();
    assert_eq!(farm.threads(), 2);
}

#[test]
fn closed_farm_refuses_work() {
    let mut farm = Farm::new(2, 64).unwrap();
    farm.close();
    assert_eq!(farm.threads(), 0);
    let err = farm.render_all(vec![Image::synthetic("x", 10, 10)], 1).unwrap_err();
    assert_eq!(err.to_string(), "the farm is closed");
}
