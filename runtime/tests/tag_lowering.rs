//! One snapshot per registry rule: a tag of that rule read from a comment line and lowered onto
//! a schema, with what it asks of the enclosing struct. A rule added to the registry without an
//! example here fails `every_rule_has_an_example`.

use kubeidl::schema::{Schema, SchemaType};
use kubeidl::tags::lower::{lower, At, Member, Place, ValueKind};
use kubeidl::tags::read::read_line;
use kubeidl::tags::registry::{entries, Rule, Scopes};

fn member(json: &str, name: &str, kind: ValueKind) -> Member {
    Member {
        json: json.into(),
        name: name.into(),
        kind,
        optional: true,
    }
}

/// An example for each rule: the comment lines and the kind of value they stand on.
fn examples() -> Vec<(Rule, Vec<&'static str>, ValueKind, Scopes)> {
    use Rule as R;
    use ValueKind as K;
    let field = Scopes::FIELD;
    vec![
        (R::Required, vec!["+k8s:required"], K::String, field),
        (
            R::Native,
            vec!["+kubeidl:native=ValidateDeployment"],
            K::Struct,
            Scopes::TYPE,
        ),
        (
            R::Optional,
            vec!["+optional", "+k8s:optional"],
            K::String,
            field,
        ),
        (R::Forbidden, vec!["+k8s:forbidden"], K::String, field),
        (R::Nullable, vec!["+nullable"], K::Integer, field),
        (
            R::Default,
            vec!["+kubebuilder:default=3"],
            K::Integer,
            field,
        ),
        (
            R::Minimum,
            vec!["+minimum=1", "+k8s:minimum=1"],
            K::Integer,
            field,
        ),
        (
            R::Maximum,
            vec!["+k8s:validation:maximum=5"],
            K::Integer,
            field,
        ),
        (
            R::ExclusiveMinimum,
            vec!["+exclusiveMinimum=0"],
            K::Number,
            field,
        ),
        (
            R::ExclusiveMaximum,
            vec![
                "+kubebuilder:validation:Maximum=9",
                "+kubebuilder:validation:ExclusiveMaximum=true",
            ],
            K::Number,
            field,
        ),
        (
            R::MultipleOf,
            vec!["+kubebuilder:validation:MultipleOf=2"],
            K::Integer,
            field,
        ),
        (R::MinLength, vec!["+minLength=1"], K::String, field),
        (R::MaxLength, vec!["+k8s:maxLength=10"], K::String, field),
        (R::Pattern, vec!["+pattern=^a+$"], K::String, field),
        (
            R::Format,
            vec!["+k8s:format=k8s-label-key"],
            K::String,
            field,
        ),
        (R::MinItems, vec!["+minItems=1"], K::List, field),
        (R::MaxItems, vec!["+k8s:maxItems=4"], K::List, field),
        (
            R::UniqueItems,
            vec!["+kubebuilder:validation:UniqueItems=true"],
            K::List,
            field,
        ),
        (R::MinProperties, vec!["+minProperties=1"], K::Map, field),
        (
            R::MaxProperties,
            vec!["+k8s:validation:maxProperties=3"],
            K::Map,
            field,
        ),
        (
            R::Enum,
            vec!["+kubebuilder:validation:Enum=a;b"],
            K::String,
            field,
        ),
        (
            R::EnumExclude,
            vec!["+k8s:enumExclude"],
            K::String,
            Scopes::CONST,
        ),
        (R::Neq, vec!["+k8s:neq=0"], K::Integer, field),
        (
            R::ListType,
            vec!["+listType=set", "+k8s:listType=set"],
            K::List,
            field,
        ),
        (
            R::ListMapKey,
            vec![
                "+listType=map",
                "+listMapKey=name",
                "+k8s:listType=map",
                "+k8s:listMapKey=name",
            ],
            K::List,
            field,
        ),
        (
            R::Unique,
            vec!["+k8s:listType=atomic", "+k8s:unique=set"],
            K::List,
            field,
        ),
        (
            R::CustomUnique,
            vec![
                "+k8s:listType=atomic",
                "+k8s:unique=map",
                "+k8s:listMapKey=name",
                "+k8s:customUnique",
            ],
            K::List,
            field,
        ),
        (R::Immutable, vec!["+k8s:immutable"], K::String, field),
        (
            R::Update,
            vec![
                "+k8s:update=NoSet",
                "+k8s:update=NoUnset",
                "+k8s:update=NoModify",
            ],
            K::String,
            field,
        ),
        (
            R::EachVal,
            vec!["+k8s:eachVal=+k8s:maxLength=5"],
            K::List,
            field,
        ),
        (
            R::EachKey,
            vec!["+k8s:eachKey=+k8s:format=k8s-short-name"],
            K::Map,
            field,
        ),
        (
            R::Subfield,
            vec!["+k8s:subfield(name)=+k8s:maxLength=5"],
            K::Struct,
            field,
        ),
        (
            R::Item,
            vec!["+k8s:item(name: \"a\")=+k8s:immutable"],
            K::List,
            field,
        ),
        (
            R::UnionMember,
            vec!["+k8s:unionMember(union: \"u\", memberName: \"M\")"],
            K::String,
            field,
        ),
        (
            R::UnionDiscriminator,
            vec!["+k8s:unionDiscriminator(union: \"u\")"],
            K::String,
            field,
        ),
        (
            R::AtMostOneOf,
            vec!["+kubebuilder:validation:AtMostOneOf=name;generateName"],
            K::Struct,
            Scopes::TYPE,
        ),
        (
            R::ExactlyOneOf,
            vec!["+kubebuilder:validation:ExactlyOneOf=name;generateName"],
            K::Struct,
            Scopes::TYPE,
        ),
        (
            R::AtLeastOneOf,
            vec!["+kubebuilder:validation:AtLeastOneOf=name;generateName"],
            K::Struct,
            Scopes::TYPE,
        ),
        (
            R::Items,
            vec![
                "+kubebuilder:validation:items:MaxLength=255",
                "+kubebuilder:validation:items:Enum=a;b",
                "+kubebuilder:validation:items:XValidation:rule=\"self != 'c'\",message=\"not c\"",
            ],
            K::List,
            field,
        ),
        (
            R::ZeroOrOneOfMember,
            vec!["+k8s:zeroOrOneOfMember"],
            K::String,
            field,
        ),
        (
            R::IfEnabled,
            vec!["+k8s:ifEnabled(Gate)=+k8s:maxLength=3"],
            K::String,
            field,
        ),
        (
            R::IfDisabled,
            vec!["+k8s:ifDisabled(Gate)=+k8s:maxLength=3"],
            K::String,
            field,
        ),
        (
            R::Stage,
            vec![
                "+k8s:alpha(since: \"1.36\")=+k8s:maxItems=16",
                "+k8s:beta=+k8s:maxItems=16",
            ],
            K::List,
            field,
        ),
        (R::MaxBytes, vec!["+k8s:maxBytes=64"], K::String, field),
        (R::Mode, vec!["+k8s:discriminator"], K::String, field),
        (R::OpaqueType, vec!["+k8s:opaqueType"], K::Struct, field),
        (
            R::EmbeddedResource,
            vec!["+kubebuilder:validation:EmbeddedResource"],
            K::Struct,
            field,
        ),
        (
            R::IntOrString,
            vec!["+kubebuilder:validation:XIntOrString"],
            K::Other,
            field,
        ),
        (
            R::PreserveUnknownFields,
            vec!["+kubebuilder:pruning:PreserveUnknownFields"],
            K::Struct,
            field,
        ),
        (
            R::Type,
            vec!["+kubebuilder:validation:Type=string"],
            K::Other,
            field,
        ),
        (
            R::ValidationRule,
            vec![
                r#"+validationRule="self > 0",message="must be positive",reason=Invalid,field="x""#,
            ],
            K::Integer,
            field,
        ),
        (
            R::Error,
            vec![
                "+k8s:maxLength=63",
                "+k8s:error(maxLength)=\"must be a DNS label\"",
                "+pattern=^[a-z]",
                "+k8s:error(keyword: pattern, reason: Forbidden)=\"must start with a letter\"",
            ],
            K::String,
            field,
        ),
        (
            R::Override,
            vec![
                "+k8s:override(name)=+k8s:optional",
                "+k8s:override(generateName)=+k8s:maxLength=16",
            ],
            K::Struct,
            field,
        ),
        (
            R::NameFormat,
            vec!["+nameFormat='dns1123label'"],
            K::Struct,
            field,
        ),
    ]
}

