use backupd::{BackupError, Engine, Store};

fn main() -> Result<(), BackupError> {
    let source = Store::new();
    source.put("etc/hosts", b"127.0.0.1 localhost\n::1 localhost\n".to_vec());
    source.put("etc/fstab", b"/dev/sda1 / ext4 defaults 0 1\n".to_vec());
    source.put("home/ana/notes.md", b"# todo\n- renew cert\n- rotate keys\n".to_vec());
    source.put("var/lib/db.sqlite", vec![0x53; 4096]);
    source.put("var/log/empty.log", Vec::new());

    let dest = Store::new();
    let engine = Engine::new(source, dest.clone(), 3, &["home/ana/notes.md"]);
    let summary = engine.run(&[])?;
    for (name, bytes) in &summary.copied {
        println!("copied {name:<20} {bytes:>5} bytes");
    }
    println!("total {} bytes in {} files", summary.bytes, dest.len());
    if summary.corrupt.is_empty() {
        println!("all copies verified");
    } else {
        println!("corrupt: {}", summary.corrupt.join(", "));
    }
    println!("idle after run: {}", engine.idle());
    match engine.run(&["etc/hosts", "etc/shadow"]) {
        Err(e) => println!("second run: {e}"),
        Ok(_) => println!("second run: ok"),
    }
    Ok(())
}
