//! Replay: existing manifests checked against both sides of a diff, to say which stored
//! objects a change would hurt. Each object is validated under the old revision (was it
//! valid?), under the new one as a create (no ratcheting), and under the new one as an update
//! that changes nothing (old object = new object), where ratcheting lets errors on unchanged
//! values pass as the apiserver lets them.
//!
//! An object is matched to a definition by its `apiVersion` and `kind`: a CRD version's
//! definition, a definition whose `x-kubernetes-group-version-kind` names them, or else the one
//! definition whose name ends in `.<version>.<Kind>` (Go packages without kind tags).

use super::validators::Validators;
use super::{crd_definition_name, Form, Revision};
use kubeidl::errors::FieldError;
use kubeidl::validate::{Gvk, GVK_EXTENSION};
use serde_json::Value;

/// What the change does to one stored object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// No definition of the new revision is this object's kind.
    Unmatched,
    /// The old revision already rejects it: nothing to say about the change.
    InvalidBefore,
    /// The new revision accepts it as it is.
    Valid,
    /// The new revision rejects it as a create, but an update that leaves it unchanged passes:
    /// ratcheting keeps it updatable.
    Ratcheted,
    /// The new revision rejects even an update that leaves it unchanged: the stored object
    /// can no longer be updated until someone fixes it.
    Rejected,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Unmatched => "unmatched",
            Verdict::InvalidBefore => "invalid-before",
            Verdict::Valid => "valid",
            Verdict::Ratcheted => "ratcheted",
            Verdict::Rejected => "rejected",
        }
    }
}

/// One object replayed.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The definition it was checked against.
    pub definition: Option<String>,
    pub verdict: Verdict,
    /// For `InvalidBefore`, the old revision's errors; for `Ratcheted`, the create's; for
    /// `Rejected`, the unchanged update's (transition rules run on updates only, so an object
    /// a create accepts can be rejected).
    pub errors: Vec<FieldError>,
}

/// One manifest replayed, with where it was read: what every report format says of it.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The file, as named on the command line, and the line its document starts on.
    pub file: String,
    pub line: usize,
    /// `Kind namespace/name`.
    pub object: String,
    pub outcome: Outcome,
}

impl Replayed {
    /// A manifest read from `file` at `line` and what replaying `object` found.
    pub fn new(file: String, line: usize, object: &Value, outcome: Outcome) -> Replayed {
        Replayed {
            file,
            line,
            object: object_name(object),
            outcome,
        }
    }

    /// What the verdict means for the object, in words.
    pub fn verdict_text(&self) -> &'static str {
        match self.outcome.verdict {
            Verdict::Unmatched => "no definition of NEW is its kind",
            Verdict::InvalidBefore => "already invalid under OLD",
            Verdict::Valid => "valid under NEW",
            Verdict::Ratcheted => {
                "rejected on create under NEW; an unchanged update passes (ratcheting)"
            }
            Verdict::Rejected => "rejected under NEW even on an unchanged update",
        }
    }

    /// `replay: FILE:LINE: Kind ns/name: verdict`, then each error indented, one per line.
    pub fn text(&self) -> String {
        let mut out = format!(
            "replay: {}:{}: {}: {}\n",
            self.file,
            self.line,
            self.object,
            self.verdict_text()
        );
        for e in &self.outcome.errors {
            out.push_str(&format!("  {e}\n"));
        }
        out
    }

    /// `{"file", "line", "object", "definition", "verdict", "errors"}`.
    pub fn to_json(&self) -> Value {
        let errors: Vec<String> = self
            .outcome
            .errors
            .iter()
            .map(ToString::to_string)
            .collect();
        serde_json::json!({
            "file": self.file,
            "line": self.line,
            "object": self.object,
            "definition": self.outcome.definition,
            "verdict": self.outcome.verdict.as_str(),
            "errors": errors,
        })
    }
}

/// `Kind namespace/name` of a manifest.
fn object_name(v: &Value) -> String {
    let text = |p: &str| v.pointer(p).and_then(Value::as_str).unwrap_or_default();
    let name = match (text("/metadata/namespace"), text("/metadata/name")) {
        ("", "") => "(no name)".to_string(),
        ("", name) => name.to_string(),
        (ns, name) => format!("{ns}/{name}"),
    };
    format!("{} {name}", text("/kind"))
}

/// Replays objects against two revisions, compiling each side's validators once.
pub struct Replay<'r> {
    old: Validators<'r>,
    new: Validators<'r>,
}

impl<'r> Replay<'r> {
    pub fn new(old: &'r Revision, new: &'r Revision) -> Self {
        Replay {
            old: Validators::new(old),
            new: Validators::new(new),
        }
    }