fn lowered(lines: &[&str], kind: ValueKind, scope: Scopes) -> String {
    let members = [
        member("name", "Name", ValueKind::String),
        member("generateName", "GenerateName", ValueKind::String),
    ];
    let place = Place {
        scope,
        kind,
        json: Some("field"),
        name: Some("Field"),
        elem: Some(ValueKind::String),
        members: &members,
    };
    let tags: Vec<At<usize>> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| At {
            tag: read_line(l)
                .unwrap_or_else(|e| panic!("{l}: {e}"))
                .unwrap_or_else(|| panic!("{l}: not a tag")),
            pos: i + 1,
        })
        .collect();
    let single = |t: &str| Some(SchemaType::Single(t.into()));
    let mut schema = Schema {
        schema_type: match kind {
            ValueKind::String => single("string"),
            ValueKind::Integer => single("integer"),
            ValueKind::Number => single("number"),
            ValueKind::List => single("array"),
            ValueKind::Map | ValueKind::Struct => single("object"),
            _ => None,
        },
        ..Schema::default()
    };
    if kind == ValueKind::List {
        schema.items = Some(Box::new(Schema::typed("string", "")));
    }
    if kind == ValueKind::Map {
        schema.additional_properties = Some(Box::new(Schema::typed("string", "")));
    }
    let out = lower(&place, &tags, &mut schema);
    let mut text = String::new();
    text.push_str(&format!("tags:\n  {}\n", lines.join("\n  ")));
    text.push_str(&format!(
        "schema:\n{}\n",
        serde_json::to_string_pretty(&schema.to_json()).unwrap()
    ));
    if let Some(p) = out.presence {
        text.push_str(&format!("presence: {p:?}\n"));
    }
    for r in &out.parent_rules {
        text.push_str(&format!("struct rule: {}\n", r.to_json()));
    }
    for u in &out.union {
        text.push_str(&format!("union: {u:?}\n"));
    }
    for o in &out.overrides {
        text.push_str(&format!("override of {}: +{}\n", o.member, o.tag.name));
    }
    for (selects, label, role) in &out.item_unions {
        text.push_str(&format!("item union: {selects} {label} {role:?}\n"));
    }
    for e in out.errors.iter().chain(&out.warnings) {
        text.push_str(&format!("problem at line {}: {}\n", e.pos, e.message));
    }
    text.push_str(&format!(
        "counts: {} read, {} lowered, {} documentation\n",
        out.counts.seen, out.counts.lowered, out.counts.documentation
    ));
    text
}

