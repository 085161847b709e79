//! What the CRD markers on a kind say of its resource, as controller-gen reads them:
//! `+kubebuilder:resource:path=,singular=,shortName=a;b,categories=,scope=`,
//! `+genclient:nonNamespaced`, `+kubebuilder:subresource:status` and `:scale:...`,
//! `+kubebuilder:printcolumn:...`, `+kubebuilder:selectablefield:JSONPath=`, and the version's
//! `+kubebuilder:storageversion`, `:unservedversion`, `:skipversion`,
//! `:deprecatedversion:warning=` and `+kubebuilder:metadata:annotations=;labels=`.
//!
//! One reader for both front ends: the Go generator gives it comment lines of a kind, the derive
//! the doc lines of a spec type and its `#[kubeidl(...)]` attribute (as markers with arguments,
//! [`apply`]). Errors say where in the line (or which argument) they stand.

use crate::tags::options::{self, OptionList, OptionValue};
use crate::tags::registry::{lookup, Known};
use serde_json::{json, Value};

/// What the CRD markers on a kind say (serialized as JSON by the derive, which reads them at
/// compile time).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct KindMarkers {
    pub plural: Option<String>,
    pub singular: Option<String>,
    pub short_names: Vec<String>,
    pub categories: Vec<String>,
    /// `Cluster` or `Namespaced` when a marker says.
    pub scope: Option<String>,
    /// `subresources` of the version (`status`, `scale`), as the CRD holds them.
    pub subresources: serde_json::Map<String, Value>,
    /// `subresources: {}` is written even when empty: controller-gen's printer column marker
    /// creates the version's subresources object, so its CRDs have one wherever a version has
    /// printer columns (set under controller-gen compatibility).
    #[serde(default)]
    pub subresources_always: bool,
    pub printer_columns: Vec<Value>,
    pub selectable_fields: Vec<Value>,
    pub storage: bool,
    pub unserved: bool,
    pub skip: bool,
    /// `Some` for a deprecated version, with its warning if it has one.
    pub deprecated: Option<Option<String>>,
    /// The CRD's own `metadata.annotations` and `metadata.labels`
    /// (`+kubebuilder:metadata:annotations="k=v";"k2=v2"`).
    pub annotations: Vec<(String, String)>,
    pub labels: Vec<(String, String)>,
}

/// A problem with a marker: where in the line's text after the `+` it stands (0 for the marker
/// as a whole), the argument it concerns, if one, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkerError {
    pub offset: usize,
    pub key: Option<String>,
    pub message: String,
}

/// The CRD markers kubeidl reads; each takes `key=value` arguments after a `:` (or none).
pub const MARKERS: &[&str] = &[
    "kubebuilder:resource",
    "kubebuilder:subresource:status",
    "kubebuilder:subresource:scale",
    "kubebuilder:printcolumn",
    "kubebuilder:selectablefield",
    "kubebuilder:storageversion",
    "kubebuilder:unservedversion",
    "kubebuilder:skipversion",
    "kubebuilder:deprecatedversion",
    "kubebuilder:metadata",
];

/// Markers of other generators that may stand on a kind (prefixes).
const OTHER_GENERATORS: &[&str] = &["kubebuilder:object:"];
/// Markers of other generators that may stand on a kind (whole names): `+kubebuilder:skip` is
/// a package's, not to be taken for the prefix of `+kubebuilder:skipversion`.
const OTHER_GENERATOR_NAMES: &[&str] = &["kubebuilder:skip"];

