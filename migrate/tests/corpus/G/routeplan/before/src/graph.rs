//! A small weighted graph and Dijkstra on it.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

#[derive(Debug, Clone, Default)]
pub struct Graph {
    names: Vec<&'static str>,
    edges: Vec<Vec<(usize, u32)>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub from: usize,
    pub to: usize,
    pub cost: u32,
    pub stops: Vec<usize>,
}

impl Graph {
    pub fn new(names: &[&'static str]) -> Graph {
        Graph {
            names: names.to_vec(),
            edges: vec![Vec::new(); names.len()],
        }
    }

    pub fn road(mut self, a: usize, b: usize, cost: u32) -> Graph {
        self.edges[a].push((b, cost));
        self.edges[b].push((a, cost));
        self
    }

    pub fn name(&self, node: usize) -> &'static str {
        self.names[node]
    }

    pub fn shortest(&self, from: usize, to: usize) -> Option<Route> {
        let mut best = vec![u32::MAX; self.names.len()];
        let mut prev = vec![usize::MAX; self.names.len()];
        let mut heap = BinaryHeap::new();
        best[from] = 0;
        heap.push(Reverse((0u32, from)));
        while let Some(Reverse((cost, node))) = heap.pop() {
            if node == to {
                break;
            }
            if cost > best[node] {
                continue;
            }
            for &(next, w) in &self.edges[node] {
                let c = cost + w;
                if c < best[next] || (c == best[next] && node < prev[next]) {
                    best[next] = c;
                    prev[next] = node;
                    heap.push(Reverse((c, next)));
                }
            }
        }
        if best[to] == u32::MAX {
            return None;
        }
        let mut stops = vec![to];
        while *stops.last().unwrap() != from {
            stops.push(prev[*stops.last().unwrap()]);
        }
        stops.reverse();
        Some(Route {
            from,
            to,
            cost: best[to],
            stops,
        })
    }

    /// The demo network.
    pub fn demo() -> Graph {
        Graph::new(&[
            "Aston", "Brook", "Carden", "Dale", "Eastwick", "Fulmer", "Island",
        ])
        .road(0, 1, 4)
        .road(0, 2, 2)
        .road(1, 2, 1)
        .road(1, 3, 5)
        .road(2, 3, 8)
        .road(2, 4, 10)
        .road(3, 4, 2)
        .road(3, 5, 6)
        .road(4, 5, 3)
    }
}
