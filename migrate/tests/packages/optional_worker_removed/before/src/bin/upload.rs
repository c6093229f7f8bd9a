use optional_worker_removed::Uploader;

fn main() -> Result<(), optional_worker_removed::UploadError> {
    let mut up = Uploader::default();
    println!("closed: {:?}", up.upload(&[1]).map_err(|e| e.to_string()));
    up.open(3)?;
    println!("lanes {}", up.lanes());
    up.narrow()?;
    println!("lanes {}", up.lanes());
    let n = up.upload(&[4, 2, 9])?;
    up.wait_for(n);
    let mut got = up.stored.lock().unwrap().clone();
    got.sort();
    println!("{got:?}");
    Ok(())
}
