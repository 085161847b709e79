//! Policy type checking: what the apiserver writes to a ValidatingAdmissionPolicy's
//! `status.typeChecking.expressionWarnings`. Each validation's expression and messageExpression
//! is checked once per kind the policy's resource rules name (rules with wildcard groups or
//! versions skipped, wildcard or subresource resources skipped, at most 10 kinds counted per
//! rule), with `object` and `oldObject` typed by that kind's schema and `params` by the
//! paramKind's (undeclared when its schema is unknown); the variables are checked first and
//! typed by what they give. Kinds without a schema are skipped silently, as the apiserver skips
//! them. Type checking never changes what admission decides.

use super::env::Environment;
use super::mutating::MutatingPolicy;
use super::policy::Policy;
use super::request::{GroupVersionKind, GroupVersionResource};
use kubeidl::cel::decl::Decl;
use kubeidl::cel::CelType;
use std::collections::BTreeSet;

/// The component of ObjectMeta in the embedded releases.
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// How many kinds one resource rule contributes at most.
pub const MAX_TYPES_PER_RULE: usize = 10;

/// What type checking needs of a cluster: its resources' kinds and their schemas.
pub trait KindResolver {
    /// The kinds a resource is served as (a RESTMapper's `KindsFor`); empty when unknown.
    fn kinds_for(&self, resource: &GroupVersionResource) -> Vec<GroupVersionKind>;
    /// The declaration of a kind's objects, when its schema is known.
    fn declaration(&self, kind: &GroupVersionKind) -> Option<Decl>;
}

/// One of `status.typeChecking.expressionWarnings`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpressionWarning {
    /// `spec.validations[0].expression`.
    pub field_ref: String,
    /// Per kind, `<group>/<version>, Kind=<Kind>: <issues>`, joined by blank lines.
    pub warning: String,
}

/// The kinds a policy is checked against, sorted by group, version and kind.
pub fn kinds_to_check(policy: &Policy, resolver: &dyn KindResolver) -> Vec<GroupVersionKind> {
    let mut kinds = BTreeSet::new();
    for rule in &policy.criteria.resource_rules {
        let concrete = |items: &[String]| -> Option<Vec<String>> {
            if items.iter().any(|i| i.contains('*')) {
                return None;
            }
            let mut items = items.to_vec();
            items.sort();
            Some(items)
        };
        let (Some(groups), Some(versions)) =
            (concrete(&rule.api_groups), concrete(&rule.api_versions))
        else {
            continue;
        };
        let mut resources: Vec<String> = rule
            .resources
            .iter()
            .filter(|r| !r.contains('*') && !r.contains('/'))
            .cloned()
            .collect();
        resources.sort();
        let mut count = 0;
        for group in &groups {
            for version in &versions {
                for resource in &resources {
                    let gvr = GroupVersionResource::new(group, version, resource);
                    for kind in resolver.kinds_for(&gvr) {
                        kinds.insert(kind);
                        count += 1;
                        if count == MAX_TYPES_PER_RULE {
                            return kinds.into_iter().collect();
                        }
                    }
                }
            }
        }
    }
    kinds.into_iter().collect()
}

/// `apps/v1, Kind=Deployment` (`/v1, Kind=Pod` for the core group), as Go prints a GVK.
pub(crate) fn gvk_text(kind: &GroupVersionKind) -> String {
    format!("{}/{}, Kind={}", kind.group, kind.version, kind.kind)
}

/// A paramKind's group, version and kind.
fn param_gvk(p: &crate::policy::ParamKind) -> GroupVersionKind {
    let (group, version) = p
        .api_version
        .rsplit_once('/')
        .unwrap_or(("", &p.api_version));
    GroupVersionKind::new(group, version, &p.kind)
}

/// The expression warnings of a policy.
pub fn type_check(policy: &Policy, resolver: &dyn KindResolver) -> Vec<ExpressionWarning> {
    let environments = environments(policy, resolver);
    let check = |source: &str| -> Option<String> {
        let failures: Vec<String> = environments
            .iter()
            .filter_map(|(kind, env)| {
                env.check(source)
                    .err()
                    .map(|issues| format!("{}: {issues}\n", gvk_text(kind)))
            })
            .collect();
        (!failures.is_empty()).then(|| failures.join("\n"))
    };
    let mut warnings = Vec::new();
    if let Some(kind) = &policy.param_kind {
        let gvk = param_gvk(kind);
        if resolver.declaration(&gvk).is_none() {
            warnings.push(ExpressionWarning {
                field_ref: "spec.paramKind".to_string(),
                warning: format!(
                    "{} is not known here, so `params` is not type-checked: pass the CustomResourceDefinition that defines it with --crds",
                    gvk_text(&gvk)
                ),
            });
        }
    }
    for (i, v) in policy.validations.iter().enumerate() {
        let mut field = |name: &str, source: &str| {
            if let Some(warning) = check(source) {
                warnings.push(ExpressionWarning {
                    field_ref: format!("spec.validations[{i}].{name}"),
                    warning,
                });
            }
        };
        field("expression", &v.expression.source);
        if let Some(message) = &v.message_expression {
            field("messageExpression", &message.source);
        }
    }
    warnings
}