/// Reads one comment line of a kind into `markers`. Lines that are not CRD markers (text,
/// validation tags, other generators' markers) are left alone; a `+kubebuilder:` marker kubeidl
/// does not know is an error.
pub fn read_line(line: &str, markers: &mut KindMarkers) -> Result<(), Vec<MarkerError>> {
    let Some(body) = line.trim_start().strip_prefix('+') else {
        return Ok(());
    };
    if body.trim() == "genclient:nonNamespaced" {
        markers.scope = Some("Cluster".into());
        return Ok(());
    }
    let name_end = body.find(['=', ' ']).unwrap_or(body.len());
    if !body.starts_with("kubebuilder:")
        || OTHER_GENERATORS.iter().any(|o| body.starts_with(o))
        || OTHER_GENERATOR_NAMES.contains(&body[..name_end].trim_end())
    {
        return Ok(());
    }
    let marker = MARKERS.iter().find(|m| {
        body.strip_prefix(**m)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
    });
    let Some(marker) = marker else {
        if matches!(lookup(&body[..name_end]), Known::Validation(..))
            || body.starts_with("kubebuilder:validation:")
        {
            return Ok(()); // a validation tag: the lowering reads (or refuses) it
        }
        return Err(vec![error(0, None, unknown_marker(&body[..name_end]))]);
    };
    let args_text = body[marker.len()..].strip_prefix(':').unwrap_or("");
    let args_offset = marker.len() + 1;
    let args = if args_text.is_empty() {
        OptionList::default()
    } else {
        match options::parse(args_text) {
            Ok(list) if list.positional.is_none() => list,
            Ok(_) => {
                let message = format!("+{marker} takes key=value arguments");
                return Err(vec![error(args_offset, None, message)]);
            }
            Err(e) => return Err(vec![error(args_offset + e.offset, None, e.message)]),
        }
    };
    let errors = apply(markers, marker, &args, args_offset);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The error for a `+kubebuilder:` marker that is not one of [`MARKERS`].
pub fn unknown_marker(name: &str) -> String {
    format!(
        "+{name} is not a CRD marker kubeidl knows (known: {})",
        MARKERS
            .iter()
            .map(|m| format!("+{m}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn error(offset: usize, key: Option<&str>, message: String) -> MarkerError {
    MarkerError {
        offset,
        key: key.map(str::to_string),
        message,
    }
}

/// The arguments `key=value` of a marker as a list `apply` reads, for front ends that have them
/// apart (the derive's attribute); each value's `offset` is 0.
pub fn arguments<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> OptionList {
    OptionList {
        positional: None,
        named: pairs
            .into_iter()
            .map(|(k, v)| {
                let value = OptionValue {
                    text: v.to_string(),
                    quoted: true,
                    offset: 0,
                };
                (k.to_string(), value)
            })
            .collect(),
    }
}

/// Applies `marker` (one of [`MARKERS`]) with its arguments to `markers`; `args_offset` is
/// where the argument text starts in the line (after the `+`), for the errors' offsets.
pub fn apply(
    markers: &mut KindMarkers,
    marker: &str,
    args: &OptionList,
    args_offset: usize,
) -> Vec<MarkerError> {
    let mut a = Args {
        marker,
        args,
        args_offset,
        errors: Vec::new(),
    };
    apply_args(markers, &mut a);
    a.errors
}

/// The arguments of one marker, taken one by one; whatever is left is an error.
struct Args<'a> {
    marker: &'a str,
    args: &'a OptionList,
    args_offset: usize,
    errors: Vec<MarkerError>,
}

impl Args<'_> {
    fn take(&mut self, key: &str) -> Option<String> {
        self.args.get(key).map(|v| v.text.clone())
    }

    fn list(&mut self, key: &str) -> Vec<String> {
        self.take(key)
            .map(|t| {
                options::split_list(&t)
                    .into_iter()
                    .map(|s| s.trim().trim_matches('"').to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn required(&mut self, key: &str) -> Option<String> {
        let value = self.take(key);
        if value.is_none() {
            let message = format!("+{} needs {key}=...", self.marker);
            self.errors.push(error(0, None, message));
        }
        value
    }

    fn fail(&mut self, key: &str, message: String) {
        self.errors.push(error(0, Some(key), message));
    }

    /// Reports arguments the marker does not take.
    fn only(&mut self, keys: &[&str]) {
        for (key, value) in &self.args.named {
            if !keys.contains(&key.as_str()) {
                let known = if keys.is_empty() {
                    "it takes none".to_string()
                } else {
                    format!("it takes {}", keys.join(", "))
                };
                self.errors.push(error(
                    self.args_offset + value.offset.saturating_sub(key.len() + 1),
                    Some(key),
                    format!("+{} has no argument {key:?}; {known}", self.marker),
                ));
            }
        }
    }
}

fn apply_args(markers: &mut KindMarkers, args: &mut Args<'_>) {
    match args.marker {
        "kubebuilder:metadata" => {
            args.only(&["annotations", "labels"]);
            for key in ["annotations", "labels"] {
                for pair in args.list(key) {
                    let into = match key {
                        "annotations" => &mut markers.annotations,
                        _ => &mut markers.labels,
                    };
                    match pair.split_once('=') {
                        Some((k, v)) => into.push((k.to_string(), v.to_string())),
                        None => args.fail(
                            key,
                            format!("+kubebuilder:metadata:{key}: {pair:?} is not key=value"),
                        ),
                    }
                }
            }
        }
        "kubebuilder:resource" => {
            args.only(&["path", "singular", "shortName", "categories", "scope"]);
            markers.plural = args.take("path");
            markers.singular = args.take("singular");
            markers.short_names = args.list("shortName");
            markers.categories = args.list("categories");
            if let Some(scope) = args.take("scope") {
                if scope != "Cluster" && scope != "Namespaced" {
                    args.fail(
                        "scope",
                        format!("scope={scope:?}: must be Cluster or Namespaced"),
                    );
                }
                markers.scope = Some(scope);
            }
        }
        "kubebuilder:subresource:status" => {
            args.only(&[]);
            markers.subresources.insert("status".into(), json!({}));
        }
        "kubebuilder:subresource:scale" => {
            args.only(&["specpath", "statuspath", "selectorpath"]);
            let mut scale = serde_json::Map::new();
            if let Some(p) = args.required("specpath") {
                scale.insert("specReplicasPath".into(), p.into());
            }
            if let Some(p) = args.required("statuspath") {
                scale.insert("statusReplicasPath".into(), p.into());
            }
            if let Some(p) = args.take("selectorpath") {
                scale.insert("labelSelectorPath".into(), p.into());
            }
            markers.subresources.insert("scale".into(), scale.into());
        }
        "kubebuilder:printcolumn" => {
            args.only(&[
                "name",
                "type",
                "JSONPath",
                "description",
                "format",
                "priority",
            ]);
            let mut column = serde_json::Map::new();
            for (key, field) in [("name", "name"), ("type", "type"), ("JSONPath", "jsonPath")] {
                if let Some(v) = args.required(key) {
                    column.insert(field.into(), v.into());
                }
            }
            // Zero values are left out, as the apiserver's types (`omitempty`) and controller-gen
            // leave them out: `description=""` and `priority=0` say nothing.
            for key in ["description", "format"] {
                if let Some(v) = args.take(key).filter(|v| !v.is_empty()) {
                    column.insert(key.into(), v.into());
                }
            }
            if let Some(p) = args.take("priority") {
                match p.parse::<i32>() {
                    Ok(0) => {}
                    Ok(n) => {
                        column.insert("priority".into(), n.into());
                    }
                    Err(_) => args.fail("priority", format!("priority={p:?}: must be an integer")),
                }
            }
            markers.printer_columns.push(column.into());
        }
        "kubebuilder:selectablefield" => {
            args.only(&["JSONPath"]);
            if let Some(p) = args.required("JSONPath") {
                markers.selectable_fields.push(json!({"jsonPath": p}));
            }
        }
        "kubebuilder:storageversion" => {
            args.only(&[]);
            markers.storage = true;
        }
        "kubebuilder:unservedversion" => {
            args.only(&[]);
            markers.unserved = true;
        }
        "kubebuilder:skipversion" => {
            args.only(&[]);
            markers.skip = true;
        }
        "kubebuilder:deprecatedversion" => {
            args.only(&["warning"]);
            markers.deprecated = Some(args.take("warning"));
        }
        other => args.errors.push(error(0, None, unknown_marker(other))),
    }
}

/// The plural of a kind, lower case, by the English rules controller-gen's inflector applies
/// to the usual kind names (`Policy` to `policies`, `Ingress` to `ingresses`, `Widget` to
/// `widgets`); `+kubebuilder:resource:path=` overrides it.
pub fn plural(kind: &str) -> String {
    let lower = kind.to_lowercase();
    const SAME: &[&str] = &["data", "metadata", "information", "equipment", "series"];
    if SAME.iter().any(|s| lower.ends_with(s)) {
        return lower;
    }
    if lower.ends_with("ss")
        || lower.ends_with("sh")
        || lower.ends_with("ch")
        || lower.ends_with('x')
        || lower.ends_with('z')
    {
        return format!("{lower}es");
    }
    if let Some(stem) = lower.strip_suffix('y') {
        if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) {
            return format!("{stem}ies");
        }
    }
    if let Some(stem) = lower.strip_suffix("is") {
        return format!("{stem}es");
    }
    if lower.ends_with('s') {
        return format!("{lower}es");
    }
    format!("{lower}s")
}

#[cfg(test)]
mod tests {
    use super::{plural, read_line, KindMarkers};

    #[test]
    fn plurals_of_usual_kind_names() {
        for (kind, want) in [
            ("Widget", "widgets"),
            ("Policy", "policies"),
            ("Gateway", "gateways"),
            ("Ingress", "ingresses"),
            ("Status", "statuses"),
            ("Box", "boxes"),
            ("Patch", "patches"),
            ("Analysis", "analyses"),
            ("Metadata", "metadata"),
            ("CronJob", "cronjobs"),
        ] {
            assert_eq!(plural(kind), want, "{kind}");
        }
    }

    #[test]
    fn errors_say_where_in_the_line() {
        let mut m = KindMarkers::default();
        let e = read_line(
            "+kubebuilder:resource:path=x,scope=Everywhere,bogus=1",
            &mut m,
        )
        .unwrap_err();
        let found: Vec<(usize, Option<&str>)> =
            e.iter().map(|e| (e.offset, e.key.as_deref())).collect();
        assert_eq!(found, [(45, Some("bogus")), (0, Some("scope"))]);
        assert_eq!(
            e[1].message,
            "scope=\"Everywhere\": must be Cluster or Namespaced"
        );
        read_line("+kubebuilder:subresource:status", &mut m).unwrap();
        read_line("+kubebuilder:validation:MinLength=1", &mut m).unwrap();
        assert_eq!(m.subresources.len(), 1);
        assert_eq!(m.plural.as_deref(), Some("x"));
    }

    #[test]
    fn skipversion_is_not_the_package_skip_marker() {
        let mut m = KindMarkers::default();
        read_line("+kubebuilder:skip", &mut m).unwrap();
        assert!(!m.skip);
        read_line("+kubebuilder:skipversion", &mut m).unwrap();
        assert!(m.skip);
    }
}
