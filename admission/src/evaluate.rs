//! Evaluation of ValidatingAdmissionPolicies on a request, as kube-apiserver's
//! ValidatingAdmissionPolicy plugin decides it: each policy with a binding that matches, each of
//! the binding's params, the policy's matchConditions, validations, messageExpressions and audit
//! annotations in the apiserver's order, with its budgets, lazy variables and failure policy;
//! then the decisions become the response: the first denial's Status, the warnings and the
//! audit annotations.

use super::criteria::MatchResources;
use super::env::{namespace_decl, request_decl, Environment};
use super::matching::{matches, Decision, Matched};
use super::policy::{Action, Binding, Expression, FailurePolicy, ParamNotFound, Policy};
use super::request::{labels_of, GroupVersionResource, Request};
use super::status::Status;
use super::EquivalentResource;
use kubeidl::cel::decl::Decl;
use kubeidl::cel::library::authz::{
    Authorizer, AuthorizerValue, DenyAll, ResourceAttributes, User as AuthzUser,
};
use kubeidl::cel::native::NativeObject;
use kubeidl::cel::value::ObjectView;
use kubeidl::cel::{EvalError, Program, Value as Cel, PER_CALL_LIMIT};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The budget of one (policy, binding, param) for validations and their messages, and, afresh,
/// for audit annotations: the apiserver's runtime CEL budget.
pub(crate) const BUDGET: u64 = kubeidl::cel::RUNTIME_CEL_COST_BUDGET;
/// The budget of a policy's matchConditions.
const MATCH_CONDITIONS_BUDGET: u64 = 2_500_000;
/// The audit annotation recording failed validations of Audit bindings.
pub const VALIDATION_FAILURE: &str = "validation.policy.admission.k8s.io/validation_failure";
/// What an audit annotation's value is cut to.
const ANNOTATION_VALUE_LIMIT: usize = 10 * 1024;
/// Messages from messageExpression longer than this are dropped.
const MESSAGE_LIMIT: usize = 5 * 1024;
pub(crate) const BUDGET_EXCEEDED: &str =
    "validation failed due to running out of cost budget, no further validation rules will be run";

/// Who sends the request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserInfo {
    pub username: String,
    pub uid: String,
    pub groups: Vec<String>,
    pub extra: BTreeMap<String, Vec<String>>,
}

/// A request as the admission plugins see it.
#[derive(Debug, Clone)]
pub struct Attributes {
    /// What matching reads.
    pub request: Request,
    /// The new object (`null` for DELETE).
    pub object: Value,
    /// The stored object (`null` for CREATE and CONNECT).
    pub old_object: Value,
    pub user: UserInfo,
    pub dry_run: bool,
    /// CreateOptions, UpdateOptions...; `null` when not given.
    pub options: Value,
}

/// What policies read besides the request: policies, bindings, param objects and namespaces.
#[derive(Debug, Default)]
pub struct Configuration {
    pub policies: Vec<Policy>,
    pub bindings: Vec<Binding>,
    /// Objects params may be taken from, of any kind.
    pub params: Vec<Value>,
    /// Namespace objects, for `namespaceObject`.
    pub namespaces: Vec<Value>,
    /// Whether kinds are namespaced (`(apiVersion, kind)`), for paramKinds; kinds not listed are
    /// taken as namespaced when a param object of that kind has a namespace.
    pub scopes: BTreeMap<(String, String), bool>,
    /// Resources serving the request's objects under other names, for `matchPolicy: Equivalent`.
    pub equivalents: Vec<EquivalentResource>,
    /// The webhooks of Validating- and MutatingWebhookConfigurations, for
    /// [`crate::explain`].
    pub webhooks: Vec<super::Webhook>,
    /// What answers `authorizer` checks (such as [`super::Rbac`]); when `None`, every check is
    /// denied with [`NO_AUTHORIZER`] as its reason.
    pub authorizer: Option<Arc<dyn Authorizer>>,
    /// MutatingAdmissionPolicies, for [`crate::mutate`].
    pub mutating_policies: Vec<super::MutatingPolicy>,
    pub mutating_bindings: Vec<Binding>,
    /// The schemas apply configurations are merged by (such as [`super::ClusterSchemas`]);
    /// when `None`, an ApplyConfiguration mutation fails as for a kind the cluster does not serve.
    pub schemas: Option<Arc<dyn super::KindSchemas>>,
}

/// The reason of every `authorizer` check when no authorizer is configured.
pub const NO_AUTHORIZER: &str =
    "denied by kubeidl: no authorization data was given (RBAC roles and bindings answer checks)";

impl Configuration {
    /// The `authorizer` of a request: the configured authorizer, asking for its user.
    pub(crate) fn authorizer_for(&self, attributes: &Attributes) -> AuthorizerValue {
        let authorizer = self
            .authorizer
            .clone()
            .unwrap_or_else(|| Arc::new(DenyAll(NO_AUTHORIZER.to_string())));
        let u = &attributes.user;
        let user = AuthzUser {
            name: u.username.clone(),
            uid: u.uid.clone(),
            groups: u.groups.clone(),
            extra: u.extra.clone(),
        };
        AuthorizerValue::new(authorizer, user)
    }
}

