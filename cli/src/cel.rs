//! `kubeidl cel`: compile, check, estimate and evaluate one CEL expression on given values.

use super::CelArgs;
use kubeidl::cel::decl::Decl;
use kubeidl::cel::estimate::SizeEstimate;
use kubeidl::cel::{
    CelType, CheckOptions, CompileError, ExtraLibraries, ExtraLibrary, Program, Value,
    PER_CALL_LIMIT,
};
use kubeidl::schema::Schema;
use kubeidl_gen::Error;
use serde_json::{json, Value as Json};
use std::collections::BTreeMap;
use std::process::ExitCode;

pub fn run(args: CelArgs) -> Result<ExitCode, Error> {
    let self_json = args
        .self_value
        .as_deref()
        .map(|v| read_json(v, "--self"))
        .transpose()?;
    let old_json = args
        .old_self
        .as_deref()
        .map(|v| read_json(v, "--old-self"))
        .transpose()?;
    let schema = args.schema.as_deref().map(load_schema).transpose()?;
    let decl = schema
        .as_ref()
        .map(|(node, defs)| Decl::from_schema(node, defs));

    let self_type = match (&decl, &self_json) {
        (Some(d), _) => CelType::of_decl(d),
        (None, Some(j)) => CelType::of_json(j),
        (None, None) => CelType::Dyn,
    };
    let mut vars: Vec<(&str, CelType)> = Vec::new();
    if self_json.is_some() || decl.is_some() {
        vars.push(("self", self_type.clone()));
    }
    if old_json.is_some() {
        vars.push(("oldSelf", self_type));
    }
    let json_output = args.output == "json";
    let libraries = args
        .libraries
        .iter()
        .map(|name| name.parse::<ExtraLibrary>().map_err(Error::new))
        .collect::<Result<ExtraLibraries, Error>>()?;
    let options = CheckOptions {
        libraries,
        ..CheckOptions::default()
    };
    let program = match Program::compile_checked(&args.expr, &vars, options) {
        Ok(p) => p,
        Err(e) => return Ok(report_compile(&e, json_output)),
    };

    let null = Json::Null;
    let value_of = |j: &'_ Option<Json>| -> Option<Json> { j.clone() };
    let self_doc = value_of(&self_json);
    let old_doc = value_of(&old_json);
    let mut values: Vec<Value<'_>> = Vec::new();
    let mut sizes: Vec<Option<SizeEstimate>> = Vec::new();
    for doc in [&self_doc, &old_doc] {
        let Some(doc) = doc.as_ref() else { continue };
        match &decl {
            Some(d) => {
                values.push(Value::from_json_decl(doc, d));
                sizes.push(Some(SizeEstimate::of_decl(d)));
            }
            None => {
                values.push(Value::from_json(doc));
                sizes.push(Some(json_size(doc)));
            }
        }
    }
    if values.is_empty() && decl.is_some() {
        values.push(Value::from_json(&null));
    }
    let estimated = program.estimate_cost(&sizes).max;
    let outcome = program.evaluate(&values, PER_CALL_LIMIT);
    match outcome.result {
        Ok(v) => {
            let checked = program.result_type();
            let type_name = if checked.is_dyn() {
                v.type_name().0.to_string()
            } else {
                checked.to_string()
            };
            if json_output {
                let out = json!({"result": v.to_json(), "type": type_name, "cost": {"estimated": estimated, "actual": outcome.cost}});
                println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
            } else {
                println!("{}", v.to_json());
                println!("type: {type_name}");
                println!("cost: estimated {estimated}, actual {}", outcome.cost);
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            if json_output {
                let out = json!({"error": e.to_string(), "stage": "eval", "cost": {"estimated": estimated, "actual": outcome.cost}});
                println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
            } else {
                eprintln!("evaluation error: {e}");
                eprintln!("cost: estimated {estimated}, actual {}", outcome.cost);
            }
            Ok(ExitCode::from(1))
        }
    }
}

fn report_compile(e: &CompileError, json_output: bool) -> ExitCode {
    if json_output {
        let out = json!({"error": e.to_string(), "stage": e.stage.as_str()});
        println!("{}", serde_json::to_string_pretty(&out).expect("JSON"));
    } else {
        eprintln!("{} error:\n{e}", e.stage.as_str());
    }
    ExitCode::from(1)
}

/// The exact size of a given value (what the estimate assumes without a schema).
fn json_size(j: &Json) -> SizeEstimate {
    match j {
        Json::String(s) => SizeEstimate {
            max: s.chars().count() as u64,
            elem: None,
            object: None,
        },
        Json::Array(items) => SizeEstimate {
            max: items.len() as u64,
            elem: items
                .iter()
                .map(json_size)
                .max_by_key(|s| s.max)
                .map(Box::new),
            object: None,
        },
        Json::Object(m) => SizeEstimate {
            max: m.len() as u64,
            elem: m
                .values()
                .map(json_size)
                .max_by_key(|s| s.max)
                .map(Box::new),
            object: None,
        },
        _ => SizeEstimate {
            max: 1,
            elem: None,
            object: None,
        },
    }
}

fn read_json(arg: &str, flag: &str) -> Result<Json, Error> {
    let (text, origin) = match arg.strip_prefix('@') {
        Some(path) => (
            std::fs::read_to_string(path).map_err(|e| Error::new(format!("{flag} {path}: {e}")))?,
            path.to_string(),
        ),
        None => (arg.to_string(), flag.to_string()),
    };
    serde_json::from_str(&text).map_err(|e| {
        Error::new(format!(
            "{origin}: not JSON: {e} (line {}, column {})",
            e.line(),
            e.column()
        ))
    })
}

/// The schema node at `FILE#/pointer`, and the document's component schemas for `$ref`s.
fn load_schema(arg: &str) -> Result<(Schema, BTreeMap<String, Schema>), Error> {
    let (path, pointer) = arg.split_once('#').unwrap_or((arg, ""));
    let text =
        std::fs::read_to_string(path).map_err(|e| Error::new(format!("--schema {path}: {e}")))?;
    let doc: Json = serde_json::from_str(&text).map_err(|e| {
        Error::new(format!(
            "{path}: not JSON: {e} (line {}, column {})",
            e.line(),
            e.column()
        ))
    })?;
    let node = doc
        .pointer(pointer)
        .ok_or_else(|| Error::new(format!("--schema {arg}: no node at {pointer:?}")))?;
    let schema = Schema::from_json(node).map_err(|e| {
        let below = if e.path == "/" { "" } else { e.path.as_str() };
        Error::new(format!("{path}#{pointer}{below}: {}", e.message))
    })?;
    let mut defs = BTreeMap::new();
    if let Some(components) = doc.pointer("/components/schemas").and_then(Json::as_object) {
        for (name, s) in components {
            let parsed = Schema::from_json(s).map_err(|e| {
                Error::new(format!(
                    "{path}#/components/schemas/{name}{}: {}",
                    e.path, e.message
                ))
            })?;
            defs.insert(name.clone(), parsed);
        }
    }
    Ok((schema, defs))
}
