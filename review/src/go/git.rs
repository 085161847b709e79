//! The user's inputs as they were at another git revision, for `kubeidl diff --git-base REV`
//! and `kubeidl lint --baseline REV`: Go package trees (the `.go` and `go.mod` files of each
//! tree's module at REV, listed with `git ls-tree` and read with one `git cat-file --batch`,
//! written into a temporary directory laid out as the repository is), and single files read
//! with `git cat-file` ([`show`]). Nothing of the repository changes: no checkout, no worktree.

use kubeidl_gen::error::{Error, Result};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A revision's files, extracted; removed when dropped.
#[derive(Debug)]
pub struct Snapshot {
    dir: tempfile::TempDir,
    /// The repository's top directory, canonical.
    top: PathBuf,
    pub rev: String,
}

/// Runs git in `dir`; its stdout, or an error with its stderr.
fn git(dir: &Path, args: &[&str]) -> Result<Vec<u8>> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Error::new(format!("git did not run: {e}")))?;
    if !out.status.success() {
        return Err(Error::new(format!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(out.stdout)
}

impl Snapshot {
    /// The files of the modules holding `trees` (directories of the working tree) at `rev`.
    pub fn extract(rev: &str, trees: &[PathBuf]) -> Result<Snapshot> {
        let first = trees
            .first()
            .ok_or_else(|| Error::new("no Go package tree to read at the revision"))?;
        for tree in trees {
            if !tree.is_dir() {
                return Err(Error::new(format!(
                    "{}: not a directory of Go packages",
                    tree.display()
                )));
            }
        }
        let top = top_of(first)?;
        let commit = resolve(&top, rev)?;
        let mut wanted = Vec::new();
        for tree in trees {
            let abs = std::fs::canonicalize(tree).map_err(|e| Error::io(tree, e))?;
            let module = module_root(&abs, &top);
            let rel = module.strip_prefix(&top).map_err(|_| {
                Error::new(format!(
                    "{}: not inside the git repository at {}",
                    tree.display(),
                    top.display()
                ))
            })?;
            let rel = git_path(rel);
            if !wanted.contains(&rel) {
                wanted.push(rel);
            }
        }
        let mut args = vec!["ls-tree", "-r", "-z", "--full-tree", &commit, "--"];
        args.extend(wanted.iter().map(String::as_str));
        let listing = git(&top, &args)?;
        let mut blobs = Vec::new();
        for entry in listing.split(|b| *b == 0).filter(|e| !e.is_empty()) {
            let entry = String::from_utf8_lossy(entry);
            let Some((meta, path)) = entry.split_once('\t') else {
                continue;
            };
            let mut meta = meta.split(' ');
            let (_, kind, oid) = (meta.next(), meta.next(), meta.next());
            let name = path.rsplit('/').next().unwrap_or(path);
            let go = name.ends_with(".go") && !name.ends_with("_test.go");
            if kind == Some("blob") && (go || name == "go.mod") {
                if let Some(oid) = oid {
                    blobs.push((oid.to_string(), path.to_string()));
                }
            }
        }
        let dir = tempfile::Builder::new()
            .prefix("kubeidl-git-base-")
            .tempdir()
            .map_err(|e| Error::new(format!("a temporary directory: {e}")))?;
        let contents = cat_files(&top, &blobs)?;
        for ((_, path), text) in blobs.iter().zip(contents) {
            let file = dir.path().join(path);
            if let Some(parent) = file.parent() {
                std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
            }
            std::fs::write(&file, text).map_err(|e| Error::io(&file, e))?;
        }
        let snapshot = Snapshot {
            dir,
            top,
            rev: rev.to_string(),
        };
        for tree in trees {
            let at_rev = snapshot.path_of(tree)?;
            if !at_rev.is_dir() {
                return Err(Error::new(format!(
                    "{}: no Go files at {rev}",
                    snapshot.name_of(tree)?
                )));
            }
        }
        Ok(snapshot)
    }

    /// The extracted directory standing for `tree` of the working tree.
    pub fn path_of(&self, tree: &Path) -> Result<PathBuf> {
        let abs = std::fs::canonicalize(tree).map_err(|e| Error::io(tree, e))?;
        let rel = abs.strip_prefix(&self.top).map_err(|_| {
            Error::new(format!(
                "{}: not inside the git repository at {}",
                tree.display(),
                self.top.display()
            ))
        })?;
        Ok(self.dir.path().join(rel))
    }

    /// `REV:path` of `tree`, path from the repository's top as `git show` takes it.
    pub fn name_of(&self, tree: &Path) -> Result<String> {
        let abs = std::fs::canonicalize(tree).map_err(|e| Error::io(tree, e))?;
        let rel = abs.strip_prefix(&self.top).unwrap_or(&abs);
        Ok(format!("{}:{}", self.rev, git_path(rel)))
    }

    /// The directory the repository's files were extracted to.
    pub fn root(&self) -> &Path {
        self.dir.path()
    }
}

/// The repository's top directory, canonical, for a directory inside it.
fn top_of(dir: &Path) -> Result<PathBuf> {
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    let top = PathBuf::from(String::from_utf8_lossy(&top).trim());
    std::fs::canonicalize(&top).map_err(|e| Error::io(&top, e))
}

/// The commit `rev` names in the repository at `top`.
fn resolve(top: &Path, rev: &str) -> Result<String> {
    let spec = format!("{rev}^{{commit}}");
    let commit = git(
        top,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            "--end-of-options",
            &spec,
        ],
    )
    .map_err(|_| {
        Error::new(format!(
            "{rev}: no such revision in the repository at {}",
            top.display()
        ))
    })?;
    Ok(String::from_utf8_lossy(&commit).trim().to_string())
}

/// The contents of `file` (a file of the working tree) at `rev`, and its name there, `REV:path`
/// with the path from the repository's top, as `git show` takes it.
pub fn show(rev: &str, file: &Path) -> Result<(Vec<u8>, String)> {
    let abs = std::fs::canonicalize(file).map_err(|e| Error::io(file, e))?;
    let dir = abs.parent().unwrap_or(&abs);
    let top = top_of(dir)?;
    let commit = resolve(&top, rev)?;
    let rel = abs.strip_prefix(&top).map_err(|_| {
        Error::new(format!(
            "{}: not inside the git repository at {}",
            file.display(),
            top.display()
        ))
    })?;
    let name = format!("{rev}:{}", git_path(rel));
    let bytes = git(
        &top,
        &["cat-file", "blob", &format!("{commit}:{}", git_path(rel))],
    )
    .map_err(|_| Error::new(format!("{name}: no such file at {rev}")))?;
    Ok((bytes, name))
}

/// A relative path as git writes it (`/`-separated, `.` for the top).
fn git_path(rel: &Path) -> String {
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    }
}