/// The resources (group, resource; any version) ValidatingAdmissionPolicy never evaluates: its
/// own policy and binding kinds, and kube-apiserver's virtual review resources. Webhook
/// configurations are evaluated.
pub const NEVER_EVALUATED: &[(&str, &str)] = &[
    (
        "admissionregistration.k8s.io",
        "validatingadmissionpolicies",
    ),
    (
        "admissionregistration.k8s.io",
        "validatingadmissionpolicybindings",
    ),
    ("admissionregistration.k8s.io", "mutatingadmissionpolicies"),
    (
        "admissionregistration.k8s.io",
        "mutatingadmissionpolicybindings",
    ),
    ("authentication.k8s.io", "selfsubjectreviews"),
    ("authentication.k8s.io", "tokenreviews"),
    ("authorization.k8s.io", "localsubjectaccessreviews"),
    ("authorization.k8s.io", "selfsubjectaccessreviews"),
    ("authorization.k8s.io", "selfsubjectrulesreviews"),
    ("authorization.k8s.io", "subjectaccessreviews"),
];

/// Why no policy is evaluated for the request, when its resource is one of [`NEVER_EVALUATED`].
pub(crate) fn never_evaluated(request: &Request) -> Option<String> {
    let r = &request.resource;
    NEVER_EVALUATED
        .iter()
        .any(|(group, resource)| r.group == *group && r.resource == *resource)
        .then(|| {
            format!(
                "skipped: ValidatingAdmissionPolicy never evaluates requests for {}.{}",
                r.resource, r.group
            )
        })
}

/// One (policy, binding, param) considered, and what came of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub policy: String,
    pub binding: Option<String>,
    /// The param's `namespace/name`, when there was one.
    pub param: Option<String>,
    pub outcome: String,
    /// How the request matched, when the policy's validations ran (not when matchConditions
    /// excluded it).
    pub invocation: Option<Matched>,
}

/// The answer to a request.
#[derive(Debug, Clone, Default)]
pub struct Response {
    /// `None`: allowed.
    pub denied: Option<Status>,
    pub warnings: Vec<String>,
    pub audit_annotations: BTreeMap<String, String>,
    pub trace: Vec<Step>,
}

impl Response {
    pub fn allowed(&self) -> bool {
        self.denied.is_none()
    }
}

/// What one evaluation decided.
#[derive(Debug, Clone)]
struct PolicyDecision {
    deny: bool,
    message: String,
    reason: Option<String>,
    /// The validation it came from (0 for errors of the whole evaluation).
    index: usize,
}

/// A decision with what it applies to.
struct Denial {
    policy: String,
    binding: Option<String>,
    message: String,
    reason: Option<String>,
}

