//! Kubernetes' `authz` and `authzSelectors` libraries: the `authorizer` variable of admission
//! expressions and the checks built from it (`authorizer.group('apps').resource('deployments')
//! .namespace('ns').check('create').allowed()`, `authorizer.path('/healthz').check('get')`,
//! `authorizer.serviceAccount(ns, name)`, `.fieldSelector()`/`.labelSelector()`), and the
//! decisions they return (`allowed()`, `reason()`, `errored()`, `error()`).
//!
//! What answers a check is an [`Authorizer`] the embedder binds with the variable; the library
//! only builds the request, as k8s.io/apiserver's `pkg/cel/library/authz.go` does (resource
//! checks ask for API version `*`). A check costs 350,000, every builder and accessor 1.

use super::{opaque, v_opaque};
use crate::error::{EvalError, EvalResult};
use crate::value::{Opaque, Value};
use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// The CEL type names.
pub const AUTHORIZER: &str = "kubernetes.authorization.Authorizer";
pub const PATH_CHECK: &str = "kubernetes.authorization.PathCheck";
pub const GROUP_CHECK: &str = "kubernetes.authorization.GroupCheck";
pub const RESOURCE_CHECK: &str = "kubernetes.authorization.ResourceCheck";
pub const DECISION: &str = "kubernetes.authorization.Decision";

/// What one `check()` costs: two fit in one expression's limit.
pub const CHECK_COST: u64 = 350_000;

/// Who is asking.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct User {
    pub name: String,
    pub uid: String,
    pub groups: Vec<String>,
    pub extra: BTreeMap<String, Vec<String>>,
}

impl User {
    /// A service account's user: `system:serviceaccount:<ns>:<name>` in the groups
    /// `system:serviceaccounts` and `system:serviceaccounts:<ns>`.
    pub fn service_account(namespace: &str, name: &str) -> User {
        User {
            name: format!("system:serviceaccount:{namespace}:{name}"),
            groups: vec![
                "system:serviceaccounts".to_string(),
                format!("system:serviceaccounts:{namespace}"),
            ],
            ..User::default()
        }
    }
}

/// What is asked about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A non-resource URL path, with an HTTP verb.
    Path(String),
    /// An API resource, with an API verb (`get`, `create`...).
    Resource(ResourceAttributes),
}

/// The resource of a resource check; the API version asked is always `*`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResourceAttributes {
    pub group: String,
    pub resource: String,
    pub subresource: String,
    pub namespace: String,
    pub name: String,
    pub field_selector: String,
    pub label_selector: String,
}

/// One authorization question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessRequest {
    pub user: User,
    pub verb: String,
    pub target: Target,
}

/// An authorizer's answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Decision {
    pub allowed: bool,
    pub reason: String,
    /// Set when the authorizer could not decide.
    pub error: Option<String>,
}

/// What answers checks.
pub trait Authorizer: fmt::Debug + Send + Sync {
    fn authorize(&self, request: &AccessRequest) -> Decision;
}

/// The value bound to `authorizer`: an authorizer asking for one user.
#[derive(Debug, Clone)]
pub struct AuthorizerValue {
    authorizer: Arc<dyn Authorizer>,
    user: Arc<User>,
}

impl AuthorizerValue {
    pub fn new(authorizer: Arc<dyn Authorizer>, user: User) -> AuthorizerValue {
        AuthorizerValue {
            authorizer,
            user: Arc::new(user),
        }
    }

    /// As a CEL value.
    pub fn into_value(self) -> Value<'static> {
        opaque(self)
    }

    /// The value of `authorizer.requestResource`: a resource check of the request's own
    /// resource, subresource, namespace and name.
    pub fn request_resource(&self, resource: ResourceAttributes) -> Value<'static> {
        opaque(ResourceCheck {
            base: self.clone(),
            attributes: resource,
        })
    }
}

#[derive(Debug, Clone)]
struct PathCheck {
    base: AuthorizerValue,
    path: String,
}

#[derive(Debug, Clone)]
struct GroupCheck {
    base: AuthorizerValue,
    group: String,
}

#[derive(Debug, Clone)]
struct ResourceCheck {
    base: AuthorizerValue,
    attributes: ResourceAttributes,
}

