//! Changes of a CustomResourceDefinition itself, beside its versions' schemas: scope, names,
//! the set of versions (served, storage, stored, deprecated), subresources, conversion,
//! selectable fields and printer columns. The CRDs of two CRD files are paired (by name, and a
//! lone CRD on each side with the other), each difference is a [`Change`] (`change.rs`, the
//! one place each rule's direction, `updates` verdict and wording are decided), and each is a
//! [`Finding`] whose definition is the CRD's name (`widgets.example.com`) and whose path is
//! the CRD field (`spec.scope`, `spec.versions[v1beta1].served`), with the old and new sites
//! in each file. What the apiserver refuses (immutable names and scope, a stored version
//! dropped from `spec.versions`) is said with the apiserver's own error.
//!
//! `updates` here says which requests for stored objects fail, since no schema changes:
//! `none` when the apiserver refuses the new CRD (nothing changes) or nothing is refused,
//! `every-update` when a version or subresource endpoint goes away.

mod change;
#[cfg(test)]
mod tests;

use super::findings::{Finding, Site};
use super::input::{crd_definition_name, Revision};
use change::{Change, ColumnChange, Deprecation, Field, NameList, Renamed, REVIEW_VERSIONS};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The rules of this module, in the order of [`super::findings::RULES`].
pub(crate) const RULE_IDS: &[&str] = &[
    "scope-changed",
    "group-changed",
    "kind-changed",
    "plural-changed",
    "singular-changed",
    "list-kind-changed",
    "short-names-removed",
    "short-names-added",
    "categories-removed",
    "categories-added",
    "stored-version-removed",
    "served-version-removed",
    "unserved-version-removed",
    "version-added",
    "version-unserved",
    "version-served",
    "storage-version-changed",
    "version-deprecation-changed",
    "status-subresource-added",
    "status-subresource-removed",
    "scale-subresource-added",
    "scale-subresource-removed",
    "scale-path-changed",
    "conversion-strategy-changed",
    "conversion-webhook-changed",
    "conversion-review-versions-changed",
    "selectable-field-added",
    "selectable-field-removed",
    "printer-column-changed",
];

/// Whether `rule` is one of this module's: a change of the CRD, not of a schema, so there is
/// no object to witness it.
pub(crate) fn reports(rule: &str) -> bool {
    RULE_IDS.contains(&rule)
}

/// What comparing the CRDs of two revisions gives the schema walk.
#[derive(Debug, Default)]
pub(crate) struct CrdLevel {
    pub findings: Vec<Finding>,
    /// The version definitions whose appearance or disappearance the findings report: the
    /// schema walk leaves those out, as `definition-added` and `definition-removed` would say
    /// it again.
    pub covered: BTreeSet<String>,
    /// Old definition name to new, for the versions of a CRD whose group or kind changed
    /// under the same name (which the apiserver refuses): the walk compares their schemas as
    /// one definition, named as before.
    pub renamed: BTreeMap<String, String>,
}

/// The CRD-level findings between two revisions read from CRD files.
pub(crate) fn findings(old: &Revision, new: &Revision) -> CrdLevel {
    let mut report = Report::default();
    for (o, n) in pairs(old, new) {
        report.crd = o.name();
        compare(o, n, &mut report);
    }
    CrdLevel {
        findings: report.out,
        covered: report.covered,
        renamed: report.renamed,
    }
}

/// One CRD in one file.
#[derive(Clone, Copy)]
struct Side<'a> {
    rev: &'a Revision,
    doc: usize,
    crd: &'a Value,
}

