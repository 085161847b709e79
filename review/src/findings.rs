//! What `kubeidl diff` reports: a [`Finding`] per change, with its stable rule ID, its
//! [`Direction`] (what the change does to the set of accepted objects), its [`Updates`] verdict
//! (which updates of stored objects a tightening rejects) and the old and new [`Site`] that
//! caused it. [`RULES`] is the table of every rule ID; docs/diff.md documents the same table.

/// What a change does to the set of objects a schema accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Fewer objects accepted: some object valid before is invalid now.
    Tightening,
    /// More objects accepted; nothing valid before is rejected.
    Loosening,
    /// The set of accepted objects is the same (defaults, messages, added optional fields).
    Neutral,
    /// Stored data or typed clients break whatever the values: removals, type and list-type
    /// changes.
    Incompatible,
    /// kubeidl cannot decide (a pattern too large to compare, a CEL rule it does not recognize).
    Unknown,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Tightening => "tightening",
            Direction::Loosening => "loosening",
            Direction::Neutral => "neutral",
            Direction::Incompatible => "incompatible",
            Direction::Unknown => "unknown",
        }
    }

    /// Whether the change can reject what was accepted before (tightenings and incompatible
    /// changes, the ones with an `updates` verdict).
    pub fn breaks_writers(self) -> bool {
        matches!(self, Direction::Tightening | Direction::Incompatible)
    }
}

/// Which UPDATEs of an object stored under the old schema, left unchanged, the new schema
/// rejects (validation ratcheting, KEP-4008). A CREATE of such an object is always rejected by a
/// tightening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Updates {
    /// No update is rejected.
    None,
    /// Only updates that change the field itself (value validations ratchet on the field).
    FieldEdited,
    /// Updates that change anything in the field's parent (`required`; items of atomic and set
    /// lists, which ratchet only with the whole list).
    ParentEdited,
    /// Every update, even one that leaves the field alone (transition rules, list-type changes).
    EveryUpdate,
}

impl Updates {
    pub fn as_str(self) -> &'static str {
        match self {
            Updates::None => "none",
            Updates::FieldEdited => "field-edited",
            Updates::ParentEdited => "parent-edited",
            Updates::EveryUpdate => "every-update",
        }
    }
}

/// Where a finding's cause stands in one revision: the keyword and its value as written (or, for
/// Go inputs, the tag that wrote it, or the declaration when no tag did), the input file, and the
/// line and column when the input's reader knows them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Site {
    pub text: String,
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The tag's dialect (`validation-gen`, `kubebuilder`...), for a tag in Go source.
    pub dialect: Option<String>,
    /// The whole source line the site stands on, for snippets.
    pub snippet: Option<String>,
    /// What the tag reached the field through: the field whose type carries it, then each alias
    /// type on the way (text, file, line and column each; no further `via`).
    pub via: Vec<Site>,
    /// The JSON pointer of the node the finding is about in its side's document: the OpenAPI
    /// document or CRD read, or for Go packages the OpenAPI document `kubeidl openapi`
    /// generates from them (`/components/schemas/<definition>/properties/name/maxLength`).
    /// Empty when the site is not a schema node (an exception's entry, a manifest).
    pub pointer: String,
}

impl Site {
    /// `{"text", "file", "line", "column", "pointer"}` in that order, line, column and pointer
    /// only when known, then `"via"` when the site was reached through a field's type.
    fn write_json(&self, out: &mut String) {
        out.push_str(&format!(
            "{{\"text\": {}, \"file\": {}",
            quote(&self.text),
            quote(&self.file)
        ));
        if let Some(line) = self.line {
            out.push_str(&format!(", \"line\": {line}"));
        }
        if let Some(column) = self.column {
            out.push_str(&format!(", \"column\": {column}"));
        }
        if !self.pointer.is_empty() {
            out.push_str(&format!(", \"pointer\": {}", quote(&self.pointer)));
        }
        if !self.via.is_empty() {
            out.push_str(", \"via\": [");
            for (i, step) in self.via.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                step.write_json(out);
            }
            out.push(']');
        }
        out.push('}');
    }

    /// `{"text", "file", "line", "column"}` as a string.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// `file:line:col`, `file:line` without a column, or the file alone without a line.
    pub fn location(&self) -> String {
        match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}", self.file),
            (Some(l), None) => format!("{}:{l}", self.file),
            _ => self.file.clone(),
        }
    }

    /// `text (file:line:col)`, or `text (file)` without a position.
    pub fn render(&self) -> String {
        format!("{} ({})", self.text, self.location())
    }
}

