//! Gates: tags whose check the apiserver runs only under a condition kubeidl cannot know (a
//! feature gate or option, an object's mode) or in shadow of handwritten validation (a stage).
//! They are read and checked, and publish nothing.

use super::super::codetags::{Args, Scalar};
use super::super::lower::Place;
use super::super::read::TagUse;
use super::super::registry::{Entry, Family, Payload as P, Rule, Scopes};
use super::shared::{Effect, Out, Outcome};
use super::{vg, VALUES};
use crate::schema::Schema;

#[allow(non_upper_case_globals)]
impl Rule {
    pub const IfEnabled: Rule = Rule("IfEnabled");
    pub const IfDisabled: Rule = Rule("IfDisabled");
    /// `+k8s:alpha(since: "1.36")=+<tag>` / `+k8s:beta(...)`: a tag the apiserver runs in shadow
    /// of its handwritten validation at that stage.
    pub const Stage: Rule = Rule("Stage");
    /// validation-gen 0.36's mode-based validation (`+k8s:discriminator`, `+k8s:member`).
    pub const Mode: Rule = Rule("Mode");
}

pub(crate) const FAMILY: Family = Family {
    name: "gates",
    doc: "Tags whose check depends on the server: options, stages and modes.",
    entries: &[
        Entry {
            rule: Rule::IfEnabled,
            spellings: &[vg("k8s:ifEnabled", P::Tag)],
            scopes: VALUES.or(Scopes::CONST),
            lower: option_gate,
            check: None,
            members: None,
            doc: "The carried tag applies only while the named option (a feature gate) is enabled. Only the server knows, so its check is left out with a warning.",
            example: "+k8s:ifEnabled(MyFeature)=+k8s:maxLength=16",
        },
        Entry {
            rule: Rule::IfDisabled,
            spellings: &[vg("k8s:ifDisabled", P::Tag)],
            scopes: VALUES.or(Scopes::CONST),
            lower: option_gate,
            check: None,
            members: None,
            doc: "The carried tag applies only while the named option is disabled; left out with a warning, like `ifEnabled`.",
            example: "+k8s:ifDisabled(MyFeature)=+k8s:maxLength=16",
        },
        Entry {
            rule: Rule::Stage,
            spellings: &[vg("k8s:alpha", P::Tag), vg("k8s:beta", P::Tag)],
            scopes: VALUES.or(Scopes::CONST),
            lower: stage,
            check: None,
            members: None,
            doc: "The carried tag is a declarative validation the apiserver runs in shadow of its handwritten one at that stage, optionally `since` a version. Documentation, unless the caller asks for shadowed tags, which are then lowered as if unwrapped.",
            example: "+k8s:alpha(since: \"1.36\")=+k8s:maxItems=16",
        },
        Entry {
            rule: Rule::Mode,
            spellings: &[vg("k8s:discriminator", P::None), vg("k8s:member", P::Tag)],
            scopes: VALUES,
            lower: mode,
            check: None,
            members: None,
            doc: "validation-gen 0.36's mode-based validation: a discriminator field, and tags that apply only when it holds a given value. Not published yet; left out with a warning.",
            example: "+k8s:discriminator",
        },
    ],
};

fn option_gate(_: &Place<'_>, tag: &TagUse, _: &mut Schema, _: &mut Out<'_>) -> Outcome {
    Ok(Effect::LeftOut(format!(
        "tag \"+{}\" depends on an option known only to the server; its check is not published",
        tag.name
    )))
}

/// Shadowed tags are published only when the caller asked for them, by unwrapping them first
/// ([`unshadow`](super::super::lower::unshadow)); otherwise the apiserver's handwritten
/// validation is what counts.
fn stage(_: &Place<'_>, tag: &TagUse, _: &mut Schema, _: &mut Out<'_>) -> Outcome {
    stage_since(tag)?;
    Ok(Effect::Documentation)
}

fn mode(_: &Place<'_>, tag: &TagUse, _: &mut Schema, _: &mut Out<'_>) -> Outcome {
    Ok(Effect::LeftOut(format!(
        "tag \"+{}\" validates by the object's mode, which kubeidl does not publish yet",
        tag.name
    )))
}

/// The `since` of a `+k8s:alpha(since: "1.36")` or `+k8s:beta(...)` wrapper, which must be a
/// `<major>.<minor>` version when given.
pub(crate) fn stage_since(tag: &TagUse) -> Result<Option<String>, String> {
    let since = match &tag.args {
        Args::None => return Ok(None),
        Args::Named(args) if args.len() == 1 && args[0].0 == "since" => &args[0].1,
        _ => {
            return Err(format!(
                "+{}: the only argument is since: \"<major>.<minor>\"",
                tag.name
            ))
        }
    };
    let text = match since {
        Scalar::String(s) => s.clone(),
        other => {
            return Err(format!(
                "+{}(since): want a string, got {}",
                tag.name,
                other.kind()
            ))
        }
    };
    let version = text.split_once('.').filter(|(a, b)| {
        !a.is_empty() && !b.is_empty() && a.chars().chain(b.chars()).all(|c| c.is_ascii_digit())
    });
    match version {
        Some(_) => Ok(Some(text)),
        None => Err(format!(
            "+{}(since: {text:?}): want a version such as \"1.36\"",
            tag.name
        )),
    }
}