impl<'a> Side<'a> {
    fn at(&self, pointer: &str) -> Option<&'a Value> {
        self.crd.pointer(pointer)
    }

    fn text(&self, pointer: &str) -> Option<&'a str> {
        self.at(pointer).and_then(Value::as_str)
    }

    fn group(&self) -> &'a str {
        self.text("/spec/group").unwrap_or_default()
    }

    fn kind(&self) -> &'a str {
        self.text("/spec/names/kind").unwrap_or_default()
    }

    fn plural(&self) -> &'a str {
        self.text("/spec/names/plural").unwrap_or_default()
    }

    /// `metadata.name`, or `<plural>.<group>` as it must be.
    fn name(&self) -> String {
        match self.text("/metadata/name") {
            Some(name) if !name.is_empty() => name.to_string(),
            _ => format!("{}.{}", self.plural(), self.group()),
        }
    }

    /// The site of `pointer`, or of `default_from` (the field its default comes from) when the
    /// file leaves it out.
    fn site_or(&self, pointer: &str, default_from: &str) -> Option<Site> {
        self.site(pointer).or_else(|| self.site(default_from))
    }

    /// The node at `pointer` as a site: `key: value` at its position, `None` when it is absent.
    fn site(&self, pointer: &str) -> Option<Site> {
        let value = self.at(pointer)?;
        let key = pointer.rsplit('/').next().unwrap_or_default();
        let key = key.replace("~1", "/").replace("~0", "~");
        Some(
            self.rev
                .site(self.doc, pointer, format!("{key}: {}", show(value))),
        )
    }

    fn versions(&self) -> Vec<Version<'a>> {
        let list = self.at("/spec/versions").and_then(Value::as_array);
        list.into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(index, v)| {
                Some(Version {
                    index,
                    name: v.get("name")?.as_str()?,
                    value: v,
                })
            })
            .collect()
    }

    /// The versions that may hold stored objects: `status.storedVersions` when the file gives
    /// it, and the storage version, each with its index in `status.storedVersions` (the
    /// storage version's assumed to be its only entry when the file gives none).
    fn stored(&self) -> (BTreeMap<&'a str, usize>, bool) {
        let listed: Vec<&str> = self
            .at("/status/storedVersions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let known = !listed.is_empty();
        let mut stored: BTreeMap<&str, usize> =
            listed.iter().enumerate().map(|(i, v)| (*v, i)).collect();
        for v in self.versions().iter().filter(|v| v.storage()) {
            let next = stored.len();
            stored.entry(v.name).or_insert(if known { next } else { 0 });
        }
        (stored, known)
    }

    fn strings(&self, pointer: &str) -> Vec<&'a str> {
        self.at(pointer)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect()
    }
}

/// One entry of `spec.versions`.
#[derive(Clone, Copy)]
struct Version<'a> {
    index: usize,
    name: &'a str,
    value: &'a Value,
}

impl<'a> Version<'a> {
    /// The pointer of `key` (`/served`, empty for the version) in this version.
    fn pointer(&self, key: &str) -> String {
        format!("/spec/versions/{}{key}", self.index)
    }

    /// Served unless `served: false` (the field is required; a file without it is read as
    /// `--crd-versions` reads it).
    fn served(&self) -> bool {
        self.value.get("served").and_then(Value::as_bool) != Some(false)
    }

    fn storage(&self) -> bool {
        self.value.get("storage").and_then(Value::as_bool) == Some(true)
    }

    fn get(&self, pointer: &str) -> Option<&'a Value> {
        self.value.pointer(pointer)
    }
}

/// A value as a site's text shows it: strings bare, anything else as compact JSON.
fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        _ => v.to_string(),
    }
}

/// The CRDs of the two files paired by name, the apiserver's identity of a CRD, and a lone CRD
/// left on each side with the other (two files of one CRD each are compared as asked, even
/// when the new one has another name: see [`Renamed`]).
fn pairs<'a>(old: &'a Revision, new: &'a Revision) -> Vec<(Side<'a>, Side<'a>)> {
    let sides = |rev: &'a Revision| -> Vec<Side<'a>> {
        rev.crds
            .iter()
            .enumerate()
            .map(|(doc, crd)| Side { rev, doc, crd })
            .collect()
    };
    let (olds, news) = (sides(old), sides(new));
    let mut taken_old = vec![false; olds.len()];
    let mut taken_new = vec![false; news.len()];
    let mut out = Vec::new();
    for (i, o) in olds.iter().enumerate() {
        let name = o.name();
        let found = (0..news.len()).find(|&j| !taken_new[j] && news[j].name() == name);
        if let Some(j) = found {
            taken_old[i] = true;
            taken_new[j] = true;
            out.push((*o, news[j]));
        }
    }
    let left_old: Vec<usize> = (0..olds.len()).filter(|&i| !taken_old[i]).collect();
    let left_new: Vec<usize> = (0..news.len()).filter(|&j| !taken_new[j]).collect();
    if let ([i], [j]) = (left_old.as_slice(), left_new.as_slice()) {
        out.push((olds[*i], news[*j]));
    }
    out.sort_by_key(|(o, _)| o.doc);
    out
}

