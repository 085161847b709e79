//! Changes of a CustomResourceDefinition itself, beside its versions' schemas: scope, names,
//! the set of versions (served, storage, stored, deprecated), subresources, conversion,
//! selectable fields and printer columns. The CRDs of two CRD files are paired (by name, then
//! by what is left of their identity), each difference is a [`Change`], and each change is a
//! [`Finding`] whose definition is the CRD's name (`widgets.example.com`) and whose path is
//! the CRD field (`spec.scope`, `spec.versions[v1beta1].served`), with the old and new sites
//! in each file. What the apiserver refuses (immutable names and scope, a stored version
//! dropped from `spec.versions`) is said with the apiserver's own error.
//!
//! [`Change`] is the one place each rule's direction, `updates` verdict and wording are
//! decided; `updates` here says which requests for stored objects fail, since no schema
//! changes: `none` when the apiserver refuses the new CRD (nothing changes) or nothing is
//! refused, `every-update` when a version or subresource endpoint goes away.

use super::findings::{Direction, Finding, Site, Updates};
use super::input::{crd_definition_name, Revision};
use crate::errors::{BadValue, FieldError, FieldPath};
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
    // Singular and list kind, with their defaults.
    let singular = |s: &Side| {
        s.text("/spec/names/singular")
            .filter(|t| !t.is_empty())
            .map_or_else(|| s.kind().to_lowercase(), str::to_string)
    };
    let (was, now) = (singular(&o), singular(&n));
    if was != now {
        let pointer = "/spec/names/singular";
        let change = Change::Singular { old: was, new: now };
        report.emit(
            change,
            "spec.names.singular".into(),
            o.site_or(pointer, "/spec/names/kind"),
            n.site_or(pointer, "/spec/names/kind"),
        );
    }
    let list_kind = |s: &Side| {
        s.text("/spec/names/listKind")
            .filter(|t| !t.is_empty())
            .map_or_else(|| format!("{}List", s.kind()), str::to_string)
    };
    let (was, now) = (list_kind(&o), list_kind(&n));
    if was != now {
        let pointer = "/spec/names/listKind";
        let change = Change::ListKind { old: was, new: now };
        report.emit(
            change,
            "spec.names.listKind".into(),
            o.site_or(pointer, "/spec/names/kind"),
            n.site_or(pointer, "/spec/names/kind"),
        );
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

/// The ConversionReview versions the apiserver sends, as its error lists them.
const REVIEW_VERSIONS: &[&str] = &["v1", "v1beta1"];

/// The names of a CRD compared with one of another name: the new one is another object, which
/// the apiserver creates beside the old one rather than updating it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Renamed {
    old: String,
    new: String,
}

/// A field the apiserver does not let an update change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
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
enum NameList {
    ShortNames,
    Categories,
}

/// A version's `deprecated` and `deprecationWarning`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Deprecation {
    deprecated: bool,
    warning: Option<String>,
}

/// What happened to a printer column.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ColumnChange {
    /// With its JSON path.
    Added(String),
    Removed,
    /// `key old -> new` of each field that changed.
    Changed(Vec<String>),
}

