//! Renders zooms 0..3 through a local pool passed as a generic.
use std::sync::Arc;
use tilecut::*;
use workerpool::{Pool, Worker};

fn main() {
    let local = Arc::new(Pool::new(0));
    let w = Worker::new(|(t, out): RenderJob| {
        let _ = out.send((t, (t.x + t.y) as u64));
    });
    local.add_worker(&w).unwrap();
    for z in 0..3u8 {
        let n = render_all(&*local, &tiles_for(z, 1 << z)).unwrap().len();
        println!("zoom {z}: {n} tiles");
    }
    local.remove_worker(&w).unwrap();
}