/// The findings gathered, for the CRD being compared.
#[derive(Default)]
struct Report {
    crd: String,
    out: Vec<Finding>,
    covered: BTreeSet<String>,
    renamed: BTreeMap<String, String>,
}

impl Report {
    fn emit(&mut self, change: Change, path: String, old: Option<Site>, new: Option<Site>) {
        let direction = change.direction();
        self.out.push(Finding {
            rule: change.rule(),
            definition: self.crd.clone(),
            path,
            direction,
            updates: direction.breaks_writers().then(|| change.updates()),
            old,
            new,
            message: change.message(),
        });
    }
}

/// `spec.versions[v1]` and what follows.
fn version_path(version: &str, rest: &str) -> String {
    format!("spec.versions[{version}]{rest}")
}

fn compare(o: Side, n: Side, report: &mut Report) {
    let renamed = (o.name() != n.name()).then(|| Renamed {
        old: o.name(),
        new: n.name(),
    });
    names(o, n, renamed.as_ref(), report);
    if renamed.is_some() {
        // Another object: its versions are not those of the old one (their definitions are
        // reported added and removed by the schema walk).
        return;
    }
    versions(o, n, report);
    conversion(o, n, report);
    let olds = o.versions();
    let news = n.versions();
    for ov in &olds {
        if let Some(nv) = news.iter().find(|nv| nv.name == ov.name) {
            let was = crd_definition_name(o.group(), ov.name, o.kind());
            let now = crd_definition_name(n.group(), nv.name, n.kind());
            if was != now {
                report.renamed.insert(was, now);
            }
            version(o, n, *ov, *nv, report);
        }
    }
}

/// Scope, group and names.
fn names(o: Side, n: Side, renamed: Option<&Renamed>, report: &mut Report) {
    let immutable = [
        ("/spec/scope", "spec.scope", Field::Scope),
        ("/spec/group", "spec.group", Field::Group),
        ("/spec/names/kind", "spec.names.kind", Field::Kind),
        ("/spec/names/plural", "spec.names.plural", Field::Plural),
    ];
    for (pointer, path, field) in immutable {
        let (was, now) = (o.text(pointer), n.text(pointer));
        if was != now {
            let change = Change::Immutable {
                field,
                old: was.unwrap_or_default().to_string(),
                new: now.unwrap_or_default().to_string(),
                renamed: renamed.cloned(),
            };
            report.emit(change, path.into(), o.site(pointer), n.site(pointer));
        }
    }
    // Singular and list kind, each compared with the name it takes when it is not written.
    let derived: [DerivedName; 2] = [
        (
            "singular",
            |kind| kind.to_lowercase(),
            |old, new| Change::Singular { old, new },
        ),
        (
            "listKind",
            |kind| format!("{kind}List"),
            |old, new| Change::ListKind { old, new },
        ),
    ];
    for (field, unwritten, change) in derived {
        let pointer = format!("/spec/names/{field}");
        let name = |s: &Side| {
            s.text(&pointer)
                .filter(|t| !t.is_empty())
                .map_or_else(|| unwritten(s.kind()), str::to_string)
        };
        let (was, now) = (name(&o), name(&n));
        if was != now {
            report.emit(
                change(was, now),
                format!("spec.names.{field}"),
                o.site_or(&pointer, "/spec/names/kind"),
                n.site_or(&pointer, "/spec/names/kind"),
            );
        }
    }
    for (pointer, path, list) in [
        (
            "/spec/names/shortNames",
            "spec.names.shortNames",
            NameList::ShortNames,
        ),
        (
            "/spec/names/categories",
            "spec.names.categories",
            NameList::Categories,
        ),
    ] {
        let was: BTreeSet<&str> = o.strings(pointer).into_iter().collect();
        let now: BTreeSet<&str> = n.strings(pointer).into_iter().collect();
        let removed: Vec<String> = was.difference(&now).map(|s| s.to_string()).collect();
        let added: Vec<String> = now.difference(&was).map(|s| s.to_string()).collect();
        if !removed.is_empty() {
            let change = Change::NamesRemoved {
                list,
                names: removed,
            };
            report.emit(change, path.into(), o.site(pointer), n.site(pointer));
        }
        if !added.is_empty() {
            let change = Change::NamesAdded { list, names: added };
            report.emit(change, path.into(), o.site(pointer), n.site(pointer));
        }
    }
}