/// Evaluates every policy of `config` on the request.
pub fn admit(config: &Configuration, attributes: &Attributes) -> Response {
    let mut response = Response::default();
    let mut denials: Vec<Denial> = Vec::new();
    let mut warnings: Vec<String> = Vec::new();
    let request = &attributes.request;
    if let Some(note) = never_evaluated(request) {
        for policy in &config.policies {
            response.trace.push(Step {
                policy: policy.name.clone(),
                binding: None,
                param: None,
                outcome: note.clone(),
                invocation: None,
            });
        }
        return response;
    }
    let namespace = namespace_object(config, request);
    let authorizer = config.authorizer_for(attributes);
    // The `request` values, one set per resource and kind the request matches as.
    let mut shared: Vec<RequestValues> = Vec::new();
    for policy in &config.policies {
        let step = |binding: Option<&str>, param: Option<String>, outcome: String| Step {
            policy: policy.name.clone(),
            binding: binding.map(str::to_string),
            param,
            outcome,
            invocation: None,
        };
        let bindings: Vec<&Binding> = config
            .bindings
            .iter()
            .filter(|b| b.policy_name == policy.name)
            .collect();
        if bindings.is_empty() {
            let note = "skipped: no binding names this policy".to_string();
            response.trace.push(step(None, None, note));
            continue;
        }
        let matched = match matches(&policy.criteria, request, &config.equivalents) {
            Decision::Matched(m) => m,
            Decision::NotMatched(why) => {
                let note = format!("skipped: matchConstraints: {why}");
                response.trace.push(step(None, None, note));
                continue;
            }
            Decision::Error(e) => {
                let message = format!("failed to configure policy: {e}");
                config_error(policy, None, message, &mut denials, &mut response.trace);
                continue;
            }
        };
        if let Some(kind) = &policy.param_kind {
            if scope_of(config, &kind.api_version, &kind.kind).is_none() {
                let (group, version) = split_api_version(&kind.api_version);
                let message = format!(
                    "failed to configure policy: failed to find resource referenced by paramKind: '{group}/{version}, Kind={}'",
                    kind.kind
                );
                config_error(policy, None, message, &mut denials, &mut response.trace);
                continue;
            }
        }
        let requests = match shared.iter().position(|r| r.serve(&matched)) {
            Some(i) => &shared[i],
            None => {
                shared.push(RequestValues::new(attributes, &matched, &authorizer));
                &shared[shared.len() - 1]
            }
        };
        let mut published: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for binding in bindings {
            let binding_name = Some(binding.name.as_str());
            let params = match binding_params(config, policy, binding, request) {
                Ok(Ok(params)) => params,
                Ok(Err(note)) => {
                    response.trace.push(step(binding_name, None, note));
                    continue;
                }
                Err(e) => {
                    let message = format!("failed to configure binding: {e}");
                    config_error(
                        policy,
                        binding_name,
                        message,
                        &mut denials,
                        &mut response.trace,
                    );
                    continue;
                }
            };
            for param in params {
                let label = param.map(param_label);
                let input = Input {
                    attributes,
                    param,
                    namespace: namespace.as_ref(),
                    authorizer: &authorizer,
                    requests,
                };
                let (decisions, annotations) = evaluate(policy, &input);
                let denied = decisions.iter().filter(|d| d.deny).count();
                let outcome = match (decisions.is_empty(), denied) {
                    (true, _) => "not evaluated: matchConditions do not match".to_string(),
                    (false, 0) => "admitted".to_string(),
                    (false, n) => format!("{n} validation(s) failed"),
                };
                response.trace.push(Step {
                    invocation: (!decisions.is_empty()).then(|| matched.clone()),
                    ..step(binding_name, label, outcome)
                });
                for decision in decisions.into_iter().filter(|d| d.deny) {
                    for action in &binding.actions {
                        match action {
                            Action::Deny => denials.push(Denial {
                                policy: policy.name.clone(),
                                binding: Some(binding.name.clone()),
                                message: decision.message.clone(),
                                reason: decision.reason.clone(),
                            }),
                            Action::Warn => warnings.push(format!(
                                "Validation failed for ValidatingAdmissionPolicy '{}' with binding '{}': {}",
                                policy.name, binding.name, decision.message
                            )),
                            Action::Audit => {
                                let value = validation_failure(policy, binding, &decision);
                                response
                                    .audit_annotations
                                    .entry(VALIDATION_FAILURE.to_string())
                                    .or_insert(value);
                            }
                        }
                    }
                }
                for (key, result) in annotations {
                    match result {
                        Annotation::Publish(value) => {
                            let values = published.entry(key).or_default();
                            let value = truncate(value, ANNOTATION_VALUE_LIMIT);
                            if !values.contains(&value) {
                                values.push(value);
                            }
                        }
                        Annotation::Error(message) => denials.push(Denial {
                            policy: policy.name.clone(),
                            binding: Some(binding.name.clone()),
                            message,
                            reason: None,
                        }),
                    }
                }
            }
        }
        for (key, values) in published {
            response
                .audit_annotations
                .entry(format!("{}/{key}", policy.name))
                .or_insert_with(|| values.join(", "));
        }
    }
    for warning in warnings {
        if !response.warnings.contains(&warning) {
            response.warnings.push(warning);
        }
    }
    response.denied = denials.first().map(|d| status(d, attributes));
    response
}

/// A configuration error: with `failurePolicy: Ignore` left out, otherwise a denial
/// (whatever the binding's actions).
fn config_error(
    policy: &Policy,
    binding: Option<&str>,
    message: String,
    denials: &mut Vec<Denial>,
    trace: &mut Vec<Step>,
) {
    let ignored = policy.failure_policy == FailurePolicy::Ignore;
    trace.push(Step {
        policy: policy.name.clone(),
        binding: binding.map(str::to_string),
        param: None,
        invocation: None,
        outcome: match ignored {
            true => format!("ignored (failurePolicy: Ignore): {message}"),
            false => format!("error: {message}"),
        },
    });
    if !ignored {
        denials.push(Denial {
            policy: policy.name.clone(),
            binding: binding.map(str::to_string),
            message,
            reason: None,
        });
    }
}

/// What a binding gives a request: the params to evaluate with, or why it is skipped
/// (`Ok(Err(note))`); `Err` is a configuration error of the binding.
pub(crate) fn binding_params<'c>(
    config: &'c Configuration,
    policy: &Policy,
    binding: &Binding,
    request: &Request,
) -> Result<Result<Vec<Option<&'c Value>>, String>, String> {
    if let Some(criteria) = &binding.criteria {
        if let Some(why) = binding_matches(criteria, request, &config.equivalents)? {
            return Ok(Err(format!("skipped: matchResources: {why}")));
        }
    }
    let params = collect_params(config, policy, binding, request)?;
    if params.is_empty() {
        let note = "skipped: no params found (parameterNotFoundAction: Allow)";
        return Ok(Err(note.to_string()));
    }
    Ok(Ok(params))
}

/// Whether a binding's own criteria match: `None` when they do, else why not.
fn binding_matches(
    criteria: &MatchResources,
    request: &Request,
    equivalents: &[EquivalentResource],
) -> Result<Option<String>, String> {
    match matches(criteria, request, equivalents) {
        Decision::Matched(_) => Ok(None),
        Decision::NotMatched(why) => Ok(Some(why.to_string())),
        Decision::Error(e) => Err(e.to_string()),
    }
}