/// A JSON string literal.
pub(crate) fn quote(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// `{"findings": [...]}`, one finding per line, as `kubeidl diff -o json` prints it.
pub fn findings_json(findings: &[Finding]) -> String {
    report_json(findings.iter().map(Finding::to_json_line))
}

/// `{"findings": [...]}` of findings already written as JSON lines, one per line: the report
/// of `kubeidl diff` and of `kubeidl lint`.
pub fn report_json(lines: impl Iterator<Item = String>) -> String {
    report_json_with(lines, &[])
}

/// The report with further named lists after `findings` (`"replay": [...]`), each of JSON
/// values already written, one per line.
pub fn report_json_with(
    lines: impl Iterator<Item = String>,
    sections: &[(&str, Vec<String>)],
) -> String {
    let list = |items: &mut dyn Iterator<Item = &String>| -> String {
        let items: Vec<String> = items.map(|l| format!("  {l}")).collect();
        match items.is_empty() {
            true => "[]".to_string(),
            false => format!("[\n{}\n]", items.join(",\n")),
        }
    };
    let lines: Vec<String> = lines.collect();
    let mut out = format!("{{\"findings\": {}", list(&mut lines.iter()));
    for (name, items) in sections {
        out.push_str(&format!(",\n{}: {}", quote(name), list(&mut items.iter())));
    }
    out.push_str("}\n");
    out
}

/// One change between two revisions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// A rule ID of [`RULES`].
    pub rule: &'static str,
    /// The definition: an OpenAPI component name, or `<group reversed>.<version>.<Kind>` for a
    /// CRD version.
    pub definition: String,
    /// The field inside the definition: json names joined with `.`, `[*]` for list items, `{*}`
    /// for map values; empty for the definition itself.
    pub path: String,
    pub direction: Direction,
    /// For tightenings and incompatible changes only.
    pub updates: Option<Updates>,
    pub old: Option<Site>,
    pub new: Option<Site>,
    pub message: String,
}

impl Finding {
    /// The JSON object `kubeidl diff -o json` prints, on one line, its keys in the documented
    /// order (`ruleId`, `definition`, `path`, `direction`, `updates`, `old`, `new`, `message`;
    /// `updates`, `old` and `new` left out when there is none).
    pub fn to_json_line(&self) -> String {
        let mut out = format!(
            "{{\"ruleId\": {}, \"definition\": {}, \"path\": {}, \"direction\": {}",
            quote(self.rule),
            quote(&self.definition),
            quote(&self.path),
            quote(self.direction.as_str())
        );
        if let Some(u) = self.updates {
            out.push_str(&format!(", \"updates\": {}", quote(u.as_str())));
        }
        if let Some(old) = &self.old {
            out.push_str(", \"old\": ");
            old.write_json(&mut out);
        }
        if let Some(new) = &self.new {
            out.push_str(", \"new\": ");
            new.write_json(&mut out);
        }
        out.push_str(&format!(", \"message\": {}}}", quote(&self.message)));
        out
    }

    /// `definition.path`, or the definition alone for the definition itself.
    pub fn place(&self) -> String {
        place(&self.definition, &self.path)
    }
}

/// `path` with `step` appended, as finding paths are written: json names joined with `.`,
/// `[*]` and `{*}` appended as they are.
pub(crate) fn join_path(path: &str, step: &str) -> String {
    if path.is_empty() || step.starts_with('[') || step.starts_with('{') {
        format!("{path}{step}")
    } else {
        format!("{path}.{step}")
    }
}

