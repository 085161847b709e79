//! The derived validator side by side with its peers, on one 3-field struct with two bounds and
//! one cross-field rule, for a valid value and an invalid one (a bound and the rule broken):
//!
//! - `value_checks`: the two bounds only: hand-written Rust building the same field errors, and
//!   the derived `validate_at`;
//! - `all_checks`: bounds and the cross-field rule: hand-written, garde (a custom validator with
//!   the other field), validator (a schema function), and kubeidl (`validate()`, the rule as CEL
//!   on the typed value);
//! - `cel_rule`: the rule alone, through the same compiled rule tree, on the typed value in place
//!   and on `serde_json::to_value` of it.
//!
//! Then a struct with enum fields: a string enum (`protocol: Protocol`), an internally tagged
//! union (`source: Source`, whose union rules the derive writes) and two bounds, for a valid
//! value and an invalid one (a bound and a union member's `minLength` broken):
//!
//! - `enum_fields`: hand-written Rust building the same field errors (an enum value and the
//!   union's shape are valid by construction), and the derived `validate()`;
//! - `json`: the same values as `serde_json::Value`: `Endpoint::validate_json`, the schema walk
//!   (`kubeidl::validate::Validator`, built once for `Endpoint`'s schema) called directly, and
//!   the typed route (`serde_json::from_value::<Endpoint>` then `validate()`).
//!
//! Each peer collects every error, as kubeidl does. Run: `cargo bench -p kubeidl-derive --bench peers`

use kubeidl::cel::Value as CelValue;
use kubeidl::errors::{BadValue, FieldError, FieldPath};
use kubeidl::typed::{Definition as _, Validate as _};
use kubeidl::validate::{Path, Report, Validator};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

fn main() {
    assert_same_errors();
    assert_same_endpoint_errors();
    divan::main();
}

/// Scale is how far a workload may scale.
/// +validationRule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas"
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize, Clone)]
#[kubeidl(package = "example.com/bench/v1")]
#[serde(rename_all = "camelCase")]
pub struct Scale {
    /// MinReplicas is the fewest replicas.
    /// +minimum=0
    pub min_replicas: i32,
    /// MaxReplicas is the most replicas.
    /// +maximum=100
    pub max_replicas: i32,
    /// Target names what scales.
    pub target: String,
}

#[derive(garde::Validate)]
pub struct GardeScale {
    #[garde(range(min = 0))]
    pub min_replicas: i32,
    #[garde(range(max = 100), custom(at_least(&self.min_replicas)))]
    pub max_replicas: i32,
    #[garde(skip)]
    pub target: String,
}

fn at_least(min: &i32) -> impl FnOnce(&i32, &()) -> garde::Result + '_ {
    move |max, _| {
        if min <= max {
            Ok(())
        } else {
            Err(garde::Error::new("minReplicas must not exceed maxReplicas"))
        }
    }
}

#[derive(validator::Validate)]
#[validate(schema(function = "ordered", skip_on_field_errors = false))]
pub struct ValidatorScale {
    #[validate(range(min = 0))]
    pub min_replicas: i32,
    #[validate(range(max = 100))]
    pub max_replicas: i32,
    pub target: String,
}

fn ordered(s: &ValidatorScale) -> Result<(), validator::ValidationError> {
    if s.min_replicas <= s.max_replicas {
        Ok(())
    } else {
        Err(validator::ValidationError::new("ordered")
            .with_message(Cow::Borrowed("minReplicas must not exceed maxReplicas")))
    }
}

/// The bounds as one would write them by hand, with the apiserver's errors.
fn hand_written_bounds(s: &Scale, errors: &mut Vec<FieldError>) {
    if s.min_replicas < 0 {
        errors.push(FieldError::invalid(
            FieldPath::root().child("minReplicas"),
            BadValue::Int(s.min_replicas.into()),
            "minReplicas in body should be greater than or equal to 0",
        ));
    }
    if s.max_replicas > 100 {
        errors.push(FieldError::invalid(
            FieldPath::root().child("maxReplicas"),
            BadValue::Int(s.max_replicas.into()),
            "maxReplicas in body should be less than or equal to 100",
        ));
    }
}