pub(crate) fn split_api_version(api_version: &str) -> (&str, &str) {
    api_version.rsplit_once('/').unwrap_or(("", api_version))
}

fn kind_of(object: &Value) -> (&str, &str) {
    let text = |key: &str| object.get(key).and_then(Value::as_str).unwrap_or_default();
    (text("apiVersion"), text("kind"))
}

pub(crate) fn meta<'v>(object: &'v Value, key: &str) -> &'v str {
    object
        .get("metadata")
        .and_then(|m| m.get(key))
        .and_then(Value::as_str)
        .unwrap_or_default()
}

pub(crate) fn param_label(param: &Value) -> String {
    match meta(param, "namespace") {
        "" => meta(param, "name").to_string(),
        ns => format!("{ns}/{}", meta(param, "name")),
    }
}

/// Whether a kind is namespaced; `None` when nothing says it exists.
pub(crate) fn scope_of(config: &Configuration, api_version: &str, kind: &str) -> Option<bool> {
    if let Some(&namespaced) = config
        .scopes
        .get(&(api_version.to_string(), kind.to_string()))
    {
        return Some(namespaced);
    }
    let mut of_kind = config
        .params
        .iter()
        .filter(|p| kind_of(p) == (api_version, kind))
        .peekable();
    of_kind.peek()?;
    Some(of_kind.any(|p| !meta(p, "namespace").is_empty()))
}

/// The params a binding selects for a request (`[None]` when the policy takes none).
fn collect_params<'c>(
    config: &'c Configuration,
    policy: &Policy,
    binding: &Binding,
    request: &Request,
) -> Result<Vec<Option<&'c Value>>, String> {
    let Some(kind) = &policy.param_kind else {
        return Ok(vec![None]);
    };
    let Some(param_ref) = &binding.param_ref else {
        return Ok(vec![None]);
    };
    let namespaced = scope_of(config, &kind.api_version, &kind.kind).unwrap_or(true);
    let namespace = match (&param_ref.namespace, namespaced) {
        (Some(ns), false) if !ns.is_empty() => {
            return Err(
                "paramRef.namespace must not be provided for a cluster-scoped `paramKind`".into(),
            )
        }
        (Some(ns), true) if !ns.is_empty() => Some(ns.clone()),
        (_, true) => match request.admission_namespace() {
            "" => {
                return Err("cannot use namespaced paramRef in policy binding that matches cluster-scoped resources".into())
            }
            ns => Some(ns.to_string()),
        },
        (_, false) => None,
    };
    // A namespaced param written without a namespace lives in `default`, where kubectl creates
    // it.
    fn namespace_of(p: &Value) -> &str {
        match meta(p, "namespace") {
            "" => "default",
            ns => ns,
        }
    }
    let candidate = |p: &&Value| {
        kind_of(p) == (kind.api_version.as_str(), kind.kind.as_str())
            && namespace.as_deref().is_none_or(|ns| namespace_of(p) == ns)
    };
    let params = config.params.iter();
    let found: Vec<&Value> = match (&param_ref.name, &param_ref.selector) {
        (Some(_), Some(_)) => {
            return Err("paramRef.name and paramRef.selector are mutually exclusive".into())
        }
        // The name first: it tells most objects apart at once.
        (Some(name), None) => params
            .filter(|p| meta(p, "name") == name && candidate(p))
            .collect(),
        (None, Some(selector)) => params
            .filter(candidate)
            .filter(|p| {
                labels_of(p)
                    .ok()
                    .flatten()
                    .is_some_and(|labels| selector.matches(&labels))
            })
            .collect(),
        (None, None) => return Err("one of name or selector must be provided".into()),
    };
    if found.is_empty() && param_ref.not_found == ParamNotFound::Deny {
        return Err(
            "no params found for policy binding with `Deny` parameterNotFoundAction".into(),
        );
    }
    Ok(found.into_iter().map(Some).collect())
}

/// The Namespace `namespaceObject` shows, reduced to what its type declares; `None` for
/// cluster-scoped requests and requests on Namespaces.
pub(crate) fn namespace_object(config: &Configuration, request: &Request) -> Option<Value> {
    let kind = &request.kind;
    if kind.group.is_empty() && kind.version == "v1" && kind.kind == "Namespace" {
        return None;
    }
    let name = request.admission_namespace();
    if name.is_empty() {
        return None;
    }
    config
        .namespaces
        .iter()
        .find(|n| meta(n, "name") == name)
        .cloned()
}

/// What one evaluation reads.
pub(crate) struct Input<'i> {
    pub attributes: &'i Attributes,
    pub param: Option<&'i Value>,
    pub namespace: Option<&'i Value>,
    pub authorizer: &'i AuthorizerValue,
    /// `request` and `authorizer.requestResource`, shared by every evaluation of one match.
    pub requests: &'i RequestValues<'i>,
}

/// The values of `request` for the policies a request matches as one resource and kind, each
/// built when first needed and then shared by every policy, binding and param so matched: the
/// request with the matched resource (validations, variables) and with its own
/// (matchConditions); and `authorizer.requestResource`.
pub(crate) struct RequestValues<'i> {
    attributes: &'i Attributes,
    resource: GroupVersionResource,
    kind: super::GroupVersionKind,
    authorizer: &'i AuthorizerValue,
    as_matched: OnceLock<Map<String, Value>>,
    own: OnceLock<Map<String, Value>>,
    request_resource: OnceLock<Cel<'static>>,
}