/// `definition.path`, or the definition alone for the definition itself.
pub(crate) fn place(definition: &str, path: &str) -> String {
    match path.is_empty() {
        true => definition.to_string(),
        false => join_path(definition, path),
    }
}

/// A rule: its ID, its usual direction (a few rules decide per change, marked in `summary`),
/// and what it reports.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub id: &'static str,
    pub direction: Direction,
    pub summary: &'static str,
}

const fn rule(id: &'static str, direction: Direction, summary: &'static str) -> Rule {
    Rule {
        id,
        direction,
        summary,
    }
}

use Direction::{Incompatible as I, Loosening as L, Neutral as N, Tightening as T, Unknown as U};

/// Every rule `kubeidl diff` reports, in the order docs/diff.md lists them.
pub const RULES: &[Rule] = &[
    rule("definition-added", N, "a definition (component schema, CRD version) appeared"),
    rule("definition-removed", I, "a definition disappeared"),
    rule("property-added", N, "an optional property appeared"),
    rule("property-added-required", T, "a required property appeared"),
    rule("property-removed", I, "a property disappeared"),
    rule("type-changed", I, "`type` changed, appeared or disappeared"),
    rule("format-added", T, "a `format` appeared"),
    rule("format-removed", L, "a `format` disappeared"),
    rule("format-narrowed", T, "`format` changed to a subset (int64 to int32)"),
    rule("go-type-narrowed", I, "a Go field's numeric type narrowed (int64 to int32): stored values beyond it no longer decode"),
    rule("format-widened", L, "`format` changed to a superset (dns1123-label to dns1123-subdomain)"),
    rule("format-changed", I, "`format` changed between unrelated formats (unknown when kubeidl does not know one)"),
    rule("nullable-added", L, "`nullable: true` appeared"),
    rule("nullable-removed", T, "`nullable: true` disappeared"),
    rule("required-added", T, "an existing property became required"),
    rule("required-removed", L, "a property is no longer required"),
    rule("enum-added", T, "an `enum` appeared on the field"),
    rule("enum-removed", L, "the field's `enum` disappeared"),
    rule("enum-value-added", L, "a value was added to `enum`"),
    rule("enum-value-removed", T, "a value was removed from `enum`"),
    rule("minimum-tightened", T, "`minimum` raised or added, or made exclusive"),
    rule("minimum-loosened", L, "`minimum` lowered or removed, or made inclusive"),
    rule("maximum-tightened", T, "`maximum` lowered or added, or made exclusive"),
    rule("maximum-loosened", L, "`maximum` raised or removed, or made inclusive"),
    rule("multiple-of-tightened", T, "`multipleOf` added or changed to a multiple of the old one"),
    rule("multiple-of-loosened", L, "`multipleOf` removed or changed to a divisor of the old one"),
    rule("multiple-of-changed", T, "`multipleOf` changed to a value neither dividing nor divided by the old one"),
    rule("min-length-tightened", T, "`minLength` raised or added"),
    rule("min-length-loosened", L, "`minLength` lowered or removed"),
    rule("max-length-tightened", T, "`maxLength` lowered or added"),
    rule("max-length-loosened", L, "`maxLength` raised or removed"),
    rule("min-items-tightened", T, "`minItems` raised or added"),
    rule("min-items-loosened", L, "`minItems` lowered or removed"),
    rule("max-items-tightened", T, "`maxItems` lowered or added"),
    rule("max-items-loosened", L, "`maxItems` raised or removed"),
    rule("min-properties-tightened", T, "`minProperties` raised or added"),
    rule("min-properties-loosened", L, "`minProperties` lowered or removed"),
    rule("max-properties-tightened", T, "`maxProperties` lowered or added"),
    rule("max-properties-loosened", L, "`maxProperties` raised or removed"),
    rule("unique-items-added", T, "`uniqueItems: true` appeared"),
    rule("unique-items-removed", L, "`uniqueItems: true` disappeared"),
    rule("pattern-added", T, "a `pattern` appeared (one every string matches, such as `.*`, is no pattern)"),
    rule("pattern-removed", L, "the `pattern` disappeared"),
    rule("pattern-narrowed", T, "the `pattern` changed to reject a string it accepted, named in the message (a change both ways is also `pattern-widened`)"),
    rule("pattern-widened", L, "the `pattern` changed to accept a string it rejected, named in the message"),
    rule("pattern-changed", U, "the `pattern` changed and kubeidl cannot decide how (it does not compile, is too large to compare or holds a Unicode word boundary); both texts given"),
    rule("default-added", N, "a `default` appeared (behaviour change: omitted fields get it)"),
    rule("default-removed", N, "the `default` disappeared (behaviour change)"),
    rule("default-changed", N, "the `default` changed (behaviour change)"),
    rule("list-type-changed", I, "`x-kubernetes-list-type` changed (absent counts as atomic)"),
    rule("list-map-keys-changed", I, "`x-kubernetes-list-map-keys` changed"),
    rule("map-type-changed", I, "`x-kubernetes-map-type` changed (absent counts as granular)"),
    rule("native-check-added", T, "a built-in kind's hand-written check (`x-kubeidl-native`, kubeidl's declaration of the apiserver's Go validation) appeared"),
    rule("native-check-removed", L, "a built-in kind's hand-written check disappeared"),
    rule("native-check-changed", U, "a built-in kind's hand-written check is another Go function"),
    rule("preserve-unknown-fields-added", L, "`x-kubernetes-preserve-unknown-fields: true` appeared"),
    rule("preserve-unknown-fields-removed", I, "`x-kubernetes-preserve-unknown-fields: true` disappeared: unknown fields of stored objects are pruned"),
    rule("embedded-resource-added", T, "`x-kubernetes-embedded-resource: true` appeared"),
    rule("embedded-resource-removed", L, "`x-kubernetes-embedded-resource: true` disappeared"),
    rule("int-or-string-added", L, "`x-kubernetes-int-or-string: true` appeared"),
    rule("int-or-string-removed", T, "`x-kubernetes-int-or-string: true` disappeared"),
    rule("items-changed", U, "`items` appeared or disappeared"),
    rule("additional-properties-changed", U, "`additionalProperties` appeared, disappeared or changed form"),
    rule("composition-changed", U, "`allOf` (beyond a reference), `oneOf`, `anyOf` or `not` changed"),
    rule("reference-changed", U, "a `$ref` to a definition the document does not hold changed"),
    rule("cel-rule-added", T, "an `x-kubernetes-validations` rule appeared (neutral when it is `true`)"),
    rule("cel-rule-removed", L, "an `x-kubernetes-validations` rule disappeared"),
    rule("cel-rule-tightened", T, "a rule's recognized bound narrowed (`self.size() <= 10` to `<= 5`, a membership list or a `matches` expression that accepts less)"),
    rule("cel-rule-loosened", L, "a rule's recognized bound widened (a size bound, membership list or `matches` expression that accepts more)"),
    rule("cel-rule-changed", U, "a rule's text changed in a way kubeidl does not classify"),
    rule("cel-rule-message-changed", N, "a rule's message, messageExpression, reason, fieldPath or optionalOldSelf changed"),
    rule("cel-cost-changed", N, "a rule's estimated cost per object changed (its bounds, or those above it, changed)"),
    rule("cel-cost-over-limit", I, "a rule's estimated cost per object exceeds the apiserver's per-expression limit: the schema is refused"),
    rule("cel-total-cost-over-limit", I, "a resource's rules together exceed the apiserver's per-schema cost limit: the schema is refused"),
    rule("scope-changed", I, "`spec.scope` changed: refused by the apiserver once the CRD is established (every object's URL and storage key would change)"),
    rule("group-changed", I, "`spec.group` changed: refused by the apiserver (part of the CRD's name)"),
    rule("kind-changed", I, "`spec.names.kind` changed: refused by the apiserver once the CRD is established"),
    rule("plural-changed", I, "`spec.names.plural` changed: refused by the apiserver (the resource's URL path, part of the CRD's name)"),
    rule("singular-changed", T, "`spec.names.singular` changed (defaults counted): `kubectl get <old singular>` no longer finds the resource"),
    rule("list-kind-changed", I, "`spec.names.listKind` changed (defaults counted): typed clients fail to decode lists"),
    rule("short-names-removed", T, "a short name disappeared: `kubectl get <short name>` no longer finds the resource"),
    rule("short-names-added", L, "a short name appeared"),
    rule("categories-removed", T, "a category disappeared: `kubectl get <category>` no longer lists the resource"),
    rule("categories-added", L, "a category appeared"),
    rule("stored-version-removed", I, "a version that may hold stored objects (in the old `status.storedVersions`, or the old storage version) left `spec.versions`: refused by the apiserver"),
    rule("served-version-removed", I, "a served version left `spec.versions`: its requests fail"),
    rule("unserved-version-removed", N, "a version neither served nor stored left `spec.versions`"),
    rule("version-added", N, "a version appeared in `spec.versions`"),
    rule("version-unserved", I, "a version's `served` became false: its requests fail"),
    rule("version-served", L, "a version's `served` became true"),
    rule("storage-version-changed", N, "the storage version moved (objects are rewritten at their next write; the old one must stay in `spec.versions` until a storage migration)"),
    rule("version-deprecation-changed", N, "a version's `deprecated` or `deprecationWarning` changed"),
    rule("status-subresource-added", I, "a version gained the status subresource: status in creates and main-resource updates is dropped"),
    rule("status-subresource-removed", I, "a version lost the status subresource: /status requests fail"),
    rule("scale-subresource-added", L, "a version gained the scale subresource"),
    rule("scale-subresource-removed", I, "a version lost the scale subresource: /scale requests fail"),
    rule("scale-path-changed", I, "a scale subresource's specReplicasPath, statusReplicasPath or labelSelectorPath changed (loosening when a labelSelectorPath appears)"),
    rule("conversion-strategy-changed", N, "`spec.conversion.strategy` changed (incompatible when Webhook becomes None for a CRD of several versions)"),
    rule("conversion-webhook-changed", N, "the conversion webhook's url, service or caBundle changed"),
    rule("conversion-review-versions-changed", N, "the conversion webhook's `conversionReviewVersions` changed (incompatible when none is one the apiserver sends: refused)"),
    rule("selectable-field-added", L, "a version gained a selectable field"),
    rule("selectable-field-removed", I, "a version lost a selectable field: field selectors on it are refused"),
    rule("printer-column-changed", N, "a version's printer column appeared, disappeared or changed (what `kubectl get` prints)"),
];

/// The rule of an ID.
pub fn rule_of(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_unique_kebab_case() {
        let mut seen = std::collections::BTreeSet::new();
        for r in RULES {
            assert!(seen.insert(r.id), "duplicate {}", r.id);
            assert!(
                r.id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{}",
                r.id
            );
        }
    }

    #[test]
    fn json_omits_absent_parts_and_keeps_key_order() {
        let f = Finding {
            rule: "property-added",
            definition: "a.B".into(),
            path: "spec.x".into(),
            direction: Direction::Neutral,
            updates: None,
            old: None,
            new: Some(Site {
                text: "x".into(),
                file: "new.json".into(),
                line: Some(3),
                column: None,
                ..Site::default()
            }),
            message: "m".into(),
        };
        assert_eq!(
            f.to_json_line(),
            r#"{"ruleId": "property-added", "definition": "a.B", "path": "spec.x", "direction": "neutral", "new": {"text": "x", "file": "new.json", "line": 3}, "message": "m"}"#
        );
        let doc: serde_json::Value = serde_json::from_str(&findings_json(&[f.clone(), f])).unwrap();
        assert_eq!(doc["findings"].as_array().unwrap().len(), 2);
    }
}
