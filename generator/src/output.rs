//! Writing generated files: atomically (a temporary file in the same directory renamed into
//! place, so a failure never leaves a partial file) and only when the content changed (so
//! `build.rs` users do not trigger rebuilds for nothing).

use crate::error::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether [`write_if_changed`] wrote the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Changed,
    Unchanged,
}

/// Writes `bytes` to `path` atomically, unless the file already holds exactly these bytes.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<Written> {
    if std::fs::read(path).is_ok_and(|existing| existing == bytes) {
        return Ok(Written::Unchanged);
    }
    write_atomically(path, bytes)?;
    Ok(Written::Changed)
}

/// Writes `bytes` to a temporary file next to `path` and renames it into place. The new file gets
/// the permissions of the file it replaces, or `0644` (less the umask) when there was none.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".kubeidl-")
        .tempfile_in(&dir)
        .map_err(|e| Error::io(&dir, e))?;
    tmp.write_all(bytes).map_err(|e| Error::io(path, e))?;
    let permissions = match std::fs::metadata(path) {
        Ok(meta) => meta.permissions(),
        Err(_) => default_permissions(),
    };
    std::fs::set_permissions(tmp.path(), permissions).map_err(|e| Error::io(path, e))?;
    tmp.as_file().sync_all().map_err(|e| Error::io(path, e))?;
    tmp.persist(path).map_err(|e| Error::io(path, e.error))?;
    Ok(())
}

#[cfg(unix)]
fn default_permissions() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    // A file created the ordinary way gets 0666 less the umask; reading the umask needs libc, so
    // take the common 022 umask's result.
    std::fs::Permissions::from_mode(0o644)
}

#[cfg(not(unix))]
fn default_permissions() -> std::fs::Permissions {
    let file = tempfile::tempfile().expect("a temporary file");
    file.metadata().expect("its metadata").permissions()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_once_and_then_reports_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        assert_eq!(write_if_changed(&path, b"{}\n").unwrap(), Written::Changed);
        assert_eq!(
            write_if_changed(&path, b"{}\n").unwrap(),
            Written::Unchanged
        );
        assert_eq!(std::fs::read(&path).unwrap(), b"{}\n");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }
}
