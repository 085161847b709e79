//! A Language Server Protocol client for `kubeidl lsp` over its stdio, as an editor drives it:
//! Content-Length framed JSON-RPC, requests answered by id, notifications collected.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A running `kubeidl lsp` and what it has sent.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
    /// Notifications received while waiting for something else.
    pub notifications: Vec<Value>,
}

/// A `file://` URI for a path.
pub fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

impl Client {
    /// Starts `binary lsp` and initializes it with `root` as the workspace.
    pub fn start(binary: &str, root: &Path) -> Client {
        Client::start_with(binary, root, Value::Null)
    }

    /// [`Client::start`] with the client's `initializationOptions`.
    pub fn start_with(binary: &str, root: &Path, options: Value) -> Client {
        let mut child = Command::new(binary)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kubeidl lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.unwrap_or(0)];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                if let Ok(v) = serde_json::from_slice(&body) {
                    if send.send(v).is_err() {
                        return;
                    }
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 1,
            notifications: Vec::new(),
        };
        let init = client.request(
            "initialize",
            json!({"processId": null, "rootUri": uri(root), "capabilities": {},
                   "initializationOptions": options,
                   "workspaceFolders": [{"uri": uri(root), "name": "test"}]}),
        );
        assert!(
            init["result"]["capabilities"]["hoverProvider"]
                .as_bool()
                .unwrap_or(false),
            "{init}"
        );
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits (10 s at most) for its response.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(m) if m["id"] == json!(id) => return m,
                Ok(m) => self.notifications.push(m),
                Err(e) => panic!("no response to {method}: {e:?}"),
            }
        }
    }

    /// Waits for the diagnostics of `uri` at `version` (or any version when `None`).
    pub fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Vec<Value> {
        let wanted = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && version.is_none_or(|v| m["params"]["version"] == json!(v))
        };
        if let Some(i) = self.notifications.iter().rposition(wanted) {
            let m = self.notifications.remove(i);
            return m["params"]["diagnostics"]
                .as_array()
                .cloned()
                .unwrap_or_default();
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(m) if wanted(&m) => {
                    return m["params"]["diagnostics"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default()
                }
                Ok(m) => self.notifications.push(m),
                Err(RecvTimeoutError::Timeout) => panic!("no diagnostics for {uri} v{version:?}"),
                Err(e) => panic!("the server stopped: {e:?}"),
            }
        }
    }

    /// The markdown a hover at (line, character) gives ("" for none).
    pub fn hover(&mut self, uri: &str, line: u32, character: u32) -> String {
        let r = self.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        );
        r["result"]["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The labels a completion at (line, character) offers.
    pub fn completions(&mut self, uri: &str, line: u32, character: u32) -> Vec<String> {
        let r = self.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        );
        r["result"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|i| i["label"].as_str().map(str::to_string))
            .collect()
    }

    pub fn open(&mut self, uri: &str, language: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
        );
    }

    /// Replaces a range (lines and UTF-16 characters) with `text`.
    pub fn change(&mut self, uri: &str, version: i64, range: [u32; 4], text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{
                "range": {"start": {"line": range[0], "character": range[1]},
                          "end": {"line": range[2], "character": range[3]}},
                "text": text}]}),
        );
    }

    /// Shuts the server down as an editor does; it must exit cleanly.
    pub fn stop(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert!(r.get("error").is_none(), "{r}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("exit");
        assert!(status.success(), "{status}");
    }
}
