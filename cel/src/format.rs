//! `<string>.format(list)`: the formatter Kubernetes' strings library (v2) uses, with the verbs
//! `%s %d %f %e %b %x %X %o`, an optional precision (`%.3f`) and `%%`.

use super::error::{EvalError, EvalResult};
use super::value::{format_double, format_duration, format_timestamp, Value};

pub fn format(template: &str, args: &[Value<'_>]) -> EvalResult<String> {
    let mut out = String::with_capacity(template.len());
    let mut chars = template.chars().peekable();
    let mut next_arg = 0;
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            out.push('%');
            continue;
        }
        let mut precision = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut digits = String::new();
            while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
                digits.push(d);
                chars.next();
            }
            precision = Some(
                digits
                    .parse::<usize>()
                    .map_err(|_| clause_error("missing precision"))?,
            );
        }
        let verb = chars
            .next()
            .ok_or_else(|| clause_error("unexpected end of format string"))?;
        let arg = args
            .get(next_arg)
            .ok_or_else(|| EvalError::new(format!("index {next_arg} out of range")))?;
        next_arg += 1;
        out.push_str(&clause(verb, precision, arg)?);
    }
    Ok(out)
}

fn clause_error(detail: &str) -> EvalError {
    EvalError::new(format!("could not parse formatting clause: {detail}"))
}

fn clause(verb: char, precision: Option<usize>, arg: &Value<'_>) -> EvalResult<String> {
    match verb {
        's' => Ok(as_string(arg, false)),
        'd' => match arg {
            Value::Int(i) => Ok(i.to_string()),
            Value::Uint(u) => Ok(u.to_string()),
            _ => Err(type_error("decimal", arg)),
        },
        'f' | 'e' => {
            let f = match arg {
                Value::Double(d) => *d,
                Value::Int(i) => *i as f64,
                Value::Uint(u) => *u as f64,
                _ => {
                    return Err(type_error(
                        if verb == 'f' {
                            "fixed-point"
                        } else {
                            "scientific"
                        },
                        arg,
                    ))
                }
            };
            let p = precision.unwrap_or(6);
            if f.is_nan() {
                return Ok("NaN".to_string());
            }
            if f.is_infinite() {
                return Ok(if f > 0.0 { "Infinity" } else { "-Infinity" }.to_string());
            }
            if verb == 'f' {
                Ok(format!("{f:.p$}"))
            } else {
                let s = format!("{f:.p$e}");
                let (m, e) = s.split_once('e').expect("exponent");
                let e: i32 = e.parse().expect("integer exponent");
                Ok(format!(
                    "{m}e{}{:02}",
                    if e < 0 { '-' } else { '+' },
                    e.abs()
                ))
            }
        }
        'b' => match arg {
            Value::Int(i) => Ok(if *i < 0 {
                format!("-{:b}", i.unsigned_abs())
            } else {
                format!("{i:b}")
            }),
            Value::Uint(u) => Ok(format!("{u:b}")),
            Value::Bool(b) => Ok(if *b { "1" } else { "0" }.to_string()),
            _ => Err(type_error("binary", arg)),
        },
        'o' => match arg {
            Value::Int(i) => Ok(if *i < 0 {
                format!("-{:o}", i.unsigned_abs())
            } else {
                format!("{i:o}")
            }),
            Value::Uint(u) => Ok(format!("{u:o}")),
            _ => Err(type_error("octal", arg)),
        },
        'x' | 'X' => {
            let s = match arg {
                Value::Int(i) => {
                    if *i < 0 {
                        format!("-{:x}", i.unsigned_abs())
                    } else {
                        format!("{i:x}")
                    }
                }
                Value::Uint(u) => format!("{u:x}"),
                Value::String(s) => s.bytes().map(|b| format!("{b:02x}")).collect(),
                Value::Bytes(b) => b.iter().map(|b| format!("{b:02x}")).collect(),
                _ => return Err(type_error("hexadecimal", arg)),
            };
            Ok(if verb == 'X' { s.to_uppercase() } else { s })
        }
        other => Err(clause_error(&format!(
            "unrecognized formatting clause \"{other}\""
        ))),
    }
}

fn type_error(what: &str, arg: &Value<'_>) -> EvalError {
    EvalError::new(format!(
        "error during formatting: {what} clause can only be used on {}, was given {}",
        match what {
            "decimal" => "integers",
            "binary" => "integers and bools",
            "octal" => "integers",
            "hexadecimal" => "integers, byte buffers, and strings",
            _ => "doubles",
        },
        arg.type_name().0
    ))
}

/// `%s`: strings as they are (quoted inside lists and maps), other values in their CEL form.
fn as_string(v: &Value<'_>, nested: bool) -> String {
    match v {
        Value::String(s) if nested => format!("{:?}", &**s),
        Value::String(s) => s.to_string(),
        Value::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
        Value::Double(d) => format_double(*d),
        Value::Null => "null".to_string(),
        Value::Timestamp(t) => format_timestamp(t),
        Value::Duration(d) => format_duration(d),
        Value::List(l) => {
            let items: Vec<String> = l.iter().map(|x| as_string(&x, true)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Map(m) => {
            let mut items: Vec<(String, String)> = m
                .entries()
                .iter()
                .map(|(k, v)| (as_string(k, true), as_string(v, true)))
                .collect();
            items.sort();
            let items: Vec<String> = items
                .into_iter()
                .map(|(k, v)| format!("{k}: {v}"))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        Value::Type(t) => t.0.to_string(),
        other => other.display_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::List;

    #[test]
    fn formats_the_common_verbs() {
        let list = Value::List(List::from_values(vec![Value::Int(1), Value::string("a")]));
        assert_eq!(
            format("%s and %d", &[list, Value::Int(3)]).unwrap(),
            "[1, \"a\"] and 3"
        );
        assert_eq!(format("%.2f%%", &[Value::Double(1.256)]).unwrap(), "1.26%");
        assert_eq!(
            format("%e", &[Value::Double(1234.5)]).unwrap(),
            "1.234500e+03"
        );
        assert_eq!(
            format(
                "%x %X %b %o",
                &[
                    Value::Int(255),
                    Value::string("hi"),
                    Value::Int(5),
                    Value::Int(8)
                ]
            )
            .unwrap(),
            "ff 6869 101 10"
        );
        assert!(format("%d", &[Value::string("x")]).is_err());
    }
}
