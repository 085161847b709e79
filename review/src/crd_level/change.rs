//! A CRD's changes, each with its rule, direction, `updates` verdict and message: the one
//! place each is decided. Refusals are worded with the apiserver's own errors
//! ([`kubeidl::errors::FieldError`]).

use super::super::findings::{Direction, Updates};
use kubeidl::errors::{BadValue, FieldError, FieldPath};

/// The ConversionReview versions the apiserver sends, as its error lists them.
pub(super) const REVIEW_VERSIONS: &[&str] = &["v1", "v1beta1"];

/// The names of a CRD compared with one of another name: the new one is another object, which
/// the apiserver creates beside the old one rather than updating it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Renamed {
    pub(super) old: String,
    pub(super) new: String,
}

/// A field the apiserver does not let an update change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Field {
    Scope,
    Group,
    Kind,
    Plural,
}

impl Field {
    fn rule(self) -> &'static str {
        match self {
            Field::Scope => "scope-changed",
            Field::Group => "group-changed",
            Field::Kind => "kind-changed",
            Field::Plural => "plural-changed",
        }
    }

    /// The field path the apiserver's error names.
    fn path(self) -> FieldPath {
        let spec = FieldPath::root().child("spec");
        match self {
            Field::Scope => spec.child("scope"),
            Field::Group => spec.child("group"),
            Field::Kind => spec.child("names").child("kind"),
            Field::Plural => spec.child("names").child("plural"),
        }
    }

    /// Whether the apiserver refuses the change only once the CRD is established (scope and
    /// kind); group and plural form the CRD's name, which never changes.
    fn once_established(self) -> bool {
        matches!(self, Field::Scope | Field::Kind)
    }

    /// What the field decides, after the apiserver's error.
    fn why(self) -> &'static str {
        match self {
            Field::Scope => "the scope decides every object's URL and storage key, so it changes only by deleting the CRD and every object with it",
            Field::Group => "the group is part of the CRD's name (<plural>.<group>) and of every object's URL: a CRD of the new group is another CRD, and the old one's objects do not move to it",
            Field::Kind => "stored objects, manifests and typed clients name the kind",
            Field::Plural => "the plural is the resource's URL path and part of the CRD's name (<plural>.<group>): a CRD of the new plural is another CRD, and the old one's objects do not move to it",
        }
    }
}

/// `spec.names.shortNames` or `spec.names.categories`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NameList {
    ShortNames,
    Categories,
}

/// A version's `deprecated` and `deprecationWarning`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Deprecation {
    pub(super) deprecated: bool,
    pub(super) warning: Option<String>,
}

/// What happened to a printer column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ColumnChange {
    /// With its JSON path.
    Added(String),
    Removed,
    /// `key old -> new` of each field that changed.
    Changed(Vec<String>),
}

/// One change of a CRD: its rule, direction, `updates` verdict and message are decided here
/// and nowhere else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Change {
    Immutable {
        field: Field,
        old: String,
        new: String,
        renamed: Option<Renamed>,
    },
    Singular {
        old: String,
        new: String,
    },
    ListKind {
        old: String,
        new: String,
    },
    NamesRemoved {
        list: NameList,
        names: Vec<String>,
    },
    NamesAdded {
        list: NameList,
        names: Vec<String>,
    },
    /// A version that may hold stored objects is missing from the new `spec.versions`; `index`
    /// is its place in `status.storedVersions`, which the old file gives when `listed`.
    StoredVersionRemoved {
        version: String,
        index: usize,
        listed: bool,
    },
    ServedVersionRemoved {
        version: String,
        status_known: bool,
    },
    UnservedVersionRemoved {
        version: String,
        status_known: bool,
    },
    VersionAdded {
        version: String,
        served: bool,
    },
    VersionUnserved {
        version: String,
    },
    VersionServed {
        version: String,
    },
    StorageMoved {
        from: String,
        to: String,
    },
    Deprecation {
        version: String,
        old: Deprecation,
        new: Deprecation,
    },
    StatusAdded {
        version: String,
    },
    StatusRemoved {
        version: String,
    },
    ScaleAdded {
        version: String,
    },
    ScaleRemoved {
        version: String,
    },
    ScalePath {
        version: String,
        key: &'static str,
        old: Option<String>,
        new: Option<String>,
    },
    /// `versions`: how many versions the new CRD has.
    StrategyChanged {
        old: String,
        new: String,
        versions: usize,
    },
    WebhookChanged {
        parts: Vec<&'static str>,
    },
    ReviewVersionsChanged {
        old: Vec<String>,
        new: Vec<String>,
        refused: bool,
    },
    SelectableAdded {
        version: String,
        field: String,
    },
    SelectableRemoved {
        version: String,
        field: String,
    },
    PrinterColumn {
        version: String,
        column: String,
        what: ColumnChange,
    },
}