    /// What the change does to `object`.
    pub fn object(&mut self, object: &Value) -> Outcome {
        let text = |key: &str| object.get(key).and_then(Value::as_str).unwrap_or_default();
        let unmatched = Outcome {
            definition: None,
            verdict: Verdict::Unmatched,
            errors: Vec::new(),
        };
        let Some(name) = definition_for(self.new.revision(), text("apiVersion"), text("kind"))
        else {
            return unmatched;
        };
        let Some(new) = self.new.of(&name) else {
            return unmatched;
        };
        let outcome = |verdict, errors| Outcome {
            definition: Some(name.clone()),
            verdict,
            errors,
        };
        if let Some(old) = self.old.of(&name) {
            let before = old.validate(object);
            if !before.is_valid() {
                return outcome(Verdict::InvalidBefore, before.errors);
            }
        }
        // Transition rules run on updates only: an update can fail where a create passes.
        let update = new.validate_update(object, object);
        if !update.is_valid() {
            return outcome(Verdict::Rejected, update.errors);
        }
        let create = new.validate(object);
        match create.is_valid() {
            true => outcome(Verdict::Valid, Vec::new()),
            false => outcome(Verdict::Ratcheted, create.errors),
        }
    }
}

/// The definition of `revision` that objects of `api_version` and `kind` are.
fn definition_for(revision: &Revision, api_version: &str, kind: &str) -> Option<String> {
    if kind.is_empty() || api_version.is_empty() {
        return None;
    }
    let gvk = Gvk::of(api_version, kind);
    if revision.form == Form::Crd {
        let name = crd_definition_name(&gvk.group, &gvk.version, kind);
        return revision.definitions.contains_key(&name).then_some(name);
    }
    let tagged = revision
        .definitions
        .iter()
        .find(|(_, d)| Gvk::listed(d.schema.extensions.get(GVK_EXTENSION)).contains(&gvk));
    if let Some((name, _)) = tagged {
        return Some(name.clone());
    }
    let suffix = format!(".{}.{kind}", gvk.version);
    let mut by_name = revision.definitions.keys().filter(|n| n.ends_with(&suffix));
    match (by_name.next(), by_name.next()) {
        (Some(name), None) => Some(name.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_revision;
    use serde_json::json;

    fn revision(spec: Value) -> Revision {
        let doc = json!({"openapi": "3.0.0", "components": {"schemas": {
            "io.example.v1.Widget": {
                "type": "object",
                "x-kubernetes-group-version-kind": [{"group": "example.io", "version": "v1", "kind": "Widget"}],
                "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"},
                               "metadata": {"type": "object"}, "spec": spec}}}}});
        read_revision(doc.to_string().as_bytes(), "r.json").expect("revision")
    }

    fn widget(spec: Value) -> Value {
        json!({"apiVersion": "example.io/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": spec})
    }

    #[test]
    fn stored_objects_are_valid_ratcheted_rejected_or_were_invalid_before() {
        let old = revision(json!({"type": "object", "properties": {
            "name": {"type": "string", "maxLength": 10},
            "host": {"type": "string"}}}));
        let new = revision(json!({"type": "object", "properties": {
            "name": {"type": "string", "maxLength": 4},
            "host": {"type": "string", "x-kubernetes-validations": [{"rule": "self == oldSelf"}]}},
            "x-kubernetes-validations": [{"rule": "!has(self.host) || self.host != 'x'", "message": "no x"}]}));
        let mut replay = Replay::new(&old, &new);
        let mut verdict = |spec: Value| replay.object(&widget(spec)).verdict;
        assert_eq!(verdict(json!({"name": "abc"})), Verdict::Valid);
        assert_eq!(verdict(json!({"name": "abcdefgh"})), Verdict::Ratcheted);
        assert_eq!(verdict(json!({"host": "x"})), Verdict::Ratcheted);
        assert_eq!(
            verdict(json!({"name": "abcdefghijklmnop"})),
            Verdict::InvalidBefore
        );
        let other = json!({"apiVersion": "example.io/v2", "kind": "Widget"});
        assert_eq!(replay.object(&other).verdict, Verdict::Unmatched);
    }

    #[test]
    fn duplicates_a_set_now_forbids_ratchet_and_a_transition_rule_rejects_unchanged_updates() {
        let list = |list_type: &str, rule: Value| {
            revision(json!({"type": "object", "properties": {
                "generation": {"type": "integer", "x-kubernetes-validations": rule},
                "tags": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": list_type}}}))
        };
        let old = list("atomic", json!([]));
        // The apiserver checks set and map lists on update only when the old object passes.
        let new = list("set", json!([]));
        let object = widget(json!({"tags": ["a", "a"], "generation": 1}));
        let outcome = Replay::new(&old, &new).object(&object);
        assert_eq!(outcome.verdict, Verdict::Ratcheted, "{:?}", outcome.errors);
        assert!(outcome.errors[0].to_string().contains("spec.tags[1]"));
        let new = list(
            "atomic",
            json!([{"rule": "self > oldSelf", "message": "must grow"}]),
        );
        let outcome = Replay::new(&old, &new).object(&object);
        assert_eq!(outcome.verdict, Verdict::Rejected, "{:?}", outcome.errors);
        assert!(outcome.errors[0].to_string().contains("must grow"));
    }
}
