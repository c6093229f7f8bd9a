use std::collections::BTreeMap;
use std::sync::mpsc::{channel, Sender};
use workerpool::Pool;

/// One pool per topic.
struct Registry {
    pools: BTreeMap<String, Pool<u32>>,
    out: Sender<(String, u32)>,
}

impl Registry {
    fn topic(&mut self, name: &str) {
        let pool = Pool::<u32>::new(4);
        let out = self.out.clone();
        let topic = name.to_string();
        let w = move |n: u32| out.send((topic.clone(), n)).unwrap();
        pool.add_worker(w);
        self.pools.insert(name.to_string(), pool);
    }

    fn publish(&self, name: &str, n: u32) {
        self.pools[name].delegate(n).unwrap();
    }
}

fn main() {
    let (tx, rx) = channel();
    let mut reg = Registry { pools: BTreeMap::new(), out: tx };
    reg.topic("news");
    reg.topic("sport");
    reg.publish("news", 1);
    reg.publish("sport", 2);
    let mut got: Vec<(String, u32)> = rx.iter().take(2).collect();
    got.sort();
    println!("{:?}", got);
}
