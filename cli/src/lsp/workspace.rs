//! The workspace the server checks documents in: its settings (the `validate:` section of
//! `.kubeidl.yaml`, as `kubeidl validate` reads it), the flags `kubeidl validate` would run
//! with, and the catalog of kinds: the release's built-in kinds and the CRDs found in the
//! workspace's YAML and JSON files (and those the settings name).

use crate::cluster::crd_served;
use crate::settings;
use crate::validate::{apply_settings, catalog_for};
use crate::ValidateArgs;
use clap::Parser;
use kubeidl::document::read_documents;
use kubeidl::kube::Release;
use kubeidl::validate::Catalog;
use kubeidl_admission::{GroupVersionKind, GroupVersionResource};
use std::path::{Path, PathBuf};

/// How many files a workspace scan for CRDs reads at most.
const MOST_FILES: usize = 5_000;
/// Files larger than this are not read for CRDs.
const LARGEST_FILE: u64 = 4 << 20;

/// `kubeidl validate`'s flags, parsed as the command line would give them.
#[derive(Parser)]
struct ValidateOnly {
    #[command(flatten)]
    args: ValidateArgs,
}

/// What documents are checked with.
pub struct Workspace {
    pub root: Option<PathBuf>,
    pub args: ValidateArgs,
    pub catalog: Catalog,
    /// The release of the built-in kinds, and the custom resources the CRDs serve, for the type
    /// checking of admission policies.
    pub release: Release,
    pub custom: Vec<(GroupVersionResource, GroupVersionKind)>,
    /// The git revision whose version of a file holds the stored objects edits update
    /// (`initializationOptions: {"updatesFrom": "HEAD"}`); none: every object is created.
    pub updates_from: Option<String>,
    /// A settings file or CRD that could not be read, said once to the user.
    pub problem: Option<String>,
}

impl Workspace {
    /// The workspace at `root` (none: only the built-in kinds of the newest release).
    pub fn load(root: Option<PathBuf>) -> Workspace {
        let mut args = ValidateOnly::try_parse_from(["validate", "."])
            .expect("the default flags parse")
            .args;
        let mut problem = None;
        if let Some(root) = &root {
            match settings::find(root) {
                Ok(s) => apply_settings(&mut args, &s),
                Err(e) => problem = Some(e.to_string()),
            }
        }
        let mut files = root.as_deref().map(crd_files).unwrap_or_default();
        files.extend(args.crds.iter().flat_map(|p| match p.is_dir() {
            true => crd_files(p),
            false => vec![p.clone()],
        }));
        let custom = files
            .iter()
            .filter_map(|f| std::fs::read(f).ok())
            .flat_map(|bytes| {
                read_documents(&bytes)
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
            })
            .flat_map(|doc| crd_served(&doc.value))
            .map(|(resource, kind, _)| (resource, kind))
            .collect();
        let version = args
            .kube_version
            .as_deref()
            .unwrap_or(kubeidl::kube::NEWEST);
        let release = match kubeidl::kube::release(version) {
            Ok(r) => r,
            Err(e) => {
                problem.get_or_insert(e.to_string());
                kubeidl::kube::release(kubeidl::kube::NEWEST)
                    .expect("the newest release is embedded")
            }
        };
        let catalog = match catalog_for(&args, &files) {
            Ok(c) => c,
            Err(e) => {
                problem.get_or_insert(e.to_string());
                args.crds.clear();
                catalog_for(&args, &[]).unwrap_or_default()
            }
        };
        Workspace {
            root,
            args,
            catalog,
            release,
            custom,
            updates_from: None,
            problem,
        }
    }

    /// The file's text at the revision updates are checked from, when asked for and in git.
    pub fn stored_version(&self, file: &Path) -> Option<Vec<u8>> {
        let revision = self.updates_from.as_deref()?;
        let dir = file.parent()?;
        let top = std::process::Command::new("git")
            .args(["rev-parse", "--show-toplevel"])
            .current_dir(dir)
            .output()
            .ok()
            .filter(|o| o.status.success())?;
        let top = PathBuf::from(String::from_utf8_lossy(&top.stdout).trim());
        let relative = file.strip_prefix(&top).ok()?;
        let shown = std::process::Command::new("git")
            .arg("show")
            .arg(format!("{revision}:{}", relative.display()))
            .current_dir(&top)
            .output()
            .ok()
            .filter(|o| o.status.success())?;
        Some(shown.stdout)
    }
}

/// The YAML and JSON files below `root` that hold a CustomResourceDefinition (hidden
/// directories, `target`, `node_modules` and `vendor` left out; at most [`MOST_FILES`] read).
pub fn crd_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    let mut read = 0;
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if !name.starts_with('.')
                    && !["target", "node_modules", "vendor"].contains(&name.as_str())
                {
                    pending.push(path);
                }
                continue;
            }
            let manifest = [".yaml", ".yml", ".json"].iter().any(|e| name.ends_with(e));
            let small = entry.metadata().is_ok_and(|m| m.len() <= LARGEST_FILE);
            if !manifest || !small || read >= MOST_FILES {
                continue;
            }
            read += 1;
            if std::fs::read(&path).is_ok_and(|b| contains(&b, b"CustomResourceDefinition")) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
