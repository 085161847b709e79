// Starts `kubeidl lsp` for YAML, JSON and Go documents.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("kubeidl").get("path", "kubeidl");
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "kubeidl",
    "kubeidl",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "yaml" },
        { scheme: "file", language: "json" },
        { scheme: "file", language: "go" },
      ],
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
