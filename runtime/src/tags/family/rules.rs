//! Rules: CEL rules written by the user, as `+validationRule`, kubebuilder's XValidation marker
//! or kube-openapi's `+k8s:validation:cel[i]:` lines.

use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::{kb, kep};

pub(crate) const FAMILY: Family = Family {
    name: "rules",
    doc: "CEL rules written by the user.",
    entries: &[Entry {
        rule: Rule::ValidationRule,
        spellings: &[
            kep("validationRule", P::Rule),
            kb("kubebuilder:validation:XValidation", P::Rule),
        ],
        scopes: Scopes::TYPE.or(Scopes::FIELD),
        lower: None,
        check: None,
        doc: "A CEL rule over `self` (and `oldSelf` for transition rules), with its `message` or `messageExpression`, `reason`, `fieldPath` and `optionalOldSelf`, as one of `x-kubernetes-validations`. Reasons may be written short (`Forbidden` is `FieldValueForbidden`). kube-openapi's `+k8s:validation:cel[i]:<key>` lines give the same rule one option per line. Every rule is type-checked and costed against the node it stands on.",
        example: "+validationRule=\"self.min <= self.max\",message=\"min must not exceed max\"",
    }],
};
