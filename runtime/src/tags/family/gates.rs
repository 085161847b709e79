//! Gates: tags whose check the apiserver runs only under a condition kubeidl cannot know (a
//! feature gate or option, an object's mode) or in shadow of handwritten validation (a stage).
//! They are read and checked, and publish nothing.

use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::{vg, VALUES};

pub(crate) const FAMILY: Family = Family {
    name: "gates",
    doc: "Tags whose check depends on the server: options, stages and modes.",
    entries: &[
        Entry {
            rule: Rule::IfEnabled,
            spellings: &[vg("k8s:ifEnabled", P::Tag)],
            scopes: VALUES.or(Scopes::CONST),
            lower: None,
            check: None,
            doc: "The carried tag applies only while the named option (a feature gate) is enabled. Only the server knows, so its check is left out with a warning.",
            example: "+k8s:ifEnabled(MyFeature)=+k8s:maxLength=16",
        },
        Entry {
            rule: Rule::IfDisabled,
            spellings: &[vg("k8s:ifDisabled", P::Tag)],
            scopes: VALUES.or(Scopes::CONST),
            lower: None,
            check: None,
            doc: "The carried tag applies only while the named option is disabled; left out with a warning, like `ifEnabled`.",
            example: "+k8s:ifDisabled(MyFeature)=+k8s:maxLength=16",
        },
        Entry {
            rule: Rule::Stage,
            spellings: &[vg("k8s:alpha", P::Tag), vg("k8s:beta", P::Tag)],
            scopes: VALUES.or(Scopes::CONST),
            lower: None,
            check: None,
            doc: "The carried tag is a declarative validation the apiserver runs in shadow of its handwritten one at that stage, optionally `since` a version. Documentation, unless the caller asks for shadowed tags, which are then lowered as if unwrapped.",
            example: "+k8s:alpha(since: \"1.36\")=+k8s:maxItems=16",
        },
        Entry {
            rule: Rule::Mode,
            spellings: &[vg("k8s:discriminator", P::None), vg("k8s:member", P::Tag)],
            scopes: VALUES,
            lower: None,
            check: None,
            doc: "validation-gen 0.36's mode-based validation: a discriminator field, and tags that apply only when it holds a given value. Not published yet; left out with a warning.",
            example: "+k8s:discriminator",
        },
    ],
};