/// Versions removed, added, served or not, the storage version.
fn versions(o: Side, n: Side, report: &mut Report) {
    let olds = o.versions();
    let news = n.versions();
    let in_new = |name: &str| news.iter().find(|v| v.name == name);
    let (stored, known) = o.stored();
    let old_definition = |v: &str| crd_definition_name(o.group(), v, o.kind());
    // Stored versions missing from the new spec.versions: the apiserver refuses the CRD.
    for (&version, &index) in &stored {
        if in_new(version).is_some() {
            continue;
        }
        let in_old = olds.iter().find(|v| v.name == version);
        let old_site = match in_old {
            Some(v) => o.site(&v.pointer("/name")),
            None => o.site(&format!("/status/storedVersions/{index}")),
        };
        if in_old.is_some() {
            report.covered.insert(old_definition(version));
        }
        let change = Change::StoredVersionRemoved {
            version: version.to_string(),
            index,
            listed: known,
        };
        report.emit(change, version_path(version, ""), old_site, None);
    }
    for ov in &olds {
        if in_new(ov.name).is_some() || stored.contains_key(ov.name) {
            continue;
        }
        report.covered.insert(old_definition(ov.name));
        let change = match ov.served() {
            true => Change::ServedVersionRemoved {
                version: ov.name.to_string(),
                status_known: known,
            },
            false => Change::UnservedVersionRemoved {
                version: ov.name.to_string(),
                status_known: known,
            },
        };
        report.emit(
            change,
            version_path(ov.name, ""),
            o.site(&ov.pointer("/name")),
            None,
        );
    }
    for nv in &news {
        let Some(ov) = olds.iter().find(|v| v.name == nv.name) else {
            report
                .covered
                .insert(crd_definition_name(n.group(), nv.name, n.kind()));
            let change = Change::VersionAdded {
                version: nv.name.to_string(),
                served: nv.served(),
            };
            report.emit(
                change,
                version_path(nv.name, ""),
                None,
                n.site(&nv.pointer("/name")),
            );
            continue;
        };
        if ov.served() != nv.served() {
            let version = nv.name.to_string();
            let change = match nv.served() {
                true => Change::VersionServed { version },
                false => Change::VersionUnserved { version },
            };
            report.emit(
                change,
                version_path(nv.name, ".served"),
                o.site(&ov.pointer("/served")),
                n.site(&nv.pointer("/served")),
            );
        }
    }
    let old_storage = olds.iter().find(|v| v.storage());
    let new_storage = news.iter().find(|v| v.storage());
    if let (Some(ov), Some(nv)) = (old_storage, new_storage) {
        if ov.name != nv.name {
            let change = Change::StorageMoved {
                from: ov.name.to_string(),
                to: nv.name.to_string(),
            };
            report.emit(
                change,
                version_path(nv.name, ".storage"),
                o.site(&ov.pointer("/storage")),
                n.site(&nv.pointer("/storage")),
            );
        }
    }
}

