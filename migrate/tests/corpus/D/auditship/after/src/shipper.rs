use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use workerpool::{Pool, SharedWorker};

use crate::codec::rle_encode;
use crate::error::{ShipError, ShipResult};
use crate::event::{AuditEvent, Chunk, Packed};
use crate::inflight::Inflight;
use crate::sink::Sink;

#[derive(Debug, Clone, Copy)]
pub struct TenantConfig {
    pub uploaders: usize,
    pub chunk_events: usize,
}

impl Default for TenantConfig {
    fn default() -> Self {
        TenantConfig { uploaders: 1, chunk_events: 16 }
    }
}

struct Tenant {
    name: Arc<str>,
    config: TenantConfig,
    uploads: Arc<Pool<Packed>>,
    uploader: SharedWorker<Packed>,
    buffer: Mutex<Vec<AuditEvent>>,
    next_seq: AtomicU64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipperStats {
    pub compressors: usize,
    pub uploaders: BTreeMap<String, usize>,
}

pub struct Shipper<S: Sink> {
    sink: Arc<S>,
    compress: Pool<Chunk>,
    compressor: SharedWorker<Chunk>,
    tenants: RwLock<BTreeMap<String, Tenant>>,
    routes: Arc<RwLock<BTreeMap<Arc<str>, Arc<Pool<Packed>>>>>,
    inflight: Arc<Inflight>,
    raw_shipped: Arc<AtomicUsize>,
}

impl<S: Sink> Shipper<S> {
    pub fn new(sink: S, compressors: usize) -> ShipResult<Self> {
        let routes: Arc<RwLock<BTreeMap<Arc<str>, Arc<Pool<Packed>>>>> = Arc::default();
        let inflight = Arc::new(Inflight::default());
        let compressor = {
            let routes = Arc::clone(&routes);
            let inflight = Arc::clone(&inflight);
            SharedWorker::new(move |chunk: Chunk| {
                let raw = chunk.to_bytes();
                let packed = Packed { raw_len: raw.len(), bytes: rle_encode(&raw), tenant: chunk.tenant, seq: chunk.seq };
                let pool = routes.read().unwrap().get(&packed.tenant).cloned();
                match pool.map(|p| p.delegate(packed)) {
                    Some(Ok(())) => {}
                    // tenant removed or paused meanwhile: the chunk is dropped
                    Some(Err(_)) | None => inflight.done(),
                }
            })
        };
        let compress = Pool::<Chunk>::new(compressors * 4);
        for _ in 0..compressors {
            compress.add_shared_worker(&compressor);
        }
        Ok(Shipper {
            sink: Arc::new(sink),
            compress,
            compressor,
            tenants: RwLock::default(),
            routes,
            inflight,
            raw_shipped: Arc::default(),
        })
    }

    pub fn add_tenant(&self, name: &str, config: TenantConfig) -> ShipResult<()> {
        let mut tenants = self.tenants.write().unwrap();
        if tenants.contains_key(name) {
            return Err(ShipError::TenantExists(name.to_owned()));
        }
        let name: Arc<str> = name.into();
        let uploads = Arc::new(Pool::<Packed>::new(8));
        let uploader = {
            let sink = Arc::clone(&self.sink);
            let inflight = Arc::clone(&self.inflight);
            let raw_shipped = Arc::clone(&self.raw_shipped);
            SharedWorker::new(move |p: Packed| {
                raw_shipped.fetch_add(p.raw_len, Ordering::Relaxed);
                sink.put(format!("{}/{:06}.rle", p.tenant, p.seq), p.bytes);
                inflight.done();
            })
        };
        for _ in 0..config.uploaders {
            uploads
                .add_shared_worker(&uploader);
        }
        self.routes.write().unwrap().insert(Arc::clone(&name), Arc::clone(&uploads));
        tenants.insert(
            name.to_string(),
            Tenant { name, config, uploads, uploader, buffer: Mutex::default(), next_seq: AtomicU64::new(0) },
        );
        Ok(())
    }

    /// Pauses or resumes a tenant's uploads by taking its workers away or giving them back.
    pub fn set_uploaders(&self, tenant: &str, n: usize) -> ShipResult<usize> {
        let tenants = self.tenants.read().unwrap();
        let t = tenants.get(tenant).ok_or_else(|| ShipError::UnknownTenant(tenant.to_owned()))?;
        let before = t.uploads.workers();
        for _ in n..before {
            t.uploads.remove_shared_worker(&t.uploader);
        }
        for _ in before..n {
            t.uploads.add_shared_worker(&t.uploader);
        }
        Ok(before)
    }

    pub fn record(&self, tenant: &str, event: AuditEvent) -> ShipResult<()> {
        let tenants = self.tenants.read().unwrap();
        let t = tenants.get(tenant).ok_or_else(|| ShipError::UnknownTenant(tenant.to_owned()))?;
        let full = {
            let mut buf = t.buffer.lock().unwrap();
            buf.push(event);
            (buf.len() >= t.config.chunk_events).then(|| std::mem::take(&mut *buf))
        };
        if let Some(events) = full {
            self.ship(t, events)?;
        }
        Ok(())
    }

    fn ship(&self, t: &Tenant, events: Vec<AuditEvent>) -> ShipResult<()> {
        let chunk = Chunk { tenant: Arc::clone(&t.name), seq: t.next_seq.fetch_add(1, Ordering::SeqCst), events };
        self.inflight.add();
        self.compress.delegate(chunk).map_err(workerpool::Error::from).map_err(|e| {
            self.inflight.done();
            ShipError::from(e)
        })
    }

    /// Ships every partial buffer and waits until all chunks are uploaded.
    pub fn flush(&self) -> ShipResult<()> {
        {
            let tenants = self.tenants.read().unwrap();
            for t in tenants.values() {
                let events = std::mem::take(&mut *t.buffer.lock().unwrap());
                if !events.is_empty() {
                    self.ship(t, events)?;
                }
            }
        }
        self.inflight.wait();
        Ok(())
    }

    pub fn stats(&self) -> ShipperStats {
        let tenants = self.tenants.read().unwrap();
        ShipperStats {
            compressors: self.compress.workers(),
            uploaders: tenants.iter().map(|(k, t)| (k.clone(), t.uploads.workers())).collect(),
        }
    }

    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// Uncompressed bytes of every uploaded chunk so far.
    pub fn raw_bytes_shipped(&self) -> usize {
        self.raw_shipped.load(Ordering::Relaxed)
    }

    pub fn total_uploaders(&self) -> usize {
        self.routes.read().unwrap().values().map(|p| p.workers()).sum()
    }

    /// Stops compressing; call after `flush`.
    pub fn shutdown(&self) -> ShipResult<()> {
        while self.compress.workers() > 0 {
            self.compress.remove_shared_worker(&self.compressor);
        }
        for t in self.tenants.read().unwrap().values() {
            t.uploads.stop();
        }
        Ok(())
    }
}
