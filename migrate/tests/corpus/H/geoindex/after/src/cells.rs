use std::sync::mpsc::Sender;
use workerpool::SharedWorker;

/// A point to index, and where the cell key goes.
pub type Lookup = (String, f64, f64, Sender<(String, String)>);

pub fn cell_key(lat: f64, lon: f64, precision: u32) -> String {
    let scale = 10f64.powi(precision as i32);
    let a = (lat * scale).floor() as i64;
    let b = (lon * scale).floor() as i64;
    format!("{}:{}/{}", precision, a, b)
}

/// Returns the function a shard worker runs.
pub fn indexer(precision: u32) -> impl Fn(Lookup) + Send + Sync + 'static {
    move |(name, lat, lon, out): Lookup| {
        out.send((cell_key(lat, lon, precision), name)).unwrap();
    }
}

pub fn shard_worker(precision: u32) -> SharedWorker<Lookup> {
    SharedWorker::new(indexer(precision))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_floor_to_precision() {
        assert_eq!(cell_key(48.8566, 2.3522, 1), "1:488/23");
        assert_eq!(cell_key(-33.87, 151.21, 0), "0:-34/151");
    }
}