#[derive(Debug, Clone)]
struct DecisionValue(Decision);

macro_rules! receiver_only {
    ($name:ident, $cel:expr) => {
        impl Opaque for $name {
            fn type_name(&self) -> &'static str {
                $cel
            }
            /// Values of these types are only receivers; two are never equal.
            fn equals(&self, _other: &dyn Opaque) -> bool {
                false
            }
            fn as_any(&self) -> &dyn Any {
                self
            }
        }
    };
}

receiver_only!(AuthorizerValue, AUTHORIZER);
receiver_only!(PathCheck, PATH_CHECK);
receiver_only!(GroupCheck, GROUP_CHECK);
receiver_only!(ResourceCheck, RESOURCE_CHECK);
receiver_only!(DecisionValue, DECISION);

/// A function of the libraries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthzFunc {
    Path,
    Group,
    ServiceAccount,
    Resource,
    Subresource,
    Namespace,
    Name,
    FieldSelector,
    LabelSelector,
    Check,
    Allowed,
    Reason,
    Errored,
    Error,
}

/// (name, argument count with the receiver, function); every one is a member call.
pub(crate) const TABLE: &[(&str, usize, AuthzFunc)] = &[
    ("path", 2, AuthzFunc::Path),
    ("group", 2, AuthzFunc::Group),
    ("serviceAccount", 3, AuthzFunc::ServiceAccount),
    ("resource", 2, AuthzFunc::Resource),
    ("subresource", 2, AuthzFunc::Subresource),
    ("namespace", 2, AuthzFunc::Namespace),
    ("name", 2, AuthzFunc::Name),
    ("fieldSelector", 2, AuthzFunc::FieldSelector),
    ("labelSelector", 2, AuthzFunc::LabelSelector),
    ("check", 2, AuthzFunc::Check),
    ("allowed", 1, AuthzFunc::Allowed),
    ("reason", 1, AuthzFunc::Reason),
    ("errored", 1, AuthzFunc::Errored),
    ("error", 1, AuthzFunc::Error),
];

impl AuthzFunc {
    /// The receiver's type and the result's (the arguments after the receiver are strings).
    pub fn signature(self) -> (&'static str, Option<&'static str>) {
        use AuthzFunc::*;
        match self {
            Path => (AUTHORIZER, Some(PATH_CHECK)),
            Group => (AUTHORIZER, Some(GROUP_CHECK)),
            ServiceAccount => (AUTHORIZER, Some(AUTHORIZER)),
            Resource => (GROUP_CHECK, Some(RESOURCE_CHECK)),
            Subresource | Namespace | Name | FieldSelector | LabelSelector => {
                (RESOURCE_CHECK, Some(RESOURCE_CHECK))
            }
            // `check` takes a PathCheck or a ResourceCheck.
            Check => (RESOURCE_CHECK, Some(DECISION)),
            // `None`: a bool or a string, below.
            Allowed | Reason | Errored | Error => (DECISION, None),
        }
    }