/// What one version of both sides declares beside its schema.
fn version(o: Side, n: Side, ov: Version, nv: Version, report: &mut Report) {
    let name = nv.name;
    let old_site = |key: &str| o.site(&ov.pointer(key));
    let new_site = |key: &str| n.site(&nv.pointer(key));
    // Deprecation.
    let deprecation = |v: &Version| Deprecation {
        deprecated: v.get("/deprecated").and_then(Value::as_bool) == Some(true),
        warning: v
            .get("/deprecationWarning")
            .and_then(Value::as_str)
            .map(str::to_string),
    };
    let (was, now) = (deprecation(&ov), deprecation(&nv));
    if was != now {
        let key = match was.deprecated == now.deprecated {
            true => "/deprecationWarning",
            false => "/deprecated",
        };
        let change = Change::Deprecation {
            version: name.to_string(),
            old: was,
            new: now,
        };
        let path = version_path(name, &key.replace('/', "."));
        report.emit(change, path, old_site(key), new_site(key));
    }
    // Subresources.
    for (key, added, removed) in [
        (
            "/subresources/status",
            Change::StatusAdded {
                version: name.to_string(),
            },
            Change::StatusRemoved {
                version: name.to_string(),
            },
        ),
        (
            "/subresources/scale",
            Change::ScaleAdded {
                version: name.to_string(),
            },
            Change::ScaleRemoved {
                version: name.to_string(),
            },
        ),
    ] {
        // Subresources change how requests are served: a version served on neither side has
        // none to change.
        if !ov.served() && !nv.served() {
            break;
        }
        let path = version_path(name, &key.replace('/', "."));
        match (ov.get(key).is_some(), nv.get(key).is_some()) {
            (false, true) => report.emit(added, path, None, new_site(key)),
            (true, false) => report.emit(removed, path, old_site(key), None),
            _ => {}
        }
    }
    if ov.get("/subresources/scale").is_some() && nv.get("/subresources/scale").is_some() {
        for key in [
            "specReplicasPath",
            "statusReplicasPath",
            "labelSelectorPath",
        ] {
            let pointer = format!("/subresources/scale/{key}");
            let text = |v: &Version| v.get(&pointer).and_then(Value::as_str).map(str::to_string);
            let (was, now) = (text(&ov), text(&nv));
            if was != now {
                let change = Change::ScalePath {
                    version: name.to_string(),
                    key,
                    old: was,
                    new: now,
                };
                let path = version_path(name, &pointer.replace('/', "."));
                report.emit(change, path, old_site(&pointer), new_site(&pointer));
            }
        }
    }
    // Selectable fields, by JSON path.
    let selectable = |v: &Version| -> BTreeMap<String, usize> {
        v.get("/selectableFields")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(i, f)| Some((f.get("jsonPath")?.as_str()?.to_string(), i)))
            .collect()
    };
    let (was, now) = (selectable(&ov), selectable(&nv));
    for (field, i) in &was {
        if !now.contains_key(field) {
            let change = Change::SelectableRemoved {
                version: name.to_string(),
                field: field.clone(),
            };
            let pointer = format!("/selectableFields/{i}/jsonPath");
            let path = version_path(name, ".selectableFields");
            report.emit(change, path, old_site(&pointer), None);
        }
    }
    for (field, i) in &now {
        if !was.contains_key(field) {
            let change = Change::SelectableAdded {
                version: name.to_string(),
                field: field.clone(),
            };
            let pointer = format!("/selectableFields/{i}/jsonPath");
            let path = version_path(name, ".selectableFields");
            report.emit(change, path, None, new_site(&pointer));
        }
    }
    // Printer columns, by name.
    let columns = |v: &Version<'_>| -> BTreeMap<String, (usize, Value)> {
        v.get("/additionalPrinterColumns")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(i, c)| Some((c.get("name")?.as_str()?.to_string(), (i, c.clone()))))
            .collect()
    };
    let (was, now) = (columns(&ov), columns(&nv));
    let names: BTreeSet<&String> = was.keys().chain(now.keys()).collect();
    for column in names {
        let pointer = |i: usize| format!("/additionalPrinterColumns/{i}/name");
        let (before, after) = (was.get(column), now.get(column));
        let what = match (before, after) {
            (Some((_, b)), Some((_, a))) => {
                let changed: Vec<String> = COLUMN_KEYS
                    .iter()
                    .filter(|k| b.get(**k) != a.get(**k))
                    .map(|k| {
                        let side = |v: &Value| v.get(*k).map_or("(none)".to_string(), show);
                        format!("{k} {} -> {}", side(b), side(a))
                    })
                    .collect();
                if changed.is_empty() {
                    continue;
                }
                ColumnChange::Changed(changed)
            }
            (None, Some((_, a))) => {
                ColumnChange::Added(a.get("jsonPath").map_or(String::new(), show))
            }
            (Some(_), None) => ColumnChange::Removed,
            (None, None) => continue,
        };
        let change = Change::PrinterColumn {
            version: name.to_string(),
            column: column.clone(),
            what,
        };
        let path = version_path(name, &format!(".additionalPrinterColumns[{column}]"));
        report.emit(
            change,
            path,
            before.and_then(|(i, _)| old_site(&pointer(*i))),
            after.and_then(|(i, _)| new_site(&pointer(*i))),
        );
    }
}