/// One change of a CRD: its rule, direction, `updates` verdict and message are decided here
/// and nowhere else.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Change {
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
    fn rule(&self) -> &'static str {
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
    fn direction(&self) -> Direction {
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
    fn updates(&self) -> Updates {
        match self {
            Change::ServedVersionRemoved { .. }
            | Change::VersionUnserved { .. }
            | Change::StatusRemoved { .. }
            | Change::ScaleRemoved { .. }
            | Change::StrategyChanged { .. } => Updates::EveryUpdate,
            _ => Updates::None,
        }
    }

    fn message(&self) -> String {
        match self {
            Change::Immutable {
                field,
                old,
                new,
                renamed: None,
            } => {
                let error =
                    FieldError::invalid(field.path(), BadValue::String(new.clone()), "field is immutable");
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
                    BadValue::String(version.clone()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::{diff, read_revision, rule_of};

    fn rev(yaml: &str, file: &str) -> Revision {
        read_revision(yaml.as_bytes(), file).expect("a CRD")
    }

    /// A CRD of `example.com`, kind Widget, with `versions` (YAML list items, indented by
    /// four) and `rest` (further `spec` fields, indented by two) and `tail` (after `spec`).
    fn crd(versions: &str, rest: &str, tail: &str) -> String {
        format!(
            "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {{name: widgets.example.com}}\nspec:\n  group: example.com\n  names: {{kind: Widget, plural: widgets}}\n  scope: Namespaced\n{rest}  versions:\n{versions}{tail}"
        )
    }

    fn rules(old: &str, new: &str) -> Vec<(String, String, Direction, Option<Updates>)> {
        let (old, new) = (rev(old, "old.yaml"), rev(new, "new.yaml"));
        findings(&old, &new)
            .findings
            .into_iter()
            .map(|f| (f.rule.to_string(), f.path, f.direction, f.updates))
            .collect()
    }

    #[test]
    fn every_rule_is_in_the_table_and_every_change_names_one_of_them() {
        for id in RULE_IDS {
            assert!(rule_of(id).is_some(), "{id} is not in RULES");
        }
        let change = Change::VersionAdded {
            version: "v2".into(),
            served: true,
        };
        assert!(reports(change.rule()));
        assert!(!reports("definition-removed"));
    }

    #[test]
    fn directions_and_updates_follow_what_the_apiserver_and_clients_do() {
        use Direction::*;
        let v = || "v1".to_string();
        let cases = [
            // Refused: nothing changes, no update fails.
            (
                Change::Immutable {
                    field: Field::Scope,
                    old: "Namespaced".into(),
                    new: "Cluster".into(),
                    renamed: None,
                },
                Incompatible,
                Some(Updates::None),
            ),
            (
                Change::StoredVersionRemoved {
                    version: v(),
                    index: 0,
                    listed: true,
                },
                Incompatible,
                Some(Updates::None),
            ),
            // An endpoint gone: every request through it fails.
            (
                Change::ServedVersionRemoved {
                    version: v(),
                    status_known: false,
                },
                Incompatible,
                Some(Updates::EveryUpdate),
            ),
            (
                Change::StatusRemoved { version: v() },
                Incompatible,
                Some(Updates::EveryUpdate),
            ),
            // Status dropped silently, selectors refused: nothing rejects an update.
            (
                Change::StatusAdded { version: v() },
                Incompatible,
                Some(Updates::None),
            ),
            (
                Change::SelectableRemoved {
                    version: v(),
                    field: ".spec.color".into(),
                },
                Incompatible,
                Some(Updates::None),
            ),
            (
                Change::NamesRemoved {
                    list: NameList::ShortNames,
                    names: vec!["wd".into()],
                },
                Tightening,
                Some(Updates::None),
            ),
            (
                Change::NamesAdded {
                    list: NameList::Categories,
                    names: vec!["all".into()],
                },
                Loosening,
                None,
            ),
            (
                Change::UnservedVersionRemoved {
                    version: v(),
                    status_known: true,
                },
                Neutral,
                None,
            ),
            (
                Change::ScalePath {
                    version: v(),
                    key: "labelSelectorPath",
                    old: None,
                    new: Some(".status.selector".into()),
                },
                Loosening,
                None,
            ),
            (
                Change::ScalePath {
                    version: v(),
                    key: "labelSelectorPath",
                    old: Some(".status.selector".into()),
                    new: None,
                },
                Incompatible,
                Some(Updates::None),
            ),
            (
                Change::StrategyChanged {
                    old: "Webhook".into(),
                    new: "None".into(),
                    versions: 2,
                },
                Incompatible,
                Some(Updates::EveryUpdate),
            ),
            (
                Change::StrategyChanged {
                    old: "Webhook".into(),
                    new: "None".into(),
                    versions: 1,
                },
                Neutral,
                None,
            ),
            (
                Change::StrategyChanged {
                    old: "None".into(),
                    new: "Webhook".into(),
                    versions: 2,
                },
                Neutral,
                None,
            ),
            (
                Change::ReviewVersionsChanged {
                    old: vec!["v1".into()],
                    new: vec!["v2".into()],
                    refused: true,
                },
                Incompatible,
                Some(Updates::None),
            ),
        ];
        for (change, direction, updates) in cases {
            let mut report = Report::default();
            report.emit(change.clone(), String::new(), None, None);
            let f = &report.out[0];
            assert_eq!((f.direction, f.updates), (direction, updates), "{change:?}");
            // The table's usual direction is the one a rule gives unless it decides per change.
            let usual = rule_of(f.rule).unwrap();
            if !usual.summary.contains("when") {
                assert_eq!(usual.direction, direction, "{}", f.rule);
            }
        }
    }

    #[test]
    fn refusals_quote_the_apiserver() {
        let stored = Change::StoredVersionRemoved {
            version: "v1beta1".into(),
            index: 1,
            listed: true,
        };
        assert!(stored.message().starts_with(
            "the apiserver refuses the new CRD: status.storedVersions[1]: Invalid value: \"v1beta1\": missing from spec.versions; v1beta1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1beta1 and removes v1beta1 from status.storedVersions ("
        ));
        let scope = Change::Immutable {
            field: Field::Scope,
            old: "Namespaced".into(),
            new: "Cluster".into(),
            renamed: None,
        };
        assert!(scope
            .message()
            .contains(": spec.scope: Invalid value: \"Cluster\": field is immutable;"));
        let review = Change::ReviewVersionsChanged {
            old: vec!["v1".into()],
            new: vec!["v2".into(), "v3".into()],
            refused: true,
        };
        assert_eq!(
            review.message(),
            "the apiserver refuses the new CRD: spec.conversion.conversionReviewVersions: Invalid value: []string{\"v2\", \"v3\"}: must include at least one of v1, v1beta1"
        );
    }

    #[test]
    fn stored_versions_come_from_the_status_or_the_storage_version() {
        let versions = "  - {name: v1alpha1, served: false, storage: false}\n  - {name: v1beta1, served: true, storage: false}\n  - {name: v1, served: true, storage: true}\n";
        let only_v1 = "  - {name: v1, served: true, storage: true}\n";
        // Without a status, only the storage version is known to be stored.
        let got = rules(&crd(versions, "", ""), &crd(only_v1, "", ""));
        assert_eq!(
            got.iter()
                .map(|(r, p, ..)| (r.as_str(), p.as_str()))
                .collect::<Vec<_>>(),
            [
                ("unserved-version-removed", "spec.versions[v1alpha1]"),
                ("served-version-removed", "spec.versions[v1beta1]"),
            ]
        );
        // With one, each listed version must stay.
        let status = "status:\n  storedVersions: [v1alpha1, v1]\n";
        let (old, new) = (
            rev(&crd(versions, "", status), "old.yaml"),
            rev(&crd(only_v1, "", ""), "new.yaml"),
        );
        let found = findings(&old, &new).findings;
        assert_eq!(found[0].rule, "stored-version-removed");
        assert!(found[0]
            .message
            .contains("status.storedVersions[0]: Invalid value: \"v1alpha1\""));
        assert!(found[0]
            .message
            .contains("the old file's status.storedVersions lists v1alpha1"));
        let site = found[0].old.as_ref().unwrap();
        assert_eq!(
            (site.text.as_str(), site.line, site.column),
            ("name: v1alpha1", Some(9), Some(12))
        );
        assert_eq!(found[1].rule, "served-version-removed");
        // The storage version dropped, with no status: refused, as for [v1].
        let two = "  - {name: v1, served: true, storage: false}\n  - {name: v2, served: true, storage: true}\n";
        let got = rules(
            &crd(only_v1, "", ""),
            &crd("  - {name: v2, served: true, storage: true}\n", "", ""),
        );
        assert_eq!(got[0].0, "stored-version-removed");
        let got = rules(&crd(only_v1, "", ""), &crd(two, "", ""));
        assert_eq!(
            got.iter().map(|(r, ..)| r.as_str()).collect::<Vec<_>>(),
            ["version-added", "storage-version-changed"]
        );
    }

    #[test]
    fn defaults_count_and_unchanged_crds_give_nothing() {
        let v1 = "  - {name: v1, served: true, storage: true}\n";
        let plain = crd(v1, "", "");
        let explicit = plain.replace(
            "names: {kind: Widget, plural: widgets}",
            "names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}",
        );
        assert!(rules(&plain, &explicit).is_empty());
        assert!(rules(&plain, &plain).is_empty());
        let conversion = "  conversion: {strategy: None}\n";
        assert!(rules(&plain, &crd(v1, conversion, "")).is_empty());
    }

    #[test]
    fn removed_and_added_versions_are_not_also_definition_findings() {
        let old = crd(
            "  - {name: v1beta1, served: true, storage: false}\n  - {name: v1, served: true, storage: true}\n",
            "",
            "",
        );
        let new = crd(
            "  - {name: v1, served: true, storage: true}\n  - {name: v2, served: false, storage: false}\n",
            "",
            "",
        );
        let found = diff(&rev(&old, "old.yaml"), &rev(&new, "new.yaml"));
        let got: Vec<(&str, &str)> = found
            .iter()
            .map(|f| (f.rule, f.definition.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("served-version-removed", "widgets.example.com"),
                ("version-added", "widgets.example.com"),
            ]
        );
    }

    #[test]
    fn a_crd_of_another_name_is_another_object() {
        let v1 = "  - {name: v1, served: true, storage: true}\n";
        let old = crd(v1, "", "");
        let new = old
            .replace("widgets.example.com", "gadgets.example.com")
            .replace("plural: widgets", "plural: gadgets")
            .replace("storage: true", "storage: false");
        let got = rules(&old, &new);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0, "plural-changed");
        let (old, new) = (rev(&old, "old.yaml"), rev(&new, "new.yaml"));
        let message = &findings(&old, &new).findings[0].message;
        assert!(message.contains("another object"), "{message}");
        assert!(!message.contains("refuses"), "{message}");
    }

    #[test]
    fn fields_of_the_wrong_shape_are_read_as_absent() {
        let old = crd(
            "  - {name: v1, served: true, storage: true, subresources: 3, selectableFields: {a: 1}, additionalPrinterColumns: [1, {name: 2}]}\n",
            "  conversion: [1]\n",
            "status: {storedVersions: v1}\n",
        )
        .replace("kind: Widget,", "kind: Widget, shortNames: wd, categories: [1],");
        let new = crd(
            "  - {name: v1, served: yes, storage: [], deprecated: 1, subresources: {scale: 1}}\n",
            "  conversion: {strategy: 7, webhook: {conversionReviewVersions: v1}}\n",
            "",
        );
        let got = rules(&old, &new);
        let ids: Vec<&str> = got.iter().map(|(r, ..)| r.as_str()).collect();
        // `storage: []` is no storage version, `served: yes` a served one; scale appeared.
        assert_eq!(ids, ["scale-subresource-added"], "{got:?}");
    }
}