    /// What a call costs at run time, as Kubernetes' cost estimator charges it.
    pub fn cost(self, args: &[Value<'_>]) -> u64 {
        match self {
            AuthzFunc::Check => CHECK_COST,
            AuthzFunc::FieldSelector | AuthzFunc::LabelSelector => match args.get(1) {
                Some(Value::String(s)) => selector_cost(s.len() as u64),
                _ => 1,
            },
            _ => 1,
        }
    }

    pub fn call<'a>(self, args: &[Value<'a>]) -> EvalResult<Value<'a>> {
        let overload = || Err(EvalError::no_such_overload());
        let text = |i: usize| match args.get(i) {
            Some(Value::String(s)) => Some(s.to_string()),
            _ => None,
        };
        let Some(arg) = text(1).or_else(|| (args.len() == 1).then(String::new)) else {
            return overload();
        };
        let with = |f: &dyn Fn(&mut ResourceAttributes)| -> EvalResult<Value<'a>> {
            let Some(check) = v_opaque::<ResourceCheck>(&args[0]) else {
                return overload();
            };
            let mut next = check.clone();
            f(&mut next.attributes);
            Ok(opaque(next))
        };
        match self {
            AuthzFunc::Path | AuthzFunc::Group | AuthzFunc::ServiceAccount => {
                let Some(base) = v_opaque::<AuthorizerValue>(&args[0]) else {
                    return overload();
                };
                let base = base.clone();
                match self {
                    AuthzFunc::Path if arg.trim().is_empty() => {
                        Err(EvalError::new("path must not be empty"))
                    }
                    AuthzFunc::Path => Ok(opaque(PathCheck { base, path: arg })),
                    AuthzFunc::Group => Ok(opaque(GroupCheck { base, group: arg })),
                    _ => {
                        let Some(name) = text(2) else {
                            return overload();
                        };
                        if !is_dns_subdomain(&name) {
                            return Err(EvalError::new("Invalid service account name"));
                        }
                        if !is_dns_label(&arg) {
                            return Err(EvalError::new("Invalid service account namespace"));
                        }
                        Ok(opaque(AuthorizerValue {
                            authorizer: base.authorizer,
                            user: Arc::new(User::service_account(&arg, &name)),
                        }))
                    }
                }
            }
            AuthzFunc::Resource => {
                let Some(group) = v_opaque::<GroupCheck>(&args[0]) else {
                    return overload();
                };
                if arg.trim().is_empty() {
                    return Err(EvalError::new("resource must not be empty"));
                }
                Ok(opaque(ResourceCheck {
                    base: group.base.clone(),
                    attributes: ResourceAttributes {
                        group: group.group.clone(),
                        resource: arg,
                        ..ResourceAttributes::default()
                    },
                }))
            }
            AuthzFunc::Subresource => with(&|a| a.subresource = arg.clone()),
            AuthzFunc::Namespace => with(&|a| a.namespace = arg.clone()),
            AuthzFunc::Name => with(&|a| a.name = arg.clone()),
            AuthzFunc::FieldSelector => with(&|a| a.field_selector = arg.clone()),
            AuthzFunc::LabelSelector => with(&|a| a.label_selector = arg.clone()),
            AuthzFunc::Check => {
                let (base, target) = if let Some(p) = v_opaque::<PathCheck>(&args[0]) {
                    (&p.base, Target::Path(p.path.clone()))
                } else if let Some(r) = v_opaque::<ResourceCheck>(&args[0]) {
                    (&r.base, Target::Resource(r.attributes.clone()))
                } else {
                    return overload();
                };
                let request = AccessRequest {
                    user: (*base.user).clone(),
                    verb: arg,
                    target,
                };
                Ok(opaque(DecisionValue(base.authorizer.authorize(&request))))
            }
            AuthzFunc::Allowed | AuthzFunc::Reason | AuthzFunc::Errored | AuthzFunc::Error => {
                let Some(DecisionValue(d)) = v_opaque::<DecisionValue>(&args[0]) else {
                    return overload();
                };
                Ok(match self {
                    AuthzFunc::Allowed => Value::Bool(d.allowed),
                    AuthzFunc::Errored => Value::Bool(d.error.is_some()),
                    AuthzFunc::Reason => Value::string(d.reason.clone()),
                    _ => Value::string(d.error.clone().unwrap_or_default()),
                })
            }
        }
    }
}

/// Kubernetes' cost of parsing a selector of `length` bytes: a list, a traversal, and a struct
/// and a list for each (at most) two bytes.
fn selector_cost(length: u64) -> u64 {
    const LIST: f64 = 10.0;
    const STRUCT: f64 = 40.0;
    const TRAVERSAL: f64 = 0.1;
    let parse = (length as f64 * TRAVERSAL).ceil();
    let requirements = (length as f64 * 0.5).ceil();
    LIST as u64 + parse as u64 + (requirements * (LIST + STRUCT)).ceil() as u64
}

/// A DNS-1123 label: what a namespace name must be.
fn is_dns_label(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 63
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-')
}

/// A DNS-1123 subdomain: what a service account name must be.
fn is_dns_subdomain(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(is_dns_label)
}

/// An authorizer that denies everything, saying why: for expressions evaluated where no
/// authorization data was given.
#[derive(Debug)]
pub struct DenyAll(pub String);

impl Authorizer for DenyAll {
    fn authorize(&self, _request: &AccessRequest) -> Decision {
        Decision {
            allowed: false,
            reason: self.0.clone(),
            error: None,
        }
    }
}