/// The fields of a printer column that change what `kubectl get` prints.
const COLUMN_KEYS: &[&str] = &["jsonPath", "type", "format", "priority", "description"];

/// The conversion strategy, the webhook and the review versions.
fn conversion(o: Side, n: Side, report: &mut Report) {
    let strategy = |s: &Side| {
        s.text("/spec/conversion/strategy")
            .unwrap_or("None")
            .to_string()
    };
    let (was, now) = (strategy(&o), strategy(&n));
    let pointer = "/spec/conversion/strategy";
    if was != now {
        let change = Change::StrategyChanged {
            old: was.clone(),
            new: now.clone(),
            versions: n.versions().len(),
        };
        report.emit(
            change,
            "spec.conversion.strategy".into(),
            o.site(pointer),
            n.site(pointer),
        );
    }
    if was != "Webhook" || now != "Webhook" {
        return;
    }
    let config = "/spec/conversion/webhook/clientConfig";
    let parts: Vec<&'static str> = ["url", "service", "caBundle"]
        .into_iter()
        .filter(|k| {
            let p = format!("{config}/{k}");
            o.at(&p) != n.at(&p)
        })
        .collect();
    if !parts.is_empty() {
        // Each side at the first part that changed and that it has.
        let site = |s: &Side| parts.iter().find_map(|k| s.site(&format!("{config}/{k}")));
        let (old_site, new_site) = (site(&o), site(&n));
        let change = Change::WebhookChanged { parts };
        report.emit(
            change,
            "spec.conversion.webhook.clientConfig".into(),
            old_site,
            new_site,
        );
    }
    let versions = "/spec/conversion/webhook/conversionReviewVersions";
    let (was, now) = (o.strings(versions), n.strings(versions));
    if was != now {
        let recognized = |list: &[&str]| list.iter().any(|v| REVIEW_VERSIONS.contains(v));
        // The apiserver insists on a recognized version only when the old list had one.
        let refused = (was.is_empty() || recognized(&was)) && !recognized(&now);
        let change = Change::ReviewVersionsChanged {
            old: was.iter().map(|s| s.to_string()).collect(),
            new: now.iter().map(|s| s.to_string()).collect(),
            refused,
        };
        report.emit(
            change,
            "spec.conversion.webhook.conversionReviewVersions".into(),
            o.site(versions),
            n.site(versions),
        );
    }
}

/// A name of `spec.names` that takes a name derived from the kind when it is not written: the
/// field, the derivation, and the change its edit is.
type DerivedName = (
    &'static str,
    fn(&str) -> String,
    fn(String, String) -> Change,
);
