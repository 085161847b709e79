//! `kubeidl lsp`: a language server on stdio (lsp-server and lsp-types, the crates
//! rust-analyzer uses) giving kubeidl's checks where people type: manifests, CRDs and admission
//! policies (YAML or JSON) get `kubeidl validate`'s diagnostics, hover and completion from
//! their kind's schema; Go API types get the tag and CEL errors of `kubeidl openapi`, hover and
//! completion of tags; quick fixes where kubeidl knows the fix. Documents are synced
//! incrementally; diagnostics are computed on a worker thread, the newest version of each
//! document first, so requests are answered while a slow check runs.

mod actions;
mod cost;
mod go;
mod manifests;
mod text;
mod workspace;
mod yaml_path;

use kubeidl_gen::Error;
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::request::{CodeActionRequest, Completion, HoverRequest, Request as _};
use lsp_types::{
    CodeActionOrCommand, CodeActionProviderCapability, CompletionOptions, Diagnostic,
    HoverProviderCapability, InitializeParams, PublishDiagnosticsParams, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{mpsc, Arc, Mutex, RwLock};
use text::Document;
use workspace::Workspace;

/// Documents larger than this get no diagnostics (a message says why): their check would hold
/// the worker for seconds on each edit.
const LARGEST_DOCUMENT: usize = 8 << 20;

/// What the server holds.
struct State {
    documents: Mutex<HashMap<String, (Uri, Document)>>,
    workspace: RwLock<Workspace>,
}

/// Runs the server on stdin and stdout until the client exits.
pub fn run() -> Result<ExitCode, Error> {
    let (connection, io) = Connection::stdio();
    serve(connection)?;
    io.join().map_err(|e| Error::new(format!("lsp: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

/// The server over any connection (stdio, or in memory in tests).
pub fn serve(connection: Connection) -> Result<(), Error> {
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["+".into(), ":".into()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    };
    let init = connection
        .initialize(serde_json::to_value(capabilities).expect("capabilities are JSON"))
        .map_err(|e| Error::new(format!("lsp: {e}")))?;
    let params: InitializeParams = serde_json::from_value(init).unwrap_or_default();
    let root = root_of(&params);
    // `{"updatesFrom": "HEAD"}`: check edits as updates of the objects at that git revision.
    let updates_from = params
        .initialization_options
        .as_ref()
        .and_then(|o| o.get("updatesFrom"))
        .and_then(|v| v.as_str())
        .map(str::to_string);
    let mut workspace = Workspace::load(root);
    workspace.updates_from = updates_from;
    let state = Arc::new(State {
        documents: Mutex::new(HashMap::new()),
        workspace: RwLock::new(workspace),
    });
    if let Some(problem) = &read(&state.workspace).problem {
        let params = lsp_types::ShowMessageParams {
            typ: lsp_types::MessageType::WARNING,
            message: format!("kubeidl: {problem}"),
        };
        let note = Notification::new(
            lsp_types::notification::ShowMessage::METHOD.to_string(),
            params,
        );
        let _ = connection.sender.send(Message::Notification(note));
    }
    let (dirty, worker) = diagnostics_worker(state.clone(), connection.sender.clone());
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| Error::new(format!("lsp: {e}")))?
                {
                    break;
                }
                let response = respond(&state, request);
                let _ = connection.sender.send(Message::Response(response));
            }
            Message::Notification(n) => notify(&state, n, &dirty),
            Message::Response(_) => {}
        }
    }
    drop(dirty);
    let _ = worker.join();
    Ok(())
}

/// The workspace folder the client opened (its first), or its root.
#[allow(deprecated)]
fn root_of(params: &InitializeParams) -> Option<PathBuf> {
    params
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .map(|f| &f.uri)
        .or(params.root_uri.as_ref())
        .and_then(path_of)
}

/// The file a `file:` URI names.
fn path_of(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let rest = text.strip_prefix("file://")?;
    let decoded = percent_decode(rest);
    Some(PathBuf::from(decoded))
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(a), Some(b)) => {
                out.push((a * 16 + b) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Applies a notification; documents whose diagnostics are stale go to the worker.
fn notify(state: &State, n: Notification, dirty: &mpsc::Sender<String>) {
    match n.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let Ok(p) = serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
            else {
                return;
            };
            let key = p.text_document.uri.as_str().to_string();
            let document = Document {
                text: p.text_document.text,
                version: p.text_document.version,
            };
            lock(&state.documents).insert(key.clone(), (p.text_document.uri, document));
            let _ = dirty.send(key);
        }
        DidChangeTextDocument::METHOD => {
            let Ok(p) = serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
            else {
                return;
            };
            let key = p.text_document.uri.as_str().to_string();
            if let Some((_, document)) = lock(&state.documents).get_mut(&key) {
                document.apply(p.content_changes, p.text_document.version);
            }
            let _ = dirty.send(key);
        }
        DidSaveTextDocument::METHOD => {
            let Ok(p) = serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(n.params)
            else {
                return;
            };
            // A saved CRD or settings file changes what every document is checked with.
            let key = p.text_document.uri.as_str().to_string();
            let reload = lock(&state.documents).get(&key).is_some_and(|(_, d)| {
                d.text.contains("CustomResourceDefinition") || key.ends_with(crate::settings::FILE)
            });
            if reload {
                let (root, updates_from) = {
                    let w = read(&state.workspace);
                    (w.root.clone(), w.updates_from.clone())
                };
                let mut reloaded = Workspace::load(root);
                reloaded.updates_from = updates_from;
                *state.workspace.write().unwrap_or_else(|e| e.into_inner()) = reloaded;
                for key in lock(&state.documents).keys() {
                    let _ = dirty.send(key.clone());
                }
            }
        }
        DidCloseTextDocument::METHOD => {
            let Ok(p) = serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
            else {
                return;
            };
            let key = p.text_document.uri.as_str().to_string();
            lock(&state.documents).remove(&key);
        }
        _ => {}
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn read<T>(l: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(|e| e.into_inner())
}

/// The worker that computes diagnostics: it takes the documents marked dirty, each once however
/// often it was marked meanwhile, and publishes what the newest text gives.
fn diagnostics_worker(
    state: Arc<State>,
    sender: crossbeam_channel::Sender<Message>,
) -> (mpsc::Sender<String>, std::thread::JoinHandle<()>) {
    let (dirty, receive) = mpsc::channel::<String>();
    let worker = std::thread::spawn(move || {
        while let Ok(first) = receive.recv() {
            let mut keys = vec![first];
            keys.extend(receive.try_iter());
            keys.sort();
            keys.dedup();
            for key in keys {
                let Some((uri, document)) = lock(&state.documents).get(&key).cloned() else {
                    continue;
                };
                let diagnostics = diagnose(&read(&state.workspace), &uri, &document.text);
                let params = PublishDiagnosticsParams {
                    uri,
                    diagnostics,
                    version: Some(document.version),
                };
                let note = Notification::new(PublishDiagnostics::METHOD.to_string(), params);
                if sender.send(Message::Notification(note)).is_err() {
                    return;
                }
            }
        }
    });
    (dirty, worker)
}

/// The diagnostics of one document by its kind; a check that panics gives one diagnostic
/// saying so, never a dead server.
fn diagnose(workspace: &Workspace, uri: &Uri, text: &str) -> Vec<Diagnostic> {
    let Some(path) = path_of(uri) else {
        return Vec::new();
    };
    if text.len() > LARGEST_DOCUMENT {
        return vec![Diagnostic {
            message: format!(
                "not checked while being edited: {} bytes is more than {LARGEST_DOCUMENT} (kubeidl validate checks it)",
                text.len()
            ),
            severity: Some(lsp_types::DiagnosticSeverity::INFORMATION),
            source: Some("kubeidl".into()),
            ..Diagnostic::default()
        }];
    }
    let run = || match kind_of(&path) {
        Kind::Go => go::diagnostics(&path, text),
        Kind::Manifest => manifests::diagnostics(workspace, &path, text),
        Kind::Other => Vec::new(),
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| {
        vec![Diagnostic {
            message:
                "kubeidl failed to check this document (a bug: please report it with the document)"
                    .into(),
            severity: Some(lsp_types::DiagnosticSeverity::WARNING),
            source: Some("kubeidl".into()),
            ..Diagnostic::default()
        }]
    })
}

enum Kind {
    Go,
    Manifest,
    Other,
}

fn kind_of(path: &Path) -> Kind {
    match path.extension().and_then(|e| e.to_str()) {
        Some("go") => Kind::Go,
        Some("yaml" | "yml" | "json") => Kind::Manifest,
        _ => Kind::Other,
    }
}

/// Answers a request.
fn respond(state: &State, request: Request) -> Response {
    let id: RequestId = request.id.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => serde_json::from_value::<lsp_types::HoverParams>(request.params)
            .ok()
            .and_then(|p| {
                let at = p.text_document_position_params;
                let (path, text) = document(state, &at.text_document.uri)?;
                match kind_of(&path) {
                    Kind::Go => go::hover(&text, at.position),
                    Kind::Manifest => manifests::hover(&read(&state.workspace), &text, at.position),
                    Kind::Other => None,
                }
            })
            .map(|h| serde_json::to_value(h).expect("JSON"))
            .unwrap_or(serde_json::Value::Null),
        Completion::METHOD => serde_json::from_value::<lsp_types::CompletionParams>(request.params)
            .ok()
            .map(|p| {
                let at = p.text_document_position;
                let Some((path, text)) = document(state, &at.text_document.uri) else {
                    return Vec::new();
                };
                match kind_of(&path) {
                    Kind::Go => go::complete(&text, at.position),
                    Kind::Manifest => {
                        manifests::complete(&read(&state.workspace), &text, at.position)
                    }
                    Kind::Other => Vec::new(),
                }
            })
            .map(|items| serde_json::to_value(items).expect("JSON"))
            .unwrap_or(serde_json::Value::Null),
        CodeActionRequest::METHOD => {
            serde_json::from_value::<lsp_types::CodeActionParams>(request.params)
                .ok()
                .map(|p| {
                    let uri = p.text_document.uri;
                    let Some((_, text)) = document(state, &uri) else {
                        return Vec::new();
                    };
                    let fixes = actions::fixes(
                        &read(&state.workspace),
                        &uri,
                        &text,
                        &p.context.diagnostics,
                    );
                    fixes
                        .into_iter()
                        .map(CodeActionOrCommand::CodeAction)
                        .collect::<Vec<_>>()
                })
                .map(|actions| serde_json::to_value(actions).expect("JSON"))
                .unwrap_or(serde_json::Value::Null)
        }
        _ => {
            return Response::new_err(
                id,
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("kubeidl lsp does not answer {}", request.method),
            )
        }
    };
    Response::new_ok(id, result)
}

/// An open document's file and text.
fn document(state: &State, uri: &Uri) -> Option<(PathBuf, String)> {
    let text = lock(&state.documents).get(uri.as_str())?.1.text.clone();
    Some((path_of(uri)?, text))
}
