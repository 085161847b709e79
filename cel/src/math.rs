//! The CEL specification's `math` and `base64` extensions. Kubernetes does not include them; they
//! are available when compiling with [`CheckOptions::spec_extensions`](super::CheckOptions).

use super::error::{EvalError, EvalResult};
use super::value::{numeric_cmp, Value};
use std::cmp::Ordering;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MathFunc {
    Greatest,
    Least,
    Ceil,
    Floor,
    Round,
    Trunc,
    Abs,
    Sign,
    IsInf,
    IsNaN,
    IsFinite,
    BitAnd,
    BitOr,
    BitXor,
    BitNot,
    BitShiftLeft,
    BitShiftRight,
    Sqrt,
    Base64Encode,
    Base64Decode,
}

impl MathFunc {
    pub fn resolve(name: &str, argc: usize) -> Option<MathFunc> {
        use MathFunc::*;
        Some(match (name, argc) {
            ("math.greatest", n) if n >= 1 => Greatest,
            ("math.least", n) if n >= 1 => Least,
            ("math.ceil", 1) => Ceil,
            ("math.floor", 1) => Floor,
            ("math.round", 1) => Round,
            ("math.trunc", 1) => Trunc,
            ("math.abs", 1) => Abs,
            ("math.sign", 1) => Sign,
            ("math.isInf", 1) => IsInf,
            ("math.isNaN", 1) => IsNaN,
            ("math.isFinite", 1) => IsFinite,
            ("math.bitAnd", 2) => BitAnd,
            ("math.bitOr", 2) => BitOr,
            ("math.bitXor", 2) => BitXor,
            ("math.bitNot", 1) => BitNot,
            ("math.bitShiftLeft", 2) => BitShiftLeft,
            ("math.bitShiftRight", 2) => BitShiftRight,
            ("math.sqrt", 1) => Sqrt,
            ("base64.encode", 1) => Base64Encode,
            ("base64.decode", 1) => Base64Decode,
            _ => return None,
        })
    }

    pub fn call<'a>(self, args: &[Value<'a>]) -> EvalResult<Value<'a>> {
        use MathFunc::*;
        let overload = || Err(EvalError::no_such_overload());
        let double = |f: fn(f64) -> f64| match &args[0] {
            Value::Double(d) => Ok(Value::Double(f(*d))),
            _ => overload(),
        };
        match self {
            Greatest | Least => {
                let items: Vec<Value<'a>> = match args {
                    [Value::List(l)] => l.to_vec(),
                    _ => args.to_vec(),
                };
                let mut best: Option<Value<'a>> = None;
                for item in items {
                    if !item.is_number() {
                        return overload();
                    }
                    best = Some(match best {
                        None => item,
                        Some(b) => {
                            let ord = numeric_cmp(&item, &b).unwrap_or(Ordering::Equal);
                            let better = if self == Greatest {
                                ord == Ordering::Greater
                            } else {
                                ord == Ordering::Less
                            };
                            if better {
                                item
                            } else {
                                b
                            }
                        }
                    });
                }
                best.ok_or_else(|| {
                    EvalError::new(format!(
                        "math.{}() requires at least one argument",
                        if self == Greatest {
                            "greatest"
                        } else {
                            "least"
                        }
                    ))
                })
            }
            Ceil => double(f64::ceil),
            Floor => double(f64::floor),
            Round => double(f64::round),
            Trunc => double(f64::trunc),
            Abs => match &args[0] {
                Value::Int(i) => i
                    .checked_abs()
                    .map(Value::Int)
                    .ok_or_else(EvalError::int_overflow),
                Value::Uint(u) => Ok(Value::Uint(*u)),
                Value::Double(d) => Ok(Value::Double(d.abs())),
                _ => overload(),
            },
            Sign => match &args[0] {
                Value::Int(i) => Ok(Value::Int(i.signum())),
                Value::Uint(u) => Ok(Value::Uint(u64::from(*u > 0))),
                Value::Double(d) if d.is_nan() || *d == 0.0 => Ok(Value::Double(*d)),
                Value::Double(d) => Ok(Value::Double(d.signum())),
                _ => overload(),
            },
            IsInf | IsNaN | IsFinite => match &args[0] {
                Value::Double(d) => Ok(Value::Bool(match self {
                    IsInf => d.is_infinite(),
                    IsNaN => d.is_nan(),
                    _ => d.is_finite(),
                })),
                _ => overload(),
            },
            BitAnd | BitOr | BitXor => match (&args[0], &args[1]) {
                (Value::Int(a), Value::Int(b)) => Ok(Value::Int(match self {
                    BitAnd => a & b,
                    BitOr => a | b,
                    _ => a ^ b,
                })),
                (Value::Uint(a), Value::Uint(b)) => Ok(Value::Uint(match self {
                    BitAnd => a & b,
                    BitOr => a | b,
                    _ => a ^ b,
                })),
                _ => overload(),
            },
            BitNot => match &args[0] {
                Value::Int(a) => Ok(Value::Int(!a)),
                Value::Uint(a) => Ok(Value::Uint(!a)),
                _ => overload(),
            },
            BitShiftLeft | BitShiftRight => {
                let Value::Int(n) = &args[1] else {
                    return overload();
                };
                if *n < 0 {
                    return Err(EvalError::new(format!(
                        "math.bit{}({n}) negative offset",
                        if self == BitShiftLeft {
                            "ShiftLeft"
                        } else {
                            "ShiftRight"
                        }
                    )));
                }
                let shift = |x: u64| -> u64 {
                    if *n >= 64 {
                        0
                    } else if self == BitShiftLeft {
                        x << n
                    } else {
                        x >> n
                    }
                };
                match &args[0] {
                    Value::Int(a) => Ok(Value::Int(shift(*a as u64) as i64)),
                    Value::Uint(a) => Ok(Value::Uint(shift(*a))),
                    _ => overload(),
                }
            }
            Sqrt => match &args[0] {
                Value::Double(d) => Ok(Value::Double(d.sqrt())),
                Value::Int(i) => Ok(Value::Double((*i as f64).sqrt())),
                Value::Uint(u) => Ok(Value::Double((*u as f64).sqrt())),
                _ => overload(),
            },
            Base64Encode => {
                use base64::Engine as _;
                match &args[0] {
                    Value::Bytes(b) => Ok(Value::string(
                        base64::engine::general_purpose::STANDARD.encode(b),
                    )),
                    _ => overload(),
                }
            }
            Base64Decode => {
                use base64::Engine as _;
                let Value::String(s) = &args[0] else {
                    return overload();
                };
                let engine = if s.len() % 4 == 0 {
                    &base64::engine::general_purpose::STANDARD
                } else {
                    &base64::engine::general_purpose::STANDARD_NO_PAD
                };
                engine
                    .decode(s.as_bytes())
                    .map(|b| Value::Bytes(Arc::from(b)))
                    .map_err(|e| EvalError::new(format!("base64 decode error: {e}")))
            }
        }
    }
}