impl<'i> RequestValues<'i> {
    pub(crate) fn new(
        attributes: &'i Attributes,
        matched: &Matched,
        authorizer: &'i AuthorizerValue,
    ) -> Self {
        RequestValues {
            attributes,
            resource: matched.resource.clone(),
            kind: matched.kind.clone(),
            authorizer,
            as_matched: OnceLock::new(),
            own: OnceLock::new(),
            request_resource: OnceLock::new(),
        }
    }

    /// `request`, with the request's own resource or the matched one (the same map when they
    /// are the same).
    pub(crate) fn request(&self, own_resource: bool) -> &Map<String, Value> {
        let same = self.resource == self.attributes.request.resource;
        match own_resource && !same {
            true => &self.own,
            false => &self.as_matched,
        }
        .get_or_init(|| request_value(self, own_resource))
    }

    /// Whether a match gives these values.
    pub(crate) fn serve(&self, matched: &Matched) -> bool {
        self.resource == matched.resource && self.kind == matched.kind
    }

    fn request_resource(&self) -> Cel<'static> {
        self.request_resource
            .get_or_init(|| request_resource(self.attributes, self.authorizer))
            .clone()
    }
}

/// `authorizer.requestResource`: a check of the request's own resource, subresource,
/// namespace and name.
fn request_resource(attributes: &Attributes, authorizer: &AuthorizerValue) -> Cel<'static> {
    let r = &attributes.request;
    authorizer.request_resource(ResourceAttributes {
        group: r.resource.group.clone(),
        resource: r.resource.resource.clone(),
        subresource: r.subresource.clone(),
        namespace: r.admission_namespace().to_string(),
        name: r.name.clone(),
        ..ResourceAttributes::default()
    })
}

/// The `request` variable: for matchConditions with the request's own resource, otherwise the
/// matched one.
fn request_value(values: &RequestValues<'_>, own_resource: bool) -> Map<String, Value> {
    let a = values.attributes;
    let r = &a.request;
    let gvk = |g: &super::GroupVersionKind| json!({"group": g.group, "version": g.version, "kind": g.kind});
    let gvr = |g: &GroupVersionResource| json!({"group": g.group, "version": g.version, "resource": g.resource});
    let resource = match own_resource {
        true => &r.resource,
        false => &values.resource,
    };
    let mut out = Map::new();
    out.insert("kind".into(), gvk(&values.kind));
    out.insert("resource".into(), gvr(resource));
    out.insert("requestKind".into(), gvk(&r.kind));
    out.insert("requestResource".into(), gvr(&r.resource));
    if !r.subresource.is_empty() {
        out.insert("subResource".into(), json!(r.subresource));
        out.insert("requestSubResource".into(), json!(r.subresource));
    }
    if !r.name.is_empty() {
        out.insert("name".into(), json!(r.name));
    }
    if !r.admission_namespace().is_empty() {
        out.insert("namespace".into(), json!(r.admission_namespace()));
    }
    out.insert("operation".into(), json!(r.operation.as_str()));
    let mut user = Map::new();
    let u = &a.user;
    if !u.username.is_empty() {
        user.insert("username".into(), json!(u.username));
    }
    if !u.uid.is_empty() {
        user.insert("uid".into(), json!(u.uid));
    }
    if !u.groups.is_empty() {
        user.insert("groups".into(), json!(u.groups));
    }
    if !u.extra.is_empty() {
        user.insert("extra".into(), json!(u.extra));
    }
    out.insert("userInfo".into(), Value::Object(user));
    out.insert("dryRun".into(), json!(a.dry_run));
    if !a.options.is_null() {
        out.insert("options".into(), a.options.clone());
    }
    out
}

/// The result of one audit annotation.
enum Annotation {
    Publish(String),
    Error(String),
}

/// The values one ForInput step binds, and its lazily evaluated variables.
pub(crate) struct Bound<'v> {
    object: &'v Value,
    old_object: &'v Value,
    request: &'v Map<String, Value>,
    params: Option<&'v Value>,
    has_params: bool,
    has_variables: bool,
    namespace: Option<&'v Map<String, Value>>,
    null: Value,
    /// `authorizer`, asking for the request's user.
    authorizer: &'v AuthorizerValue,
    /// `authorizer.requestResource`.
    request_resource: Cel<'static>,
}