/// `[a, b]`.
fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// `[]string{"a", "b"}`, as Go's `%#v` prints a string slice in an error.
fn go_strings(items: &[String]) -> BadValue {
    let quoted: Vec<String> = items.iter().map(|v| format!("{v:?}")).collect();
    BadValue::GoSyntax(format!("[]string{{{}}}", quoted.join(", ")))
}

impl Change {
    pub(super) fn rule(&self) -> &'static str {
        match self {
            Change::Immutable { field, .. } => field.rule(),
            Change::Singular { .. } => "singular-changed",
            Change::ListKind { .. } => "list-kind-changed",
            Change::NamesRemoved {
                list: NameList::ShortNames,
                ..
            } => "short-names-removed",
            Change::NamesAdded {
                list: NameList::ShortNames,
                ..
            } => "short-names-added",
            Change::NamesRemoved {
                list: NameList::Categories,
                ..
            } => "categories-removed",
            Change::NamesAdded {
                list: NameList::Categories,
                ..
            } => "categories-added",
            Change::StoredVersionRemoved { .. } => "stored-version-removed",
            Change::ServedVersionRemoved { .. } => "served-version-removed",
            Change::UnservedVersionRemoved { .. } => "unserved-version-removed",
            Change::VersionAdded { .. } => "version-added",
            Change::VersionUnserved { .. } => "version-unserved",
            Change::VersionServed { .. } => "version-served",
            Change::StorageMoved { .. } => "storage-version-changed",
            Change::Deprecation { .. } => "version-deprecation-changed",
            Change::StatusAdded { .. } => "status-subresource-added",
            Change::StatusRemoved { .. } => "status-subresource-removed",
            Change::ScaleAdded { .. } => "scale-subresource-added",
            Change::ScaleRemoved { .. } => "scale-subresource-removed",
            Change::ScalePath { .. } => "scale-path-changed",
            Change::StrategyChanged { .. } => "conversion-strategy-changed",
            Change::WebhookChanged { .. } => "conversion-webhook-changed",
            Change::ReviewVersionsChanged { .. } => "conversion-review-versions-changed",
            Change::SelectableAdded { .. } => "selectable-field-added",
            Change::SelectableRemoved { .. } => "selectable-field-removed",
            Change::PrinterColumn { .. } => "printer-column-changed",
        }
    }

    /// What the change does to clients and stored objects: incompatible when the apiserver
    /// refuses it or requests that worked fail or lose data, tightening when fewer names reach
    /// the resource, loosening when more requests work.
    pub(super) fn direction(&self) -> Direction {
        use Direction::*;
        match self {
            Change::Immutable { .. }
            | Change::ListKind { .. }
            | Change::StoredVersionRemoved { .. }
            | Change::ServedVersionRemoved { .. }
            | Change::VersionUnserved { .. }
            | Change::StatusAdded { .. }
            | Change::StatusRemoved { .. }
            | Change::ScaleRemoved { .. }
            | Change::SelectableRemoved { .. } => Incompatible,
            Change::Singular { .. } | Change::NamesRemoved { .. } => Tightening,
            Change::NamesAdded { .. }
            | Change::VersionServed { .. }
            | Change::ScaleAdded { .. }
            | Change::SelectableAdded { .. } => Loosening,
            Change::ScalePath {
                key: "labelSelectorPath",
                old: None,
                ..
            } => Loosening,
            Change::ScalePath { .. } => Incompatible,
            Change::StrategyChanged { new, versions, .. } if new != "Webhook" && *versions > 1 => {
                Incompatible
            }
            Change::ReviewVersionsChanged { refused: true, .. } => Incompatible,
            Change::UnservedVersionRemoved { .. }
            | Change::VersionAdded { .. }
            | Change::StorageMoved { .. }
            | Change::Deprecation { .. }
            | Change::StrategyChanged { .. }
            | Change::WebhookChanged { .. }
            | Change::ReviewVersionsChanged { .. }
            | Change::PrinterColumn { .. } => Neutral,
        }
    }

    /// Which updates of stored objects fail, for tightenings and incompatible changes: every
    /// one when the endpoint they go through is gone (a version, /status, /scale), or when
    /// they are converted wrongly; none when the apiserver refuses the new CRD (the old one
    /// stays) or when nothing is refused (names, status dropped, list kind, field selectors).
    pub(super) fn updates(&self) -> Updates {
        match self {
            Change::ServedVersionRemoved { .. }
            | Change::VersionUnserved { .. }
            | Change::StatusRemoved { .. }
            | Change::ScaleRemoved { .. }
            | Change::StrategyChanged { .. } => Updates::EveryUpdate,
            _ => Updates::None,
        }
    }

    pub(super) fn message(&self) -> String {
        match self {
            Change::Immutable {
                field,
                old,
                new,
                renamed: None,
            } => {
                let error =
                    FieldError::invalid(field.path(), BadValue::string(new.as_str()), "field is immutable");
                let when = match field.once_established() {
                    true => "once the old CRD is established (it serves), the apiserver refuses the new one",
                    false => "the apiserver refuses the new CRD",
                };
                format!("{old} became {new}: {when}: {error}; {}", field.why())
            }
            Change::Immutable {
                old,
                new,
                renamed: Some(names),
                ..
            } => format!(
                "{old} became {new}, and the CRD's name {} became {}: the new CRD is another object, which the apiserver creates beside the old one; the old one's objects stay with it, served as before, and are deleted with it",
                names.old,
                names.new,
            ),
            Change::Singular { old, new } => format!(
                "the singular name {old} became {new}: `kubectl get {old}` no longer finds the resource"
            ),
            Change::ListKind { old, new } => format!(
                "lists of the resource are now of kind {new} (was {old}): typed clients that decode a list by its kind fail to decode them"
            ),
            Change::NamesRemoved {
                list: NameList::ShortNames,
                names,
            } => format!(
                "short names removed: {}: `kubectl get {}` no longer finds the resource",
                names.join(", "),
                names[0]
            ),
            Change::NamesAdded {
                list: NameList::ShortNames,
                names,
            } => format!(
                "short names added: {}: `kubectl get {}` finds the resource, unless another resource claims the name",
                names.join(", "),
                names[0]
            ),
            Change::NamesRemoved {
                list: NameList::Categories,
                names,
            } => format!(
                "categories removed: {}: `kubectl get {}` no longer lists these objects",
                names.join(", "),
                names[0]
            ),
            Change::NamesAdded {
                list: NameList::Categories,
                names,
            } => format!(
                "categories added: {}: `kubectl get {}` lists these objects too",
                names.join(", "),
                names[0]
            ),
            Change::StoredVersionRemoved {
                version,
                index,
                listed,
            } => {
                let error = FieldError::invalid(
                    FieldPath::root()
                        .child("status")
                        .child("storedVersions")
                        .index(*index),
                    BadValue::string(version.as_str()),
                    format!("missing from spec.versions; {version} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in {version} and removes {version} from status.storedVersions"),
                );
                let why = match listed {
                    true => format!("the old file's status.storedVersions lists {version}"),
                    false => format!("{version} was the old storage version, so objects are stored in it; the old file gives no status.storedVersions, so the error is the one for [{version}]"),
                };
                format!("the apiserver refuses the new CRD: {error} ({why})")
            }
            Change::ServedVersionRemoved {
                version,
                status_known,
            } => {
                let mut m = format!(
                    "served version {version} was removed: every request in {version} (clients, controllers, manifests written in it) fails with 404 Not Found"
                );
                if !status_known {
                    m.push_str(&format!("; and if {version} is still in status.storedVersions, which the old file does not give, the apiserver refuses the new CRD"));
                }
                m
            }
            Change::UnservedVersionRemoved {
                version,
                status_known,
            } => match status_known {
                true => format!("version {version}, not served, was removed; it is not in status.storedVersions, so no object is stored in it"),
                false => format!("version {version}, not served, was removed; if it is still in status.storedVersions, which the old file does not give, the apiserver refuses the new CRD"),
            },
            Change::VersionAdded { version, served } => match served {
                true => format!("version {version} was added, served"),
                false => format!("version {version} was added, not served"),
            },
            Change::VersionUnserved { version } => format!(
                "version {version} is no longer served: every request in {version} fails with 404 Not Found; objects stay stored and readable in the served versions"
            ),
            Change::VersionServed { version } => {
                format!("version {version} is now served: requests in {version} are accepted")
            }
            Change::StorageMoved { from, to } => format!(
                "the storage version moved from {from} to {to}: each object is written in {to} at its next write; the others stay stored in {from}, which stays in status.storedVersions, and so must stay in spec.versions, until a storage migration rewrites them and removes it"
            ),
            Change::Deprecation { version, old, new } => {
                let warning = |d: &Deprecation| match &d.warning {
                    Some(w) => format!("{w:?}"),
                    None => "the default warning".to_string(),
                };
                match (old.deprecated, new.deprecated) {
                    (false, true) => format!(
                        "version {version} is now deprecated: every request in it gets {}",
                        warning(new)
                    ),
                    (true, false) => format!("version {version} is no longer deprecated"),
                    _ => format!(
                        "the deprecation warning of {version} changed from {} to {}",
                        warning(old),
                        warning(new)
                    ),
                }
            }
            Change::StatusAdded { version } => format!(
                "{version} gained the status subresource: status is now written only through /status; the status in a create, or in an update of the object itself, is silently dropped, so writers that set it with the object lose it"
            ),
            Change::StatusRemoved { version } => format!(
                "{version} lost the status subresource: requests to /status fail with 404 Not Found, and status is written with the object again, by anyone who may update it"
            ),
            Change::ScaleAdded { version } => format!(
                "{version} gained the scale subresource: /scale serves kubectl scale and HorizontalPodAutoscalers"
            ),
            Change::ScaleRemoved { version } => format!(
                "{version} lost the scale subresource: requests to /scale fail with 404 Not Found, so kubectl scale and HorizontalPodAutoscalers of the resource stop working"
            ),
            Change::ScalePath {
                version,
                key,
                old,
                new,
            } => {
                let show = |p: &Option<String>| p.clone().unwrap_or_else(|| "(none)".into());
                match (*key, old, new) {
                    ("labelSelectorPath", None, Some(n)) => format!(
                        "{version}'s /scale now reports a label selector, from {n}: HorizontalPodAutoscalers can scale the resource"
                    ),
                    ("labelSelectorPath", Some(o), None) => format!(
                        "{version}'s /scale no longer reports a label selector (it came from {o}): HorizontalPodAutoscalers of the resource fail"
                    ),
                    ("specReplicasPath", ..) => format!(
                        "{version}'s /scale now reads and writes the desired replicas at {} (was {}): scaling sets another field than before",
                        show(new),
                        show(old)
                    ),
                    _ => format!(
                        "{version}'s /scale now takes {key} from {} (was {}): scalers read another field than before",
                        show(new),
                        show(old)
                    ),
                }
            }
            Change::StrategyChanged { old, new, versions } => match new.as_str() {
                "Webhook" => format!(
                    "conversion {old} became Webhook: the webhook converts between versions, and while it is unreachable every request in a version other than an object's stored one fails"
                ),
                _ if *versions > 1 => format!(
                    "conversion {old} became {new}: objects are served in every version as stored, with only apiVersion changed, so fields that differ between versions are lost or misread"
                ),
                _ => format!(
                    "conversion {old} became {new}; the CRD has one version, so nothing is converted"
                ),
            },
            Change::WebhookChanged { parts } => format!(
                "the conversion webhook's {} changed: conversions go to the new endpoint, which must answer every ConversionReview the old one did",
                parts.join(", ")
            ),
            Change::ReviewVersionsChanged { old, new, refused } => match refused {
                true => {
                    let error = FieldError::invalid(
                        FieldPath::root()
                            .child("spec")
                            .child("conversion")
                            .child("conversionReviewVersions"),
                        go_strings(new),
                        format!("must include at least one of {}", REVIEW_VERSIONS.join(", ")),
                    );
                    format!("the apiserver refuses the new CRD: {error}")
                }
                false => format!(
                    "the apiserver sends ConversionReviews in the first of {} it supports (was {}): the webhook must answer that version",
                    list(new),
                    list(old)
                ),
            },
            Change::SelectableAdded { version, field } => format!(
                "{version} gained the selectable field {field}: lists and watches may select on {}",
                field.trim_start_matches('.')
            ),
            Change::SelectableRemoved { version, field } => {
                let label = field.trim_start_matches('.');
                format!(
                    "{version} lost the selectable field {field}: lists and watches that select on it are refused (field label not supported: {label}), so readers that use it break"
                )
            }
            Change::PrinterColumn {
                version,
                column,
                what,
            } => match what {
                ColumnChange::Added(path) => {
                    format!("{version} gained the printer column {column} ({path}): kubectl get prints it")
                }
                ColumnChange::Removed => {
                    format!("{version} lost the printer column {column}: kubectl get no longer prints it")
                }
                ColumnChange::Changed(changes) => format!(
                    "{version}'s printer column {column} changed: {}",
                    changes.join(", ")
                ),
            },
        }
    }
}
