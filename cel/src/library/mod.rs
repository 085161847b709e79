//! Kubernetes' CEL libraries: `ip`, `cidr`, `url`, `format` (and `quantity`, `semver`), as CEL
//! functions over opaque values. The parsing and semantics of each type live in its own module;
//! this one binds them to CEL names, overloads and values.

pub mod authz;
pub mod cidr;
pub mod extra;
pub mod formats;
pub mod ip;
pub mod kep_formats;
pub mod mutation;
pub mod quantity;
pub mod semver;
pub mod url;

use super::error::{EvalError, EvalResult};
use super::value::{Key, KeyStr, List, Map, Opaque, Str, Value};
use indexmap::IndexMap;
use std::any::Any;
use std::sync::Arc;

/// A library function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LibFunc {
    Ip,
    IsIp,
    IpIsCanonical,
    Family,
    IsUnspecified,
    IsLoopback,
    IsLinkLocalMulticast,
    IsLinkLocalUnicast,
    IsGlobalUnicast,
    Cidr,
    IsCidr,
    ContainsIp,
    ContainsCidr,
    CidrIp,
    Masked,
    PrefixLength,
    Url,
    IsUrl,
    GetScheme,
    GetHost,
    GetHostname,
    GetPort,
    GetEscapedPath,
    GetQuery,
    FormatNamed,
    Format(&'static str),
    Validate,
    Quantity,
    IsQuantity,
    Sign,
    IsGreaterThan,
    IsLessThan,
    CompareTo,
    AsApproximateFloat,
    AsInteger,
    IsInteger,
    QuantityAdd,
    QuantitySub,
    Semver,
    IsSemver,
    Major,
    Minor,
    Patch,
    /// `<string>.isFormat(name)` (opt-in), with the format when the name is a constant.
    IsFormat(Option<kep_formats::KepFormat>),
    /// `<string>.validateFormat(name)` (opt-in), likewise.
    ValidateFormat(Option<kep_formats::KepFormat>),
    /// The authorizer's checks.
    Authz(authz::AuthzFunc),
    /// `jsonpatch.escapeKey(key)` (mutations only).
    EscapeKey,
}

/// (name, member call, argument count with the receiver, function).
const TABLE: &[(&str, bool, usize, LibFunc)] = &[
    ("ip", false, 1, LibFunc::Ip),
    ("isIP", false, 1, LibFunc::IsIp),
    ("ip.isCanonical", false, 1, LibFunc::IpIsCanonical),
    ("family", true, 1, LibFunc::Family),
    ("isUnspecified", true, 1, LibFunc::IsUnspecified),
    ("isLoopback", true, 1, LibFunc::IsLoopback),
    (
        "isLinkLocalMulticast",
        true,
        1,
        LibFunc::IsLinkLocalMulticast,
    ),
    ("isLinkLocalUnicast", true, 1, LibFunc::IsLinkLocalUnicast),
    ("isGlobalUnicast", true, 1, LibFunc::IsGlobalUnicast),
    ("cidr", false, 1, LibFunc::Cidr),
    ("isCIDR", false, 1, LibFunc::IsCidr),
    ("containsIP", true, 2, LibFunc::ContainsIp),
    ("containsCIDR", true, 2, LibFunc::ContainsCidr),
    ("ip", true, 1, LibFunc::CidrIp),
    ("masked", true, 1, LibFunc::Masked),
    ("prefixLength", true, 1, LibFunc::PrefixLength),
    ("url", false, 1, LibFunc::Url),
    ("isURL", false, 1, LibFunc::IsUrl),
    ("getScheme", true, 1, LibFunc::GetScheme),
    ("getHost", true, 1, LibFunc::GetHost),
    ("getHostname", true, 1, LibFunc::GetHostname),
    ("getPort", true, 1, LibFunc::GetPort),
    ("getEscapedPath", true, 1, LibFunc::GetEscapedPath),
    ("getQuery", true, 1, LibFunc::GetQuery),
    ("format.named", false, 1, LibFunc::FormatNamed),
    ("validate", true, 2, LibFunc::Validate),
    ("quantity", false, 1, LibFunc::Quantity),
    ("isQuantity", false, 1, LibFunc::IsQuantity),
    ("sign", false, 1, LibFunc::Sign),
    ("isGreaterThan", true, 2, LibFunc::IsGreaterThan),
    ("isLessThan", true, 2, LibFunc::IsLessThan),
    ("compareTo", true, 2, LibFunc::CompareTo),
    ("asApproximateFloat", true, 1, LibFunc::AsApproximateFloat),
    ("asInteger", true, 1, LibFunc::AsInteger),
    ("isInteger", true, 1, LibFunc::IsInteger),
    ("add", true, 2, LibFunc::QuantityAdd),
    ("sub", true, 2, LibFunc::QuantitySub),
    ("semver", false, 1, LibFunc::Semver),
    ("semver", false, 2, LibFunc::Semver),
    ("isSemver", false, 1, LibFunc::IsSemver),
    ("isSemver", false, 2, LibFunc::IsSemver),
    ("major", true, 1, LibFunc::Major),
    ("minor", true, 1, LibFunc::Minor),
    ("patch", true, 1, LibFunc::Patch),
];