fn hand_written(s: &Scale) -> Vec<FieldError> {
    let mut errors = Vec::new();
    hand_written_bounds(s, &mut errors);
    if s.min_replicas > s.max_replicas {
        errors.push(FieldError::invalid(
            FieldPath::root(),
            BadValue::Omitted,
            "minReplicas must not exceed maxReplicas",
        ));
    }
    errors
}

const VALUES: [(&str, i32, i32); 2] = [("valid", 1, 3), ("invalid", -1, -2)];

fn scale(name: &str) -> Scale {
    let (_, min, max) = VALUES.iter().find(|v| v.0 == name).unwrap();
    Scale {
        min_replicas: *min,
        max_replicas: *max,
        target: "web".into(),
    }
}

fn garde_scale(name: &str) -> GardeScale {
    let s = scale(name);
    GardeScale {
        min_replicas: s.min_replicas,
        max_replicas: s.max_replicas,
        target: s.target,
    }
}

fn validator_scale(name: &str) -> ValidatorScale {
    let s = scale(name);
    ValidatorScale {
        min_replicas: s.min_replicas,
        max_replicas: s.max_replicas,
        target: s.target,
    }
}

/// The rule on the typed value, and on the value serialized.
fn typed_rule(s: &Scale) -> Report {
    let rules = Scale::rules();
    let mut report = Report::default();
    rules.check(
        &kubeidl::cel::native::ToCel::to_cel(s, rules.decl()),
        None,
        &mut report,
    );
    report
}

fn json_rule(s: &Scale) -> Report {
    let rules = Scale::rules();
    let json = serde_json::to_value(s).expect("a Scale serializes");
    let mut report = Report::default();
    rules.check(
        &CelValue::from_json_decl(&json, rules.decl()),
        None,
        &mut report,
    );
    report
}

/// Every side finds the same errors (garde and validator count them their own way).
fn assert_same_errors() {
    for (name, ..) in VALUES {
        let s = scale(name);
        let ours: Vec<String> = s.validate().iter().map(ToString::to_string).collect();
        let by_hand: Vec<String> = hand_written(&s).iter().map(ToString::to_string).collect();
        let mut sorted = by_hand.clone();
        sorted.sort();
        let mut ours_sorted = ours.clone();
        ours_sorted.sort();
        assert_eq!(ours_sorted, sorted, "{name}: kubeidl vs hand-written");
        let typed: Vec<String> = typed_rule(&s)
            .errors
            .iter()
            .map(ToString::to_string)
            .collect();
        let json: Vec<String> = json_rule(&s)
            .errors
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(typed, json, "{name}: typed vs serialized rule");
        let garde_count = garde::Validate::validate(&garde_scale(name))
            .err()
            .map_or(0, |r| r.iter().count());
        let validator_count = validator::Validate::validate(&validator_scale(name))
            .err()
            .map_or(0, |e| e.errors().len());
        assert_eq!(garde_count, ours.len(), "{name}: garde");
        assert_eq!(validator_count, ours.len(), "{name}: validator");
    }
}

mod value_checks {
    use super::*;

    #[divan::bench(args = ["valid", "invalid"])]
    fn hand_written(bencher: divan::Bencher, name: &str) {
        let s = scale(name);
        bencher.bench_local(|| {
            let mut errors = Vec::new();
            hand_written_bounds(divan::black_box(&s), &mut errors);
            errors
        });
    }

    #[divan::bench(args = ["valid", "invalid"])]
    fn kubeidl(bencher: divan::Bencher, name: &str) {
        let s = scale(name);
        bencher.bench_local(|| {
            let mut errors = Vec::new();
            divan::black_box(&s).validate_at(&Path::ROOT, &mut errors);
            errors
        });
    }
}