/// Every rule's lowering: the hand-written examples above (several dialects, chosen kinds), and
/// for a rule they do not cover, its registry entry's own example, lowered on a field of the first
/// kind it lowers on without a problem. So a new tag needs only its entry to be snapshotted.
fn every_rule_example() -> Vec<(Rule, Vec<&'static str>, ValueKind, Scopes)> {
    let mut all = examples();
    for entry in entries() {
        if all.iter().any(|(rule, ..)| *rule == entry.rule) {
            continue;
        }
        let lines = vec![entry.example];
        let kind = KINDS
            .into_iter()
            .find(|kind| !lowered(&lines, *kind, Scopes::FIELD).contains("problem at"))
            .unwrap_or_else(|| {
                panic!(
                    "{:?}: its example {} lowers on no kind without a problem",
                    entry.rule, entry.example
                )
            });
        all.push((entry.rule, lines, kind, Scopes::FIELD));
    }
    all
}

const KINDS: [ValueKind; 7] = [
    ValueKind::String,
    ValueKind::Integer,
    ValueKind::Number,
    ValueKind::Bool,
    ValueKind::List,
    ValueKind::Map,
    ValueKind::Struct,
];

#[test]
fn each_rule_lowered() {
    for (rule, lines, kind, scope) in every_rule_example() {
        let text = lowered(&lines, kind, scope);
        let expect_warning = matches!(rule, Rule::IfEnabled | Rule::IfDisabled | Rule::Mode);
        assert_eq!(
            text.contains("problem at"),
            expect_warning,
            "{rule:?}: {text}"
        );
        insta::assert_snapshot!(format!("{rule:?}"), text);
    }
}