impl LibFunc {
    pub fn resolve(name: &str, member: bool, argc: usize) -> Option<LibFunc> {
        if let Some(format) = name.strip_prefix("format.") {
            if !member && argc == 0 {
                return formats::names()
                    .iter()
                    .find(|n| **n == format)
                    .map(|n| LibFunc::Format(n));
            }
        }
        TABLE
            .iter()
            .find(|(n, m, c, _)| *n == name && *m == member && *c == argc)
            .map(|(.., f)| *f)
            .or_else(|| {
                authz::TABLE
                    .iter()
                    .find(|(n, c, _)| member && *n == name && *c == argc)
                    .map(|(.., f)| LibFunc::Authz(*f))
            })
    }

    pub fn exists(name: &str) -> bool {
        TABLE.iter().any(|(n, ..)| *n == name)
            || authz::TABLE.iter().any(|(n, ..)| *n == name)
            || name.strip_prefix("format.").is_some_and(formats::is_known)
    }

    pub fn call<'a>(self, args: &[Value<'a>]) -> EvalResult<Value<'a>> {
        let overload = || Err(EvalError::no_such_overload());
        let ip_of = |v: &Value<'_>| v_opaque::<IpValue>(v).map(|i| i.0);
        let cidr_of = |v: &Value<'_>| v_opaque::<CidrValue>(v).map(|c| c.0);
        let url_of = |v: &Value<'_>| v_opaque::<UrlValue>(v).map(|u| u.0.clone());
        match self {
            LibFunc::Ip => match &args[0] {
                Value::String(s) => ip::parse(s)
                    .map(|i| opaque(IpValue(i)))
                    .map_err(EvalError::new),
                _ => overload(),
            },
            LibFunc::IsIp => string_arg(args, |s| Ok(Value::Bool(ip::is_ip(s)))),
            LibFunc::IpIsCanonical => string_arg(args, |s| {
                ip::is_canonical(s).map(Value::Bool).map_err(EvalError::new)
            }),
            LibFunc::Family
            | LibFunc::IsUnspecified
            | LibFunc::IsLoopback
            | LibFunc::IsLinkLocalMulticast
            | LibFunc::IsLinkLocalUnicast
            | LibFunc::IsGlobalUnicast => {
                let Some(i) = ip_of(&args[0]) else {
                    return overload();
                };
                Ok(match self {
                    LibFunc::Family => Value::Int(i.family()),
                    LibFunc::IsUnspecified => Value::Bool(i.is_unspecified()),
                    LibFunc::IsLoopback => Value::Bool(i.is_loopback()),
                    LibFunc::IsLinkLocalMulticast => Value::Bool(i.is_link_local_multicast()),
                    LibFunc::IsLinkLocalUnicast => Value::Bool(i.is_link_local_unicast()),
                    _ => Value::Bool(i.is_global_unicast()),
                })
            }
            LibFunc::Cidr => match &args[0] {
                Value::String(s) => cidr::parse(s)
                    .map(|c| opaque(CidrValue(c)))
                    .map_err(EvalError::new),
                _ => overload(),
            },
            LibFunc::IsCidr => string_arg(args, |s| Ok(Value::Bool(cidr::is_cidr(s)))),
            LibFunc::ContainsIp => {
                let Some(c) = cidr_of(&args[0]) else {
                    return overload();
                };
                match &args[1] {
                    Value::String(s) => c
                        .contains_ip_str(s)
                        .map(Value::Bool)
                        .map_err(|_| EvalError::no_such_overload()),
                    other => match ip_of(other) {
                        Some(i) => Ok(Value::Bool(c.contains_ip(&i))),
                        None => overload(),
                    },
                }
            }
            LibFunc::ContainsCidr => {
                let Some(c) = cidr_of(&args[0]) else {
                    return overload();
                };
                match &args[1] {
                    Value::String(s) => c
                        .contains_cidr_str(s)
                        .map(Value::Bool)
                        .map_err(EvalError::new),
                    other => match cidr_of(other) {
                        Some(o) => Ok(Value::Bool(c.contains_cidr(&o))),
                        None => overload(),
                    },
                }
            }
            LibFunc::CidrIp => {
                cidr_of(&args[0]).map_or_else(overload, |c| Ok(opaque(IpValue(c.ip()))))
            }
            LibFunc::Masked => {
                cidr_of(&args[0]).map_or_else(overload, |c| Ok(opaque(CidrValue(c.masked()))))
            }
            LibFunc::PrefixLength => {
                cidr_of(&args[0]).map_or_else(overload, |c| Ok(Value::Int(c.prefix_length())))
            }
            LibFunc::Url => match &args[0] {
                Value::String(s) => url::parse(s)
                    .map(|u| opaque(UrlValue(u)))
                    .map_err(EvalError::new),
                _ => overload(),
            },
            LibFunc::IsUrl => string_arg(args, |s| Ok(Value::Bool(url::is_url(s)))),
            LibFunc::GetScheme
            | LibFunc::GetHost
            | LibFunc::GetHostname
            | LibFunc::GetPort
            | LibFunc::GetEscapedPath => {
                let Some(u) = url_of(&args[0]) else {
                    return overload();
                };
                Ok(Value::string(match self {
                    LibFunc::GetScheme => u.scheme().to_string(),
                    LibFunc::GetHost => u.host().to_string(),
                    LibFunc::GetHostname => u.hostname(),
                    LibFunc::GetPort => u.port(),
                    _ => u.escaped_path(),
                }))
            }
            LibFunc::GetQuery => {
                let Some(u) = url_of(&args[0]) else {
                    return overload();
                };
                let mut entries = IndexMap::new();
                for (k, vs) in u.query() {
                    let values = vs.into_iter().map(Value::string).collect();
                    entries.insert(
                        Key::String(KeyStr(Str::Shared(Arc::from(k)))),
                        Value::List(List::from_values(values)),
                    );
                }
                Ok(Value::Map(Map::from_entries(entries)))
            }
            LibFunc::FormatNamed => string_arg(args, |s| {
                Ok(Value::Optional(
                    formats::names()
                        .iter()
                        .find(|n| **n == s)
                        .map(|n| Arc::new(opaque(FormatValue(n)))),
                ))
            }),
            LibFunc::Format(name) => Ok(opaque(FormatValue(name))),
            LibFunc::Quantity => string_arg(args, |s| {
                quantity::parse(s)
                    .map(|q| opaque(QuantityValue(q)))
                    .map_err(EvalError::new)
            }),
            LibFunc::IsQuantity => string_arg(args, |s| Ok(Value::Bool(quantity::is_quantity(s)))),
            LibFunc::Semver | LibFunc::IsSemver => {
                let normalize = match args.get(1) {
                    None => false,
                    Some(Value::Bool(b)) => *b,
                    Some(_) => return overload(),
                };
                string_arg(args, |s| {
                    if self == LibFunc::IsSemver {
                        return Ok(Value::Bool(semver::is_semver(s, normalize)));
                    }
                    semver::parse(s, normalize)
                        .map(|v| opaque(SemverValue(v)))
                        .map_err(EvalError::new)
                })
            }
            LibFunc::Major | LibFunc::Minor | LibFunc::Patch => {
                let Some(v) = v_opaque::<SemverValue>(&args[0]) else {
                    return overload();
                };
                Ok(Value::Int(match self {
                    LibFunc::Major => v.0.major(),
                    LibFunc::Minor => v.0.minor(),
                    _ => v.0.patch(),
                }))
            }
            LibFunc::IsGreaterThan | LibFunc::IsLessThan | LibFunc::CompareTo => {
                let ord = match (
                    v_opaque::<QuantityValue>(&args[0]),
                    v_opaque::<QuantityValue>(&args[1]),
                ) {
                    (Some(a), Some(b)) => a.0.cmp(&b.0),
                    _ => match (
                        v_opaque::<SemverValue>(&args[0]),
                        v_opaque::<SemverValue>(&args[1]),
                    ) {
                        (Some(a), Some(b)) => a.0.compare(&b.0),
                        _ => return overload(),
                    },
                };
                Ok(match self {
                    LibFunc::IsGreaterThan => Value::Bool(ord == std::cmp::Ordering::Greater),
                    LibFunc::IsLessThan => Value::Bool(ord == std::cmp::Ordering::Less),
                    _ => Value::Int(ord as i64),
                })
            }
            LibFunc::Sign
            | LibFunc::AsApproximateFloat
            | LibFunc::AsInteger
            | LibFunc::IsInteger => {
                let Some(q) = v_opaque::<QuantityValue>(&args[0]) else {
                    return overload();
                };
                match self {
                    LibFunc::Sign => Ok(Value::Int(q.0.sign())),
                    LibFunc::AsApproximateFloat => Ok(Value::Double(q.0.as_approximate_float())),
                    LibFunc::AsInteger => q.0.as_integer().map(Value::Int).map_err(EvalError::new),
                    _ => Ok(Value::Bool(q.0.is_integer())),
                }
            }
            LibFunc::QuantityAdd | LibFunc::QuantitySub => {
                let Some(q) = v_opaque::<QuantityValue>(&args[0]) else {
                    return overload();
                };
                let sum = match (&args[1], v_opaque::<QuantityValue>(&args[1])) {
                    (_, Some(other)) if self == LibFunc::QuantityAdd => q.0.add(&other.0),
                    (_, Some(other)) => q.0.sub(&other.0),
                    (Value::Int(i), None) if self == LibFunc::QuantityAdd => q.0.add_int(*i),
                    (Value::Int(i), None) => q.0.sub_int(*i),
                    _ => return overload(),
                };
                Ok(opaque(QuantityValue(sum)))
            }
            LibFunc::IsFormat(constant) | LibFunc::ValidateFormat(constant) => {
                let (Value::String(s), Value::String(name)) = (&args[0], &args[1]) else {
                    return overload();
                };
                let Some(format) = constant.or_else(|| kep_formats::KepFormat::named(name)) else {
                    return Err(EvalError::new(kep_formats::unknown_name_eval_error(name)));
                };
                let errors = format.validate(s);
                Ok(match self {
                    LibFunc::IsFormat(_) => Value::Bool(errors.is_empty()),
                    _ => Value::List(List::from_values(
                        errors.into_iter().map(Value::string).collect(),
                    )),
                })
            }
            LibFunc::Authz(f) => f.call(args),
            LibFunc::EscapeKey => string_arg(args, |s| Ok(Value::string(mutation::escape_key(s)))),
            LibFunc::Validate => {
                let (Some(f), Value::String(s)) = (v_opaque::<FormatValue>(&args[0]), &args[1])
                else {
                    return overload();
                };
                let errors = formats::validate(f.0, s);
                Ok(Value::Optional(errors.map(|errs| {
                    Arc::new(Value::List(List::from_values(
                        errs.into_iter().map(Value::string).collect(),
                    )))
                })))
            }
        }
    }
}