/// The directory of the nearest go.mod at or above `dir`, not above `top`; `dir` without one.
fn module_root(dir: &Path, top: &Path) -> PathBuf {
    let mut current = Some(dir);
    while let Some(d) = current {
        if d.join("go.mod").is_file() {
            return d.to_path_buf();
        }
        if d == top {
            break;
        }
        current = d.parent();
    }
    dir.to_path_buf()
}

/// The contents of each blob, in order, read by one `git cat-file --batch`.
fn cat_files(top: &Path, blobs: &[(String, String)]) -> Result<Vec<Vec<u8>>> {
    if blobs.is_empty() {
        return Ok(Vec::new());
    }
    let mut child = Command::new("git")
        .arg("-C")
        .arg(top)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::new(format!("git did not run: {e}")))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let request: String = blobs.iter().map(|(oid, _)| format!("{oid}\n")).collect();
    let writer = std::thread::spawn(move || stdin.write_all(request.as_bytes()));
    let mut out = Vec::new();
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_to_end(&mut out)
        .map_err(|e| Error::new(format!("git cat-file: {e}")))?;
    let status = child
        .wait()
        .map_err(|e| Error::new(format!("git cat-file: {e}")))?;
    let _ = writer.join();
    if !status.success() {
        return Err(Error::new("git cat-file --batch failed"));
    }
    let mut contents = Vec::with_capacity(blobs.len());
    let mut rest = out.as_slice();
    for (oid, path) in blobs {
        let bad = || Error::new(format!("git cat-file: unexpected output for {path}"));
        let header_end = rest.iter().position(|b| *b == b'\n').ok_or_else(bad)?;
        let header = String::from_utf8_lossy(&rest[..header_end]).into_owned();
        let mut fields = header.split(' ');
        if fields.next() != Some(oid.as_str()) {
            return Err(bad());
        }
        let size: usize = fields.nth(1).and_then(|s| s.parse().ok()).ok_or_else(bad)?;
        let body = rest
            .get(header_end + 1..header_end + 1 + size)
            .ok_or_else(bad)?;
        contents.push(body.to_vec());
        rest = rest.get(header_end + 2 + size..).unwrap_or(&[]);
    }
    Ok(contents)
}