impl<'v> Bound<'v> {
    /// What one step of `input` binds, in the slots of `env`: `request` as the step sees it,
    /// and the namespace object (none in matchConditions).
    pub(crate) fn new(
        input: &Input<'v>,
        env: &Environment,
        request: &'v Map<String, Value>,
        namespace: Option<&'v Map<String, Value>>,
    ) -> Bound<'v> {
        Bound {
            object: &input.attributes.object,
            old_object: &input.attributes.old_object,
            request,
            params: input.param,
            has_params: env.has_params(),
            has_variables: env.has_variables(),
            namespace,
            null: Value::Null,
            authorizer: input.authorizer,
            request_resource: input.requests.request_resource(),
        }
    }

    /// The values in the environment's slot order, `variables` last.
    pub(crate) fn values<'a>(&'a self, variables: &'a Lazy<'_>) -> Vec<Cel<'a>> {
        let mut out = vec![
            Cel::from_json(self.object),
            Cel::from_json(self.old_object),
            Cel::Object(ObjectView::json(self.request, request_decl())),
        ];
        if self.has_params {
            out.push(self.params.map_or(Cel::Null, Cel::from_json));
        }
        out.push(match self.namespace {
            Some(ns) => Cel::Object(ObjectView::json(ns, namespace_decl())),
            None => Cel::from_json(&self.null),
        });
        if self.has_variables {
            let lazy: &'a (dyn NativeObject + 'a) = variables;
            out.push(Cel::Object(ObjectView::native(lazy, variables.decl)));
        }
        out.push(self.authorizer.clone().into_value());
        out.push(self.request_resource.clone());
        out
    }
}

/// The policy's variables, each evaluated when first read and kept for the rest of one step.
pub(crate) struct Lazy<'a> {
    /// The variables in order, each with its expression.
    variables: &'a [(String, Expression)],
    bound: &'a Bound<'a>,
    decl: &'a kubeidl::cel::decl::ObjectDecl,
    cells: Vec<OnceLock<Held>>,
    /// What evaluating variables has cost, not yet charged.
    cost: Mutex<u64>,
}

impl<'a> Lazy<'a> {
    pub(crate) fn new(policy: &'a Policy, bound: &'a Bound<'a>) -> Lazy<'a> {
        Lazy::of(&policy.variables, &policy.env, bound)
    }

    /// The variables of an environment.
    fn of(
        variables: &'a [(String, Expression)],
        env: &'a Environment,
        bound: &'a Bound<'a>,
    ) -> Lazy<'a> {
        Lazy {
            variables,
            bound,
            decl: env.variables(),
            cells: variables.iter().map(|_| OnceLock::new()).collect(),
            cost: Mutex::new(0),
        }
    }