fn string_arg<'a>(
    args: &[Value<'a>],
    f: impl FnOnce(&str) -> EvalResult<Value<'a>>,
) -> EvalResult<Value<'a>> {
    match &args[0] {
        Value::String(s) => f(s),
        _ => Err(EvalError::no_such_overload()),
    }
}

fn opaque<'a>(v: impl Opaque + 'static) -> Value<'a> {
    Value::Opaque(Arc::new(v))
}

fn v_opaque<'v, T: 'static>(v: &'v Value<'_>) -> Option<&'v T> {
    match v {
        Value::Opaque(o) => o.as_any().downcast_ref::<T>(),
        _ => None,
    }
}

macro_rules! opaque_type {
    ($name:ident($inner:ty), $cel:literal) => {
        #[derive(Debug, Clone)]
        pub struct $name(pub $inner);

        impl Opaque for $name {
            fn type_name(&self) -> &'static str {
                $cel
            }
            fn equals(&self, other: &dyn Opaque) -> bool {
                other
                    .as_any()
                    .downcast_ref::<$name>()
                    .is_some_and(|o| o.0 == self.0)
            }
            fn as_any(&self) -> &dyn Any {
                self
            }
            fn to_cel_string(&self) -> Option<String> {
                Some(self.0.to_string())
            }
        }
    };
}

opaque_type!(IpValue(ip::Ip), "net.IP");
opaque_type!(CidrValue(cidr::Cidr), "net.CIDR");
opaque_type!(UrlValue(url::Url), "kubernetes.URL");
opaque_type!(FormatValue(&'static str), "kubernetes.NamedFormat");
opaque_type!(QuantityValue(quantity::Quantity), "kubernetes.Quantity");
opaque_type!(SemverValue(semver::Semver), "kubernetes.Semver");
