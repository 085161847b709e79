//! The tag families: one module per family of validation tags, each holding the registry
//! entries of its tags (every dialect's spelling, the scopes where a tag may stand, its payload,
//! its lowering, its nested CEL form and its documentation) and the helpers only it uses.
//! [`shared`] holds what several families use; the registry's table lists the families.

pub(crate) mod bounds;
pub(crate) mod documentation;
pub(crate) mod enums;
pub(crate) mod formats;
pub(crate) mod gates;
pub(crate) mod lengths;
pub(crate) mod lists;
pub(crate) mod messages;
pub(crate) mod native;
pub(crate) mod overrides;
pub(crate) mod patterns;
pub(crate) mod presence;
pub(crate) mod rules;
pub(crate) mod selectors;
pub(crate) mod shared;
pub(crate) mod structure;
pub(crate) mod transitions;
pub(crate) mod unions;
pub(crate) mod uniqueness;

use super::registry::{Dialect, Payload, Scopes, Spelling};

/// A KEP-4153 (unprefixed) spelling.
pub(crate) const fn kep(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::Kep,
        name,
        payload,
    }
}

/// A validation-gen (`+k8s:`) spelling.
pub(crate) const fn vg(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::ValidationGen,
        name,
        payload,
    }
}

/// A kubebuilder marker.
pub(crate) const fn kb(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::Kubebuilder,
        name,
        payload,
    }
}

/// A tag of kubeidl's own (`+kubeidl:`).
pub(crate) const fn kubeidl(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::Kubeidl,
        name,
        payload,
    }
}

/// A kube-openapi `+k8s:validation:` line.
pub(crate) const fn ko(name: &'static str, payload: Payload) -> Spelling {
    Spelling {
        dialect: Dialect::KubeOpenapi,
        name,
        payload,
    }
}

/// Struct fields only.
pub(crate) const FIELD: Scopes = Scopes::FIELD;
/// Type definitions, fields, and list and map elements.
pub(crate) const VALUES: Scopes = Scopes::VALUES;