#[test]
fn item_selectors_are_typed_by_the_key_field() {
    let members = [member("port", "Port", ValueKind::Integer)];
    let place = Place {
        scope: Scopes::FIELD,
        kind: ValueKind::List,
        json: Some("ports"),
        name: Some("Ports"),
        elem: Some(ValueKind::Struct),
        members: &members,
    };
    let read = |line: &str| At {
        tag: read_line(line).unwrap().unwrap(),
        pos: 1,
    };
    let mut schema = Schema::default();
    let out = lower(
        &place,
        &[read("+k8s:item(port: 80)=+k8s:immutable")],
        &mut schema,
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(
        schema.extensions["x-kubernetes-validations"][0]["rule"],
        "self.filter(i, i.port == 80) == oldSelf.filter(i, i.port == 80)"
    );
    let out = lower(
        &place,
        &[read("+k8s:item(port: \"80\")=+k8s:immutable")],
        &mut Schema::default(),
    );
    assert_eq!(
        out.errors[0].message,
        "+k8s:item: the value must be an integer like the field"
    );
}

#[test]
fn shadowed_tags_lower_as_the_tag_they_wrap_when_asked_for() {
    let place = Place {
        scope: Scopes::FIELD,
        kind: ValueKind::List,
        json: Some("items"),
        name: Some("Items"),
        elem: Some(ValueKind::String),
        members: &[],
    };
    let tags = vec![At {
        tag: read_line(r#"+k8s:alpha(since: "1.36")=+k8s:maxItems=16"#)
            .unwrap()
            .unwrap(),
        pos: 1,
    }];
    let mut schema = Schema::default();
    let out = lower(&place, &kubeidl::tags::lower::unshadow(tags), &mut schema);
    assert_eq!(schema.max_items, Some(16));
    assert_eq!((out.counts.lowered, out.counts.documentation), (1, 0));
    // A stage's `since` must be a version.
    let bad = read_line(r#"+k8s:beta(since: "soon")=+k8s:maxItems=16"#)
        .unwrap()
        .unwrap();
    let out = lower(&place, &[At { tag: bad, pos: 1 }], &mut Schema::default());
    assert_eq!(
        out.errors[0].message,
        r#"+k8s:beta(since: "soon"): want a version such as "1.36""#
    );
}

#[test]
fn overrides_name_a_member_and_carry_a_tag_that_may_stand_on_it() {
    let problems = |line: &str| lowered(&[line], ValueKind::Struct, Scopes::FIELD);
    for (line, problem) in [
        (
            "+k8s:override(size)=+k8s:optional",
            "the field's type has no member with JSON name \"size\"",
        ),
        (
            "+k8s:override(name)=+k8s:listType=atomic",
            "+k8s:listType cannot stand for a member here",
        ),
        (
            "+k8s:override(name)=+k8s:minimum=1",
            "+k8s:override(name): tag \"+k8s:minimum\" needs an integer or a number",
        ),
        (
            "+k8s:override=+k8s:optional",
            "needs the member's JSON name",
        ),
    ] {
        let text = problems(line);
        assert!(text.contains(problem), "{line}: {text}");
    }
    let text = lowered(
        &["+k8s:override(name)=+k8s:optional"],
        ValueKind::String,
        Scopes::FIELD,
    );
    assert!(text.contains("problem at"), "{text}");
}

#[test]
fn the_same_pattern_means_the_same_in_every_dialect() {
    let spellings = [
        "+pattern=^a$",
        "+pattern=`^a$`",
        "+pattern=\"^a$\"",
        "+kubebuilder:validation:Pattern=`^a$`",
        "+kubebuilder:validation:Pattern=\"^a$\"",
        "+k8s:validation:pattern=\"^a$\"",
    ];
    for line in spellings {
        let text = lowered(&[line], ValueKind::String, Scopes::FIELD);
        assert!(text.contains("\"pattern\": \"^a$\""), "{line}: {text}");
        assert!(!text.contains("problem at"), "{line}: {text}");
    }
}

#[test]
fn exclusive_bounds_take_booleans_in_the_kep_dialect() {
    let text = lowered(
        &[
            "+minimum=0",
            "+exclusiveMinimum=true",
            "+maximum=10",
            "+exclusiveMaximum=false",
        ],
        ValueKind::Integer,
        Scopes::FIELD,
    );
    insta::assert_snapshot!(text);
    let shorthand = lowered(&["+exclusiveMaximum=10"], ValueKind::Integer, Scopes::FIELD);
    assert!(shorthand.contains("\"maximum\": 10"), "{shorthand}");
    assert!(
        shorthand.contains("\"exclusiveMaximum\": true"),
        "{shorthand}"
    );
    let bad = lowered(
        &["+exclusiveMaximum=\"no\""],
        ValueKind::Integer,
        Scopes::FIELD,
    );
    assert!(
        bad.contains("+exclusiveMaximum takes true, false or a number"),
        "{bad}"
    );
}

#[test]
fn a_native_check_must_be_one_kubeidl_has() {
    let text = lowered(
        &["+kubeidl:native=ValidateWidget"],
        ValueKind::Struct,
        Scopes::TYPE,
    );
    assert!(
        text.contains("+kubeidl:native names no check kubeidl has: \"ValidateWidget\" (known: ValidateConfigMap, ValidateSecret,"),
        "{text}"
    );
    assert!(!text.contains("x-kubeidl-native"), "{text}");
    assert_eq!(
        kubeidl::tags::registry::unknown_tag_message("kubeidl:natve"),
        "unknown tag \"+kubeidl:natve\" (did you mean \"+kubeidl:native\"?)"
    );
    assert_eq!(
        kubeidl::tags::registry::lookup("kubeidl:natve"),
        kubeidl::tags::registry::Known::Unknown
    );
}
