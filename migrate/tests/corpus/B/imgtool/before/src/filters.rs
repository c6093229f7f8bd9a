//! The filters, pure functions over a raster.

use crate::raster::Raster;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Invert,
    Threshold(u8),
    BoxBlur(u8),
}

pub fn apply(filter: Filter, r: &Raster) -> Raster {
    let data = match filter {
        Filter::Invert => r.data.iter().map(|p| 255 - p).collect(),
        Filter::Threshold(t) => r.data.iter().map(|&p| if p >= t { 255 } else { 0 }).collect(),
        Filter::BoxBlur(radius) => {
            let k = radius as isize;
            let mut out = Vec::with_capacity(r.data.len());
            for y in 0..r.height as isize {
                for x in 0..r.width as isize {
                    let mut sum = 0u32;
                    let mut n = 0u32;
                    for dy in -k..=k {
                        for dx in -k..=k {
                            sum += r.at(x + dx, y + dy) as u32;
                            n += 1;
                        }
                    }
                    out.push((sum / n) as u8);
                }
            }
            out
        }
    };
    Raster { width: r.width, height: r.height, data }
}

pub fn histogram(r: &Raster, buckets: usize) -> Vec<usize> {
    let mut h = vec![0; buckets];
    for &p in &r.data {
        h[p as usize * buckets / 256] += 1;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invert_twice_is_identity() {
        let r = Raster::gradient(9, 4, 3);
        assert_eq!(apply(Filter::Invert, &apply(Filter::Invert, &r)), r);
    }

    #[test]
    fn blur_of_flat_is_flat() {
        let r = Raster { width: 3, height: 3, data: vec![80; 9] };
        assert_eq!(apply(Filter::BoxBlur(1), &r).data, vec![80; 9]);
    }

    #[test]
    fn histogram_counts_every_pixel() {
        let r = Raster::gradient(16, 16, 0);
        assert_eq!(histogram(&r, 4).iter().sum::<usize>(), 256);
    }
}
