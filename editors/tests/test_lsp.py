"""`kubeidl lsp` driven by a real client, pytest-lsp (pygls), over the binary's stdio, on the
workspace testdata/lsp: diagnostics equal to `kubeidl validate`'s, hover, completion and a
quick fix. Run by .ci/run after `cargo test`:

    KUBEIDL=target/debug/kubeidl python3 -m pytest editors/tests
"""

import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

REPO = pathlib.Path(__file__).resolve().parents[2]
KUBEIDL = os.environ.get("KUBEIDL", str(REPO / "target" / "debug" / "kubeidl"))
WORKSPACE = REPO / "testdata" / "lsp"


def uri(name):
    return (WORKSPACE / name).as_uri()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUBEIDL, "lsp"]))
async def client(lsp_client: LanguageClient):
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        root_uri=WORKSPACE.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=WORKSPACE.as_uri(), name="lsp")],
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def open_and_wait(client, name, language="yaml"):
    text = (WORKSPACE / name).read_text()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri(name), language_id=language, version=1, text=text
            )
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri(name)]


def cli_messages(name):
    """`kubeidl validate`'s lines for a file, as LINE:COL: TEXT."""
    path = WORKSPACE / name
    out = subprocess.run(
        [KUBEIDL, "validate", "--crds", str(WORKSPACE / "crd.yaml"), str(path)],
        capture_output=True,
        text=True,
    ).stdout
    prefix = f"{path}:"
    return sorted(line[len(prefix):] for line in out.splitlines() if line.startswith(prefix))


def lsp_messages(diagnostics):
    return sorted(
        f"{d.range.start.line + 1}:{d.range.start.character + 1}: {d.message}" for d in diagnostics
    )


@pytest.mark.asyncio
async def test_manifest_diagnostics_are_the_clis(client: LanguageClient):
    diagnostics = await open_and_wait(client, "deployment.yaml")
    assert lsp_messages(diagnostics) == cli_messages("deployment.yaml")
    assert any("unknown field" in d.message for d in diagnostics)


@pytest.mark.asyncio
async def test_custom_resources_use_the_workspace_crds(client: LanguageClient):
    diagnostics = await open_and_wait(client, "limit.yaml")
    assert lsp_messages(diagnostics) == cli_messages("limit.yaml")
    assert len(diagnostics) == 1


@pytest.mark.asyncio
async def test_hover_and_completion_come_from_the_schema(client: LanguageClient):
    await open_and_wait(client, "deployment.yaml")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri("deployment.yaml")),
            position=types.Position(line=7, character=4),
        )
    )
    assert "**spec.replicas**" in hover.contents.value
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri("deployment.yaml")),
            position=types.Position(line=17, character=25),
        )
    )
    items = completion if isinstance(completion, list) else completion.items
    assert sorted(i.label for i in items) == ["Always", "IfNotPresent", "Never"]


@pytest.mark.asyncio
async def test_an_unknown_field_has_a_quick_fix(client: LanguageClient):
    diagnostics = await open_and_wait(client, "deployment.yaml")
    unknown = [d for d in diagnostics if d.message.endswith("unknown field")]
    assert len(unknown) == 1
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri("deployment.yaml")),
            range=unknown[0].range,
            context=types.CodeActionContext(diagnostics=unknown),
        )
    )
    assert [a.title for a in actions] == ["Change to labels"]
