//! Native checks: the apiserver's hand-written validation of a built-in kind
//! (`pkg/apis/*/validation` in kubernetes/kubernetes), which no tag or CEL rule can say, declared
//! on the kind's type by the Go function kubeidl runs in its place. Lowered to the schema
//! extension [`NATIVE_EXTENSION`], which the validator of a built-in kind reads to run the check
//! (`kube::native`). CRD schemas leave the extension out: a custom resource has no hand-written
//! validation.

use super::super::lower::Place;
use super::super::read::TagUse;
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::kubeidl;
use super::shared::{string, Effect, Out, Outcome};
use crate::schema::Schema;
use serde_json::json;

/// The schema extension naming a kind's native check.
pub const NATIVE_EXTENSION: &str = "x-kubeidl-native";

#[allow(non_upper_case_globals)]
impl Rule {
    pub const Native: Rule = Rule("Native");
}

pub(crate) const FAMILY: Family = Family {
    name: "native",
    doc: "The apiserver's hand-written validation of a built-in kind, run as code kubeidl has of it.",
    entries: &[Entry {
        rule: Rule::Native,
        spellings: &[kubeidl("kubeidl:native", P::Raw)],
        scopes: Scopes::TYPE,
        lower: native,
        check: None,
        members: None,
        doc: "On a built-in kind's type: the Go function of the apiserver's hand-written validation of the kind (`ValidateDeployment`), which kubeidl runs as a named check after the schema, with the apiserver's paths and texts; an unknown name is an error that lists the known ones (docs/validate.md says what each covers). kubeidl declares these itself, on the k8s.io/api types of its embedded releases (`runtime/src/kube/native/overlay.tags`); they have no meaning on a custom resource, whose CRD leaves the extension out.",
        example: "+kubeidl:native=ValidateDeployment",
    }],
};

fn native(_: &Place<'_>, tag: &TagUse, schema: &mut Schema, _: &mut Out<'_>) -> Outcome {
    let name = string(tag)?;
    if crate::kube::native_check_named(&name).is_none() {
        let known: Vec<&str> = crate::kube::native_checks().map(|(n, _)| n).collect();
        return Err(format!(
            "+{} names no check kubeidl has: {name:?} (known: {})",
            tag.name,
            known.join(", ")
        ));
    }
    schema
        .extensions
        .insert(NATIVE_EXTENSION.into(), json!(name));
    Ok(Effect::Lowered)
}