mod all_checks {
    use super::*;

    #[divan::bench(args = ["valid", "invalid"])]
    fn hand_written(bencher: divan::Bencher, name: &str) {
        let s = scale(name);
        bencher.bench_local(|| super::hand_written(divan::black_box(&s)));
    }

    #[divan::bench(args = ["valid", "invalid"])]
    fn garde(bencher: divan::Bencher, name: &str) {
        let s = garde_scale(name);
        bencher.bench_local(|| garde::Validate::validate(divan::black_box(&s)));
    }

    #[divan::bench(args = ["valid", "invalid"])]
    fn validator(bencher: divan::Bencher, name: &str) {
        let s = validator_scale(name);
        bencher.bench_local(|| validator::Validate::validate(divan::black_box(&s)));
    }

    #[divan::bench(args = ["valid", "invalid"])]
    fn kubeidl(bencher: divan::Bencher, name: &str) {
        let s = scale(name);
        bencher.bench_local(|| divan::black_box(&s).validate());
    }
}

mod cel_rule {
    use super::*;

    #[divan::bench(args = ["valid", "invalid"])]
    fn typed_in_place(bencher: divan::Bencher, name: &str) {
        let s = scale(name);
        bencher.bench_local(|| typed_rule(divan::black_box(&s)));
    }

    #[divan::bench(args = ["valid", "invalid"])]
    fn serde_json_to_value(bencher: divan::Bencher, name: &str) {
        let s = scale(name);
        bencher.bench_local(|| json_rule(divan::black_box(&s)));
    }
}

/// Protocol is a network protocol.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize, Deserialize, Clone, Copy)]
#[serde(rename_all = "UPPERCASE")]
pub enum Protocol {
    /// Tcp is the TCP protocol.
    Tcp,
    /// Udp is the UDP protocol.
    Udp,
    /// Sctp is the SCTP protocol.
    Sctp,
}

/// GitSource is a git repository.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize, Deserialize, Clone)]
#[kubeidl(package = "example.com/bench/v1")]
pub struct GitSource {
    /// +k8s:minLength=1
    pub url: String,
}

/// Source is where an endpoint's content comes from: a union tagged by `kind`.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize, Deserialize, Clone)]
#[kubeidl(package = "example.com/bench/v1")]
#[serde(tag = "kind")]
pub enum Source {
    /// Git is a git repository.
    Git { git: GitSource },
    /// Image is an image reference.
    /// +k8s:minLength=1
    Image { image: String },
    /// Inline has no member.
    Inline,
}

/// Endpoint is one port and where its content comes from.
#[derive(kubeidl_derive::Schema, kubeidl_derive::Validate, Serialize, Deserialize, Clone)]
#[kubeidl(package = "example.com/bench/v1")]
pub struct Endpoint {
    /// +k8s:minimum=1
    /// +k8s:maximum=65535
    pub port: i32,
    pub protocol: Protocol,
    pub source: Source,
}

/// The checks of `Endpoint` as one would write them by hand, with the apiserver's errors, in
/// the order the schema walk finds them (wire names sorted). The protocol and the union's shape
/// (one member, the one its kind names) hold by construction.
fn hand_written_endpoint(e: &Endpoint) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if e.port < 1 {
        errors.push(FieldError::invalid(
            FieldPath::root().child("port"),
            BadValue::Int(e.port.into()),
            "port in body should be greater than or equal to 1",
        ));
    }
    if e.port > 65535 {
        errors.push(FieldError::invalid(
            FieldPath::root().child("port"),
            BadValue::Int(e.port.into()),
            "port in body should be less than or equal to 65535",
        ));
    }
    let too_short = |at: FieldPath, text: &str| {
        let message = format!("{at} in body should be at least 1 chars long");
        FieldError::invalid(at, BadValue::string(text), message)
    };
    match &e.source {
        Source::Git { git } if git.url.is_empty() => errors.push(too_short(
            FieldPath::root().child("source").child("git").child("url"),
            &git.url,
        )),
        Source::Image { image } if image.is_empty() => errors.push(too_short(
            FieldPath::root().child("source").child("image"),
            image,
        )),
        _ => {}
    }
    errors
}

