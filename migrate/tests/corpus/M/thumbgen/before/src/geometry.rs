#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Size {
    pub w: u32,
    pub h: u32,
}

/// Scales `src` down to fit in a `max`×`max` box, keeping the aspect ratio.
/// Images already small enough are left as they are.
pub fn fit_within(src: Size, max: u32) -> Size {
    if src.w <= max && src.h <= max {
        return src;
    }
    if src.w >= src.h {
        let h = (u64::from(src.h) * u64::from(max) / u64::from(src.w)).max(1) as u32;
        Size { w: max, h }
    } else {
        let w = (u64::from(src.w) * u64::from(max) / u64::from(src.h)).max(1) as u32;
        Size { w, h: max }
    }
}
