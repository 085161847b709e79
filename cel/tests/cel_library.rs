//! Every Kubernetes CEL library function, through the engine: results and exact error texts,
//! including the edge cases (empty lists, IPv4-mapped addresses, IPv6 URL hosts, findAll limits).

use kubeidl_cel::{Program, Value, PER_CALL_LIMIT};
use serde_json::{json, Value as Json};

fn eval(expr: &str) -> Result<Json, String> {
    let program = Program::compile(expr, &[]).map_err(|e| e.to_string())?;
    program
        .evaluate(&[], PER_CALL_LIMIT)
        .result
        .map(|v: Value<'_>| v.to_json())
        .map_err(|e| e.to_string())
}

fn ok(cases: &[(&str, Json)]) {
    for (expr, want) in cases {
        assert_eq!(eval(expr).as_ref(), Ok(want), "{expr}");
    }
}

fn fails(cases: &[(&str, &str)]) {
    for (expr, want) in cases {
        assert_eq!(
            eval(expr).map_err(|e| e.to_string()),
            Err(want.to_string()),
            "{expr}"
        );
    }
}

#[test]
fn lists() {
    ok(&[
        ("[1, 2, 2, 3].isSorted()", json!(true)),
        ("['b', 'a'].isSorted()", json!(false)),
        ("[].isSorted()", json!(true)),
        ("[1, 2, 3].sum()", json!(6)),
        ("[1.5, 2.5].sum()", json!(4.0)),
        ("[duration('1s'), duration('2s')].sum()", json!("3s")),
        ("[].sum()", json!(0)),
        ("[3, 1, 2].min()", json!(1)),
        ("[3, 1, 2].max()", json!(3)),
        ("['a', 'c', 'b'].max()", json!("c")),
        ("[1, 2, 3, 2].indexOf(2)", json!(1)),
        ("[1, 2, 3, 2].lastIndexOf(2)", json!(3)),
        ("[1, 2].indexOf(9)", json!(-1)),
        ("[1, 2].includes(2)", json!(true)),
        ("[[1], [2]].includes([2])", json!(true)),
        ("[1, 2, 3].slice(1, 3)", json!([2, 3])),
        ("[[1, dyn([2])], dyn(3)].flatten()", json!([1, [2], 3])),
        ("[[1, dyn([2])], dyn(3)].flatten(2)", json!([1, 2, 3])),
        ("[1, 2, 1].distinct()", json!([1, 2])),
        ("[1, 2].reverse()", json!([2, 1])),
        ("[3, 1, 2].sort()", json!([1, 2, 3])),
        ("['bb', 'a'].sortBy(s, size(s))", json!(["a", "bb"])),
        ("lists.range(3)", json!([0, 1, 2])),
    ]);
    fails(&[
        ("[].min()", "min called on empty list"),
        ("[].max()", "max called on empty list"),
        (
            "[1, dyn('a')].sort()",
            "list elements must have the same type",
        ),
        (
            "[1, 2].slice(2, 1)",
            "cannot slice(2, 1), start index must be less than or equal to end index",
        ),
        ("[9223372036854775807, 1].sum()", "integer overflow"),
    ]);
}

#[test]
fn regex() {
    ok(&[
        ("'abc 123'.find('[0-9]+')", json!("123")),
        ("'abc'.find('[0-9]+')", json!("")),
        (
            "'a1 b2 c3'.findAll('[a-z][0-9]')",
            json!(["a1", "b2", "c3"]),
        ),
        ("'a1 b2 c3'.findAll('[a-z][0-9]', 2)", json!(["a1", "b2"])),
        (
            "'a1 b2 c3'.findAll('[a-z][0-9]', -1)",
            json!(["a1", "b2", "c3"]),
        ),
        ("'a1 b2 c3'.findAll('[a-z][0-9]', 0)", json!([])),
        ("'abc'.matches('^a.c$')", json!(true)),
    ]);
    let bad = eval("'x'.find('[')").unwrap_err();
    assert!(bad.contains("Illegal regex"), "{bad}");
}

#[test]
fn strings() {
    ok(&[
        ("'hello'.charAt(1)", json!("e")),
        ("'hello'.charAt(5)", json!("")),
        ("'hello'.indexOf('l')", json!(2)),
        ("'hello'.lastIndexOf('l')", json!(3)),
        ("'hello'.indexOf('l', 3)", json!(3)),
        ("'HeLLo'.lowerAscii()", json!("hello")),
        ("'hello'.upperAscii()", json!("HELLO")),
        ("'aaa'.replace('a', 'b', 2)", json!("bba")),
        ("'a,b,c'.split(',')", json!(["a", "b", "c"])),
        ("'a,b,c'.split(',', 2)", json!(["a", "b,c"])),
        ("'hello'.substring(1, 3)", json!("el")),
        ("'  x '.trim()", json!("x")),
        ("['a', 'b'].join('-')", json!("a-b")),
        ("'%s is %d'.format([dyn('x'), 3])", json!("x is 3")),
        ("strings.quote('a\"b')", json!("\"a\\\"b\"")),
    ]);
    fails(&[
        ("'hello'.charAt(6)", "index out of range: 6"),
        (
            "'hello'.substring(3, 1)",
            "invalid substring range. start: 3, end: 1",
        ),
        ("'hello'.substring(9)", "index out of range: 9"),
    ]);
}

#[test]
fn strings_reverse_is_not_in_kubernetes() {
    let err = eval("'abc'.reverse()").unwrap_err();
    assert!(
        err.starts_with(
            "ERROR: <input>:1:14: found no matching overload for 'reverse' applied to 'string.()'"
        ),
        "{err}"
    );
}

#[test]
fn literals_are_homogeneous_as_in_kubernetes() {
    let err = eval("'%s is %d'.format(['x', 3])").unwrap_err();
    assert!(
        err.starts_with("ERROR: <input>:1:25: expected type 'string' but found 'int'"),
        "{err}"
    );
}

#[test]
fn sets() {
    ok(&[
        ("sets.contains([1, 2, 3], [2, 3])", json!(true)),
        ("sets.contains([1], [1.0])", json!(true)),
        ("sets.equivalent([1, 2], [2, 1, 1])", json!(true)),
        ("sets.intersects([1, 2], [3])", json!(false)),
    ]);
}

#[test]
fn ip_and_cidr() {
    ok(&[
        ("ip('192.168.0.1').family()", json!(4)),
        ("ip('::1').family()", json!(6)),
        ("ip('127.0.0.1').isLoopback()", json!(true)),
        ("ip('0.0.0.0').isUnspecified()", json!(true)),
        ("ip('fe80::1').isLinkLocalUnicast()", json!(true)),
        ("ip('ff02::1').isLinkLocalMulticast()", json!(true)),
        ("ip('8.8.8.8').isGlobalUnicast()", json!(true)),
        ("isIP('1.2.3.4') && !isIP('1.2.3')", json!(true)),
        (
            "ip.isCanonical('2001:db8::1') && !ip.isCanonical('2001:DB8::1')",
            json!(true),
        ),
        ("string(ip('2001:0db8::0001'))", json!("2001:db8::1")),
        ("ip('10.0.0.1') == ip('10.0.0.1')", json!(true)),
        ("cidr('10.0.0.0/8').containsIP('10.1.2.3')", json!(true)),
        (
            "cidr('10.0.0.0/8').containsIP(ip('11.0.0.1'))",
            json!(false),
        ),
        (
            "cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16')",
            json!(true),
        ),
        ("cidr('10.0.0.0/8').prefixLength()", json!(8)),
        ("string(cidr('10.1.2.3/8').masked())", json!("10.0.0.0/8")),
        ("string(cidr('10.1.2.3/8').ip())", json!("10.1.2.3")),
        ("isCIDR('10.0.0.0/8') && !isCIDR('10.0.0.0')", json!(true)),
    ]);
    fails(&[
        (
            "ip('::ffff:1.2.3.4')",
            "IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed",
        ),
        (
            "ip('fe80::1%eth0')",
            "IP address \"fe80::1%eth0\" with zone value is not allowed",
        ),
    ]);
    let err = eval("ip('1.2.3')").unwrap_err();
    assert!(
        err.starts_with("IP Address \"1.2.3\" parse error during conversion from string:"),
        "{err}"
    );
    let err = eval("cidr('10.0.0.0')").unwrap_err();
    assert!(
        err.starts_with("network address parse error during conversion from string: network address parse error during conversion from string:"),
        "{err}"
    );
}

#[test]
fn urls() {
    ok(&[
        (
            "url('https://example.com:8080/a%20b?x=1&x=2').getScheme()",
            json!("https"),
        ),
        (
            "url('https://example.com:8080/a').getHost()",
            json!("example.com:8080"),
        ),
        (
            "url('https://example.com:8080/a').getHostname()",
            json!("example.com"),
        ),
        ("url('https://example.com:8080/a').getPort()", json!("8080")),
        ("url('https://[::1]:80/').getHost()", json!("[::1]:80")),
        ("url('https://[::1]:80/').getHostname()", json!("::1")),
        (
            "url('https://example.com/a%20b').getEscapedPath()",
            json!("/a%20b"),
        ),
        (
            "url('https://example.com/?x=1&x=2&y=').getQuery()",
            json!({"x": ["1", "2"], "y": [""]}),
        ),
        ("url('/just/a/path').getHost()", json!("")),
        ("isURL('https://x') && !isURL('x')", json!(true)),
    ]);
    let err = eval("url('x')").unwrap_err();
    assert!(
        err.starts_with("URL parse error during conversion from string:"),
        "{err}"
    );
}

#[test]
fn quantities() {
    ok(&[
        ("quantity('200M') == quantity('0.2G')", json!(true)),
        ("quantity('1Ki') == quantity('1024')", json!(true)),
        ("quantity('1Gi').isGreaterThan(quantity('1G'))", json!(true)),
        ("quantity('1').isLessThan(quantity('2'))", json!(true)),
        ("quantity('1Mi').compareTo(quantity('1M'))", json!(1)),
        ("quantity('1.5').asApproximateFloat()", json!(1.5)),
        ("quantity('1k').asInteger()", json!(1000)),
        ("quantity('1.5').isInteger()", json!(false)),
        (
            "quantity('1k').add(quantity('24')).asInteger()",
            json!(1024),
        ),
        ("quantity('1k').add(24).asInteger()", json!(1024)),
        ("quantity('1k').sub(quantity('1')).asInteger()", json!(999)),
        ("sign(quantity('-1m'))", json!(-1)),
        ("isQuantity('1Gi') && !isQuantity('1GiB')", json!(true)),
    ]);
    fails(&[
        ("quantity('1GiB')", "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"),
        ("quantity('1.5').asInteger()", "cannot convert value to integer"),
    ]);
    let err = eval("quantity('1') < quantity('2')").unwrap_err();
    assert!(
        err.contains("found no matching overload for '_<_'"),
        "{err}"
    );
}

#[test]
fn semvers() {
    ok(&[
        ("semver('1.2.3').major()", json!(1)),
        ("semver('1.2.3').minor()", json!(2)),
        ("semver('1.2.3').patch()", json!(3)),
        ("semver('1.2.3').isLessThan(semver('1.10.0'))", json!(true)),
        (
            "semver('1.0.0-alpha').isLessThan(semver('1.0.0'))",
            json!(true),
        ),
        ("semver('1.0.0+a') == semver('1.0.0+b')", json!(true)),
        ("semver('v1.2', true).compareTo(semver('1.2.0'))", json!(0)),
        ("isSemver('1.2.3') && !isSemver('1.2')", json!(true)),
        ("isSemver('v01.2', true)", json!(true)),
    ]);
    fails(&[(
        "semver('v1-alpha', true)",
        "short version cannot contain PreRelease/Build meta data",
    )]);
    assert!(eval("semver('1.2')").is_err());
}

#[test]
fn formats() {
    ok(&[
        (
            "format.dns1123Label().validate('my-name').hasValue()",
            json!(false),
        ),
        ("format.named('dns1123Label').hasValue()", json!(true)),
        ("format.named('nope').hasValue()", json!(false)),
        (
            "format.uuid().validate('not-a-uuid').value()",
            json!(["does not match the UUID format"]),
        ),
    ]);
    let msgs = eval("format.dns1123Label().validate('My_Name').value()").unwrap();
    assert!(
        msgs[0]
            .as_str()
            .unwrap()
            .contains("a lowercase RFC 1123 label must consist of"),
        "{msgs}"
    );
}
