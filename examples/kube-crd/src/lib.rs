//! A kube-rs custom resource whose schema is kubeidl's: `#[derive(CustomResource)]` writes the
//! kind (`Backup`, its `crd()`), and `kubeidl_derive::Schema` gives the spec and status their
//! schemas from the same tags a Go `types.go` holds (with kubeidl's `kube` feature, derived
//! types implement schemars' `JsonSchema`). The rules are type-checked while this file compiles;
//! `kubeidl_derive::Validate` checks a typed spec as the apiserver would. The Go twin of these
//! types is `go/v1/types.go`.

use kube::CustomResource;
use kubeidl_derive::{Schema, Validate};
use serde::{Deserialize, Serialize};

/// BackupSpec is what to back up, where to, and how often.
/// +validationRule="!has(self.keepLast) || self.keepLast >= size(self.targets)",message="keepLast must keep a backup of every target"
#[derive(CustomResource, Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kube(
    group = "backups.example.com",
    version = "v1",
    kind = "Backup",
    namespaced,
    status = "BackupStatus",
    shortname = "bk",
    printcolumn(name = "Schedule", type_ = "string", json_path = ".spec.schedule")
)]
#[kubeidl(package = "example.com/backups/v1")]
#[serde(rename_all = "camelCase")]
pub struct BackupSpec {
    /// Schedule is when to back up, in cron syntax.
    /// +k8s:minLength=9
    /// +k8s:maxLength=64
    pub schedule: String,

    /// Targets are the volumes to back up, keyed by name.
    /// +listType=map
    /// +listMapKey=name
    /// +k8s:minItems=1
    /// +k8s:maxItems=16
    pub targets: Vec<Target>,

    /// Destination is where backups are written.
    pub destination: Destination,

    /// Compression is how backups are compressed.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compression: Option<Compression>,

    /// KeepLast is how many backups to keep.
    /// +optional
    /// +k8s:minimum=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_last: Option<i32>,

    /// Suspend stops new backups from being scheduled.
    /// +optional
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub suspend: bool,
}

/// Target is one volume to back up.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/backups/v1")]
#[serde(rename_all = "camelCase")]
pub struct Target {
    /// Name is the volume's name.
    /// +k8s:format=k8s-short-name
    pub name: String,

    /// Paths are the directories to back up; everything when empty.
    /// +optional
    /// +listType=set
    /// +k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<String>,
}

/// Destination is where backups are written: one of the members, named by `type`.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/backups/v1")]
#[serde(tag = "type")]
pub enum Destination {
    /// S3 is a bucket of an S3-compatible store.
    S3 { s3: S3Destination },
    /// PVC is a persistent volume claim in the backup's namespace.
    #[serde(rename = "PVC")]
    Pvc { pvc: PvcDestination },
}

/// S3Destination is a bucket and a key prefix.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/backups/v1")]
#[serde(rename_all = "camelCase")]
pub struct S3Destination {
    /// Bucket is the bucket's name.
    /// +k8s:minLength=3
    /// +k8s:maxLength=63
    pub bucket: String,

    /// Prefix is prepended to every object's key.
    /// +optional
    /// +validationRule="!self.startsWith('/')",message="prefix must not start with a slash"
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prefix: String,
}

/// PvcDestination is a claim by name.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug)]
#[kubeidl(package = "example.com/backups/v1")]
#[serde(rename_all = "camelCase")]
pub struct PvcDestination {
    /// ClaimName is the claim's name.
    /// +k8s:format=k8s-long-name
    pub claim_name: String,
}

/// Compression is how backups are compressed.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Compression {
    /// None stores backups as they are.
    None,
    /// Gzip is gzip.
    Gzip,
    /// Zstd is zstd.
    Zstd,
}

/// BackupStatus is what was last seen of a backup.
#[derive(Schema, Validate, Serialize, Deserialize, Clone, Debug, Default)]
#[kubeidl(package = "example.com/backups/v1")]
#[serde(rename_all = "camelCase")]
pub struct BackupStatus {
    /// LastSuccess is when the last backup finished.
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_success: Option<kubeidl::apimachinery::Time>,

    /// Backups is how many backups are kept.
    /// +optional
    /// +k8s:minimum=0
    #[serde(default)]
    pub backups: i32,
}