/// kubeidl's type checking of a MutatingAdmissionPolicy, which the apiserver does not make:
/// each mutation's expression against the kinds its rules name, as [`type_check`] checks a
/// ValidatingAdmissionPolicy's validations (`Object` values stay untyped, as in the
/// apiserver; what the expression reads of `object` is checked).
pub fn type_check_mutating(
    policy: &MutatingPolicy,
    resolver: &dyn KindResolver,
) -> Vec<ExpressionWarning> {
    let environments = environments(&policy.policy, resolver);
    policy
        .mutations
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            let purpose = m.patch_type.purpose();
            let failures: Vec<String> = environments
                .iter()
                .filter_map(|(kind, env)| {
                    env.check_for(&m.expression.source, purpose)
                        .err()
                        .map(|issues| format!("{}: {issues}\n", gvk_text(kind)))
                })
                .collect();
            (!failures.is_empty()).then(|| ExpressionWarning {
                field_ref: format!("spec.mutations[{i}].{}.expression", m.patch_type.member()),
                warning: failures.join("\n"),
            })
        })
        .collect()
}

/// One typed environment per kind the policy is checked against, with the policy's variables
/// declared (each of the type its expression gives there).
pub(crate) fn environments(
    policy: &Policy,
    resolver: &dyn KindResolver,
) -> Vec<(GroupVersionKind, Environment)> {
    let kinds: Vec<(GroupVersionKind, CelType)> = kinds_to_check(policy, resolver)
        .into_iter()
        .filter_map(|k| {
            let decl = resolver.declaration(&k)?;
            Some((k, CelType::of_decl(&decl)))
        })
        .collect();
    // A paramKind nothing here declares still binds `params`, untyped, as the apiserver declares
    // it; type_check says how to type it.
    let params = policy.param_kind.as_ref().map(|p| {
        resolver
            .declaration(&param_gvk(p))
            .map_or(CelType::Dyn, |decl| CelType::of_decl(&decl))
    });
    kinds
        .into_iter()
        .map(|(kind, object)| {
            let mut env = Environment::typed(object, params.clone());
            for (name, expression) in &policy.variables {
                let output = env.check(&expression.source).unwrap_or(CelType::Dyn);
                env.declare_variable(name, &output);
            }
            (kind, env)
        })
        .collect()
}

/// Kinds from an embedded Kubernetes release and custom resources, schemas from a catalog
/// (the release's document, `--schemas`, CRDs).
pub struct CatalogKinds<'a> {
    pub release: &'a kubeidl::kube::Release,
    pub catalog: &'a kubeidl::validate::Catalog,
    /// Custom resources and their kinds.
    pub custom: Vec<(GroupVersionResource, GroupVersionKind)>,
}

impl KindResolver for CatalogKinds<'_> {
    fn kinds_for(&self, resource: &GroupVersionResource) -> Vec<GroupVersionKind> {
        let custom = self
            .custom
            .iter()
            .filter(|(r, _)| r == resource)
            .map(|(_, k)| k.clone());
        let built_in = self
            .release
            .resource(&resource.group, &resource.version, &resource.resource)
            .map(|r| GroupVersionKind::new(&r.group, &r.version, &r.kind));
        custom.chain(built_in).collect()
    }

    fn declaration(&self, kind: &GroupVersionKind) -> Option<Decl> {
        let gvk = kubeidl::validate::Gvk {
            group: kind.group.clone(),
            version: kind.version.clone(),
            kind: kind.kind.clone(),
        };
        let custom = self.custom.iter().any(|(_, k)| k == kind);
        match (custom, self.catalog.schema(&gvk)) {
            // A custom resource's metadata is an ObjectMeta in the OpenAPI the apiserver's type
            // checking reads (a CRD's own schema says only `type: object`).
            (true, Some((root, definitions))) if definitions.contains_key(OBJECT_META) => {
                let mut root = root.clone();
                root.properties.insert(
                    "metadata".into(),
                    kubeidl::schema::Schema::reference_to(OBJECT_META),
                );
                Some(Decl::from_schema(&root, definitions))
            }
            _ => self.catalog.declaration(&gvk),
        }
    }
}
