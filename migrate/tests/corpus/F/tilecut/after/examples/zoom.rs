//! Renders zooms 0..3 through a local pool passed as a generic.
use std::sync::Arc;
use tilecut::*;
use workerpool::Pool;

fn main() {
    let local = Arc::new(Pool::<RenderJob>::new(0));
    let w = |(t, out): RenderJob| {
        let _ = out.send((t, (t.x + t.y) as u64));
    };
    let w_handle = local.add_worker(w);
    for z in 0..3u8 {
        let n = render_all(&*local, &tiles_for(z, 1 << z)).unwrap().len();
        println!("zoom {z}: {n} tiles");
    }
    w_handle.remove();
}