fn endpoint(name: &str) -> Endpoint {
    let (port, url) = match name {
        "valid" => (8080, "https://example.com/repo.git"),
        _ => (0, ""),
    };
    Endpoint {
        port,
        protocol: Protocol::Udp,
        source: Source::Git {
            git: GitSource { url: url.into() },
        },
    }
}

fn endpoint_json(name: &str) -> serde_json::Value {
    serde_json::to_value(endpoint(name)).expect("an Endpoint serializes")
}

/// The schema walk of `Endpoint`'s schema, built as `validate_json` builds its own.
fn endpoint_validator() -> Validator {
    let definitions: HashMap<_, _> = Endpoint::openapi_schema().schemas.into_iter().collect();
    let root = kubeidl::schema::Schema::reference_to(&Endpoint::definition_name());
    Validator::with_definitions(&root, Arc::new(definitions)).expect("the rules compile")
}

fn typed_route(json: &serde_json::Value) -> Vec<FieldError> {
    match serde_json::from_value::<Endpoint>(json.clone()) {
        Ok(e) => e.validate(),
        Err(e) => panic!("an Endpoint deserializes: {e}"),
    }
}

/// Every route finds the same errors, in the same order.
fn assert_same_endpoint_errors() {
    let shown =
        |errors: &[FieldError]| -> Vec<String> { errors.iter().map(ToString::to_string).collect() };
    let walk = endpoint_validator();
    for name in ["valid", "invalid"] {
        let (e, json) = (endpoint(name), endpoint_json(name));
        let ours = shown(&e.validate());
        assert_eq!(
            ours,
            shown(&hand_written_endpoint(&e)),
            "{name}: hand-written"
        );
        assert_eq!(
            ours,
            shown(&Endpoint::validate_json(&json)),
            "{name}: validate_json"
        );
        assert_eq!(
            ours,
            shown(&walk.validate(&json).errors),
            "{name}: Validator"
        );
        assert_eq!(ours, shown(&typed_route(&json)), "{name}: typed route");
        assert_eq!(ours.is_empty(), name == "valid", "{name}: {ours:?}");
    }
}

mod enum_fields {
    use super::*;

    #[divan::bench(args = ["valid", "invalid"])]
    fn hand_written(bencher: divan::Bencher, name: &str) {
        let e = endpoint(name);
        bencher.bench_local(|| hand_written_endpoint(divan::black_box(&e)));
    }

    #[divan::bench(args = ["valid", "invalid"])]
    fn kubeidl(bencher: divan::Bencher, name: &str) {
        let e = endpoint(name);
        bencher.bench_local(|| divan::black_box(&e).validate());
    }
}

mod json {
    use super::*;

    #[divan::bench(args = ["valid", "invalid"])]
    fn validate_json(bencher: divan::Bencher, name: &str) {
        let json = endpoint_json(name);
        bencher.bench_local(|| Endpoint::validate_json(divan::black_box(&json)));
    }

    #[divan::bench(args = ["valid", "invalid"])]
    fn validator(bencher: divan::Bencher, name: &str) {
        let (walk, json) = (endpoint_validator(), endpoint_json(name));
        bencher.bench_local(|| walk.validate(divan::black_box(&json)).errors);
    }

    #[divan::bench(args = ["valid", "invalid"])]
    fn from_value_then_validate(bencher: divan::Bencher, name: &str) {
        let json = endpoint_json(name);
        bencher.bench_local(|| typed_route(divan::black_box(&json)));
    }
}
