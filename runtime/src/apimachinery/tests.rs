use super::*;
use crate::typed::Definition;
use serde_json::json;

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(
    wire: serde_json::Value,
) -> serde_json::Value {
    let value: T = serde_json::from_value(wire).expect("reads");
    serde_json::to_value(&value).expect("writes")
}

#[test]
fn quantity_keeps_its_text_and_compares_by_value() {
    let q: Quantity = "500m".parse().unwrap();
    assert_eq!(q.to_string(), "500m");
    assert_eq!(round_trip::<Quantity>(json!(" 1.5Gi ")), json!("1.5Gi"));
    assert_eq!(round_trip::<Quantity>(json!(2)), json!("2"));
    assert_eq!(round_trip::<Quantity>(json!(0.5)), json!("0.5"));
    let one: Quantity = "1".parse().unwrap();
    let thousand_milli: Quantity = "1000m".parse().unwrap();
    assert_eq!(one, thousand_milli);
    assert_eq!(thousand_milli.canonical(), "1");
    assert!("1Ki".parse::<Quantity>().unwrap() > "1k".parse::<Quantity>().unwrap());
}

#[test]
fn quantity_refuses_what_go_refuses() {
    let e = "1.5.5".parse::<Quantity>().unwrap_err();
    assert_eq!(e.what, "quantity");
    assert!(
        e.to_string().starts_with("invalid quantity \"1.5.5\": "),
        "{e}"
    );
    assert!(serde_json::from_value::<Quantity>(json!("12Mb")).is_err());
    assert!(serde_json::from_value::<Quantity>(json!(true)).is_err());
}

#[test]
fn int_or_string_is_the_one_it_holds() {
    assert_eq!(
        serde_json::from_value::<IntOrString>(json!(8080)).unwrap(),
        IntOrString::Int(8080)
    );
    assert_eq!(
        serde_json::from_value::<IntOrString>(json!("http")).unwrap(),
        IntOrString::from("http")
    );
    assert_eq!(round_trip::<IntOrString>(json!("25%")), json!("25%"));
    assert_eq!(round_trip::<IntOrString>(json!(-3)), json!(-3));
    let e = serde_json::from_value::<IntOrString>(json!(2_147_483_648u64)).unwrap_err();
    assert_eq!(e.to_string(), "2147483648 is out of the range of an int32");
    assert!(serde_json::from_value::<IntOrString>(json!(1.5)).is_err());
    assert_eq!(IntOrString::default(), IntOrString::Int(0));
}

#[test]
fn times_are_written_in_utc_at_their_precision() {
    let t: Time = "2024-05-01T12:00:00.5+02:00".parse().unwrap();
    assert_eq!(t.to_string(), "2024-05-01T10:00:00Z");
    assert_eq!(
        round_trip::<Time>(json!("2024-05-01T10:00:00Z")),
        json!("2024-05-01T10:00:00Z")
    );
    let m: MicroTime = "2024-05-01T12:00:00.0000019Z".parse().unwrap();
    assert_eq!(m.to_string(), "2024-05-01T12:00:00.000001Z");
    let whole: MicroTime = "2024-05-01T12:00:00Z".parse().unwrap();
    assert_eq!(whole.to_string(), "2024-05-01T12:00:00.000000Z");
    let e = "2024-05-01".parse::<Time>().unwrap_err();
    assert!(
        e.to_string().starts_with("invalid time \"2024-05-01\": "),
        "{e}"
    );
    assert!(serde_json::from_value::<Time>(json!(5)).is_err());
}

#[test]
fn durations_print_as_go_prints_them() {
    // Go's own examples of time.Duration.String().
    let cases: &[(i64, &str)] = &[
        (0, "0s"),
        (1, "1ns"),
        (1_100, "1.1µs"),
        (2_200_000, "2.2ms"),
        (3_300_000_000, "3.3s"),
        (245_000_000_000, "4m5s"),
        (245_001_000_000, "4m5.001s"),
        (18_367_001_000_000, "5h6m7.001s"),
        (480_000_000_001, "8m0.000000001s"),
        (3_600_000_000_000, "1h0m0s"),
        (-1_500_000_000, "-1.5s"),
        (i64::MAX, "2562047h47m16.854775807s"),
        (i64::MIN + 1, "-2562047h47m16.854775807s"),
    ];
    for (nanos, text) in cases {
        let d = Duration::from_nanos(*nanos);
        assert_eq!(d.to_string(), *text, "{nanos}ns");
        assert_eq!(text.parse::<Duration>().unwrap(), d, "{text}");
    }
    assert_eq!("1h30m".parse::<Duration>().unwrap().to_string(), "1h30m0s");
    assert_eq!("1.5h".parse::<Duration>().unwrap().to_string(), "1h30m0s");
    assert_eq!(round_trip::<Duration>(json!("90s")), json!("1m30s"));
    for bad in ["", "1", "1d", "h", "-", "1.h2", "99999999999999999999h"] {
        let e = bad.parse::<Duration>().unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("invalid duration {bad:?}: ")),
            "{e}"
        );
    }
    assert_eq!(
        Duration::from_secs(2).unwrap().to_std(),
        Some(std::time::Duration::from_secs(2))
    );
    assert_eq!(Duration::from_nanos(-1).to_std(), None);
}

#[test]
fn definitions_are_openapi_gen_s_under_go_s_names() {
    let without_description = |d: crate::schema::Document| {
        let mut value: serde_json::Value = serde_json::from_str(&d.to_canonical_string()).unwrap();
        let schemas = value["components"]["schemas"].as_object_mut().unwrap();
        for schema in schemas.values_mut() {
            assert!(schema["description"].is_string());
            schema.as_object_mut().unwrap().remove("description");
        }
        value["components"]["schemas"].take()
    };
    assert_eq!(
        without_description(Quantity::openapi_schema()),
        json!({"io.k8s.apimachinery.pkg.api.resource.Quantity": {"oneOf": [{"type": "string"}, {"type": "number"}]}})
    );
    assert_eq!(
        without_description(IntOrString::openapi_schema()),
        json!({"io.k8s.apimachinery.pkg.util.intstr.IntOrString": {"format": "int-or-string", "oneOf": [{"type": "integer"}, {"type": "string"}]}})
    );
    assert_eq!(
        without_description(Time::openapi_schema()),
        json!({"io.k8s.apimachinery.pkg.apis.meta.v1.Time": {"format": "date-time", "type": "string"}})
    );
    assert_eq!(
        without_description(MicroTime::openapi_schema()),
        json!({"io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime": {"format": "date-time", "type": "string"}})
    );
    assert_eq!(
        without_description(Duration::openapi_schema()),
        json!({"io.k8s.apimachinery.pkg.apis.meta.v1.Duration": {"type": "string"}})
    );
}