    /// The cost of the variables evaluated since the last call.
    pub(crate) fn take_cost(&self) -> u64 {
        std::mem::take(&mut *self.cost.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl NativeObject for Lazy<'_> {
    fn member<'b>(&'b self, json_name: &str, _decl: &'b Decl) -> Option<Cel<'b>> {
        let i = self
            .variables
            .iter()
            .position(|(name, _)| name == json_name)?;
        let held = self.cells[i].get_or_init(|| {
            let (name, expression) = &self.variables[i];
            let failed = |e: String| Held::Value(Cel::Invalid(Arc::new(EvalError::new(e))));
            match &expression.program {
                Err(e) => failed(format!(
                    "composited variable \"{name}\" fails to compile: {e}"
                )),
                Ok(program) => {
                    let values = self.bound.values(self);
                    let out = program.evaluate(&values, PER_CALL_LIMIT);
                    *self.cost.lock().unwrap_or_else(|e| e.into_inner()) += out.cost;
                    match out.result {
                        Ok(v) => Held::of(v),
                        Err(e) => failed(format!(
                            "composited variable \"{name}\" fails to evaluate: {}",
                            e.message
                        )),
                    }
                }
            }
        });
        Some(held.get())
    }
}

/// A variable's value, kept beyond the evaluation that made it: values that borrow nothing as
/// they are, lists, maps and objects as JSON (which is what they were read from).
#[derive(Debug)]
enum Held {
    Value(Cel<'static>),
    Json(Value),
}

impl Held {
    fn of(v: Cel<'_>) -> Held {
        use kubeidl::cel::value::Str;
        Held::Value(match v {
            Cel::Null => Cel::Null,
            Cel::Bool(b) => Cel::Bool(b),
            Cel::Int(i) => Cel::Int(i),
            Cel::Uint(u) => Cel::Uint(u),
            Cel::Double(d) => Cel::Double(d),
            Cel::String(s) => Cel::String(Str::Shared(Arc::from(&*s))),
            Cel::Bytes(b) => Cel::Bytes(b),
            Cel::Timestamp(t) => Cel::Timestamp(t),
            Cel::Duration(d) => Cel::Duration(d),
            Cel::Type(t) => Cel::Type(t),
            Cel::Opaque(o) => Cel::Opaque(o),
            Cel::Invalid(e) => Cel::Invalid(e),
            other => return Held::Json(other.to_json()),
        })
    }

    fn get(&self) -> Cel<'_> {
        match self {
            Held::Value(v) => v.clone(),
            Held::Json(j) => Cel::from_json(j),
        }
    }
}

/// A budget shared by the expressions of one step.
pub(crate) struct Budget {
    pub remaining: u64,
}

impl Budget {
    /// Charges an expression (and the variables it evaluated); `Err` when the budget ran out.
    pub(crate) fn charge(&mut self, variables: u64, cost: u64) -> Result<(), String> {
        if variables > self.remaining {
            return Err(BUDGET_EXCEEDED.to_string());
        }
        self.remaining -= variables;
        if cost > self.remaining {
            return Err(BUDGET_EXCEEDED.to_string());
        }
        self.remaining -= cost;
        Ok(())
    }
}

/// Runs `expression` in a step: its value, or the error text the apiserver reports; `Err` of
/// the outer result when the step's budget ran out.
fn run(
    expression: &Expression,
    bound: &Bound<'_>,
    lazy: &Lazy<'_>,
    budget: &mut Budget,
) -> Result<Result<Value, String>, String> {
    let program: &Program = match &expression.program {
        Ok(p) => p,
        Err(e) => return Ok(Err(format!("compilation error: {e}"))),
    };
    let values = bound.values(lazy);
    let out = program.evaluate(&values, PER_CALL_LIMIT);
    budget.charge(lazy.take_cost(), out.cost)?;
    Ok(match out.result {
        Ok(v) => Ok(v.to_json()),
        Err(e) => Err(format!(
            "expression '{}' resulted in error: {}",
            expression.source, e.message
        )),
    })
}

/// Evaluates one (policy, binding, param): the decisions (none when matchConditions exclude
/// the request) and the audit annotations.
fn evaluate(
    policy: &Policy,
    input: &Input<'_>,
) -> (Vec<PolicyDecision>, Vec<(String, Annotation)>) {
    let fail = policy.failure_policy == FailurePolicy::Fail;
    let error_decision = |message: String| PolicyDecision {
        deny: fail,
        message,
        reason: None,
        index: 0,
    };
    let namespace = input.namespace.and_then(Value::as_object);
    // 1. matchConditions.
    if !policy.match_conditions.is_empty() {
        let b = Bound::new(input, &policy.env, input.requests.request(true), None);
        let lazy = Lazy::new(policy, &b);
        match match_conditions(&policy.match_conditions, &b, &lazy) {
            Conditions::Match => {}
            Conditions::NoMatch { .. } => return (Vec::new(), Vec::new()),
            Conditions::Error(e) if fail => return (vec![error_decision(e)], Vec::new()),
            Conditions::Error(_) => return (Vec::new(), Vec::new()),
        }
    }
    let b = Bound::new(input, &policy.env, input.requests.request(false), namespace);
    // 2. validations.
    let lazy = Lazy::new(policy, &b);
    let mut budget = Budget { remaining: BUDGET };
    let mut results = Vec::new();
    for v in &policy.validations {
        match run(&v.expression, &b, &lazy, &mut budget) {
            Ok(r) => results.push(r),
            Err(over) => return (vec![error_decision(over)], Vec::new()),
        }
    }
    // 3. messageExpressions, with what is left of the budget.
    let lazy = Lazy::new(policy, &b);
    let mut messages: Vec<Option<String>> = Vec::new();
    let mut message_failure = None;
    for v in &policy.validations {
        let message = match &v.message_expression {
            None => None,
            Some(e) if message_failure.is_none() => match run(e, &b, &lazy, &mut budget) {
                Ok(Ok(Value::String(s))) => Some(s),
                Ok(_) => None,
                Err(over) => {
                    message_failure = Some(over);
                    None
                }
            },
            Some(_) => None,
        };
        messages.push(message);
    }
    // 4. decisions.
    let mut decisions = Vec::new();
    for (i, (v, result)) in policy.validations.iter().zip(results).enumerate() {
        let decision = match result {
            Err(e) => PolicyDecision {
                deny: fail,
                message: e,
                reason: None,
                index: i,
            },
            Ok(_) if message_failure.is_some() => PolicyDecision {
                deny: fail,
                message: format!(
                    "failed messageExpression: {}",
                    message_failure.as_deref().unwrap_or_default()
                ),
                reason: None,
                index: i,
            },
            Ok(Value::Bool(true)) => PolicyDecision {
                deny: false,
                message: String::new(),
                reason: None,
                index: i,
            },
            Ok(_) => {
                let from_expression = messages[i]
                    .as_deref()
                    .map(str::trim)
                    .filter(|m| m.len() <= MESSAGE_LIMIT && !m.contains('\n'))
                    .unwrap_or_default();
                let message = match (from_expression, v.message.trim()) {
                    ("", "") => format!("failed expression: {}", v.expression.source.trim()),
                    ("", written) => written.to_string(),
                    (computed, _) => computed.to_string(),
                };
                PolicyDecision {
                    deny: true,
                    message,
                    reason: Some(v.reason.clone().unwrap_or_else(|| "Invalid".into())),
                    index: i,
                }
            }
        };
        decisions.push(decision);
    }
    // 5. audit annotations, with a budget of their own.
    let lazy = Lazy::new(policy, &b);
    let mut budget = Budget { remaining: BUDGET };
    let mut annotations = Vec::new();
    for annotation in &policy.audit_annotations {
        match run(&annotation.value, &b, &lazy, &mut budget) {
            Err(over) => return (vec![error_decision(over)], Vec::new()),
            Ok(Ok(Value::String(s))) if !s.trim().is_empty() => annotations.push((
                annotation.key.clone(),
                Annotation::Publish(s.trim().to_string()),
            )),
            Ok(Ok(_)) => {}
            Ok(Err(e)) if fail => annotations.push((annotation.key.clone(), Annotation::Error(e))),
            Ok(Err(_)) => {}
        }
    }
    (decisions, annotations)
}

/// What a list of matchConditions decides, before the failure policy is applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Conditions {
    Match,
    /// This condition is false (whatever the others gave).
    NoMatch {
        condition: String,
    },
    /// None is false, some erred (the errors aggregated), or the budget ran out.
    Error(String),
}

/// A webhook's matchConditions (compiled in `env`) on a request it would be invoked with as
/// `matched`: `request.resource` is the request's own, `request.kind` the matched one, and
/// neither params nor a namespace object are bound.
pub(crate) fn webhook_conditions(
    conditions: &[(String, Expression)],
    env: &Environment,
    attributes: &Attributes,
    matched: &Matched,
    authorizer: &AuthorizerValue,
) -> Conditions {
    let requests = RequestValues::new(attributes, matched, authorizer);
    let input = Input {
        attributes,
        param: None,
        namespace: None,
        authorizer,
        requests: &requests,
    };
    let bound = Bound::new(&input, env, requests.request(true), None);
    let lazy = Lazy::of(&[], env, &bound);
    match_conditions(conditions, &bound, &lazy)
}

/// Evaluates matchConditions as the apiserver's matcher does for policies and webhooks alike:
/// all of them, with their own budget (running out decides at once); then, in order, the first
/// `false` decides; otherwise any error does.
pub(crate) fn match_conditions(
    conditions: &[(String, Expression)],
    bound: &Bound<'_>,
    lazy: &Lazy<'_>,
) -> Conditions {
    let mut budget = Budget {
        remaining: MATCH_CONDITIONS_BUDGET,
    };
    let mut results = Vec::with_capacity(conditions.len());
    for (_, condition) in conditions {
        match run(condition, bound, lazy, &mut budget) {
            Err(over) => return Conditions::Error(over),
            Ok(result) => results.push(result),
        }
    }
    let mut errors = Vec::new();
    for ((name, _), result) in conditions.iter().zip(results) {
        match result {
            Ok(Value::Bool(false)) => {
                return Conditions::NoMatch {
                    condition: name.clone(),
                }
            }
            Ok(_) => {}
            Err(e) => errors.push(e),
        }
    }
    match errors.is_empty() {
        true => Conditions::Match,
        false => Conditions::Error(aggregate(errors)),
    }
}

/// Several errors as apimachinery's aggregate prints them.
fn aggregate(errors: Vec<String>) -> String {
    let mut unique: Vec<String> = Vec::new();
    for e in errors {
        if !unique.contains(&e) {
            unique.push(e);
        }
    }
    match unique.len() {
        1 => unique.remove(0),
        _ => format!("[{}]", unique.join(", ")),
    }
}

/// The `validation_failure` audit annotation's value for one failed validation.
fn validation_failure(policy: &Policy, binding: &Binding, decision: &PolicyDecision) -> String {
    let actions: Vec<&str> = binding.actions.iter().map(|a| a.as_str()).collect();
    let entry = json!([{
        "message": decision.message,
        "policy": policy.name,
        "binding": binding.name,
        "expressionIndex": decision.index,
        "validationActions": actions,
    }]);
    go_json(&entry)
}

/// JSON as Go's `json.Marshal` writes it: keys in the order given, `<`, `>` and `&` escaped.
fn go_json(v: &Value) -> String {
    let text = match v {
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(go_json).collect();
            format!("[{}]", parts.join(","))
        }
        Value::Object(map) => {
            let keys = [
                "message",
                "policy",
                "binding",
                "expressionIndex",
                "validationActions",
            ];
            let mut ordered: Vec<(&String, &Value)> = map.iter().collect();
            ordered.sort_by_key(|(k, _)| keys.iter().position(|o| o == k).unwrap_or(keys.len()));
            let parts: Vec<String> = ordered
                .into_iter()
                .map(|(k, v)| {
                    format!(
                        "{}:{}",
                        serde_json::to_string(k).unwrap_or_default(),
                        go_json(v)
                    )
                })
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        scalar => serde_json::to_string(scalar).unwrap_or_default(),
    };
    text.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

fn truncate(mut s: String, limit: usize) -> String {
    if s.len() > limit {
        let mut at = limit;
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        s.truncate(at);
    }
    s
}

/// The Status of the first denial.
fn status(d: &Denial, a: &Attributes) -> Status {
    let text = match &d.binding {
        Some(binding) => format!(
            "ValidatingAdmissionPolicy '{}' with binding '{binding}' denied request: {}",
            d.policy, d.message
        ),
        None => format!(
            "ValidatingAdmissionPolicy '{}' denied request: {}",
            d.policy, d.message
        ),
    };
    let r = &a.request;
    let name = [
        r.name.as_str(),
        meta(&a.object, "name"),
        meta(&a.object, "generateName"),
    ]
    .into_iter()
    .find(|n| !n.is_empty())
    .unwrap_or("Unknown");
    let reason = d.reason.as_deref().unwrap_or("Invalid");
    Status::policy_denial(&r.resource, name, reason, &text)
}
