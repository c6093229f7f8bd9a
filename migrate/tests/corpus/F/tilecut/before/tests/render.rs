use std::sync::Mutex;
use tilecut::*;
use workerpool::Error;

struct Recorder(Mutex<Vec<Tile>>);

impl Dispatch for Recorder {
    fn dispatch(&self, (t, out): RenderJob) -> Result<(), Error> {
        self.0.lock().unwrap().push(t);
        out.send((t, 0)).unwrap();
        Ok(())
    }
    fn capacity(&self) -> usize {
        1
    }
}

#[test]
fn shared_pool_renders_every_tile() {
    let tiles = tiles_for(2, 4);
    let out = render_all(renderer_pool(), &tiles).unwrap();
    assert_eq!(out.len(), 16);
    assert_eq!(renderer_pool().workers_num(), 2);
}

#[test]
fn render_through_trait_object() {
    let r = Recorder(Mutex::new(Vec::new()));
    let d: &dyn Dispatch = &r;
    let out = render_all(d, &tiles_for(1, 2)).unwrap();
    assert_eq!(out.len(), 4);
    assert_eq!(r.0.lock().unwrap().len(), 4);
}
