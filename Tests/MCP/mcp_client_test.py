#!/usr/bin/env python3
"""pickerctl mcp, end to end, with the official MCP Python SDK as the client.

It starts `pickerctl mcp --socket S` over stdio (mcp.client.stdio), initializes,
lists the tools (each kind's options as pickerd's `plugins` describes them;
`choose` is a list and `pick` columns or a tree, as in pickerctl) and calls
each one; then lists them again with no pickerd behind the server. The person's answers come from a thread
that runs the real `pickerctl` against the real pickerd: it polls
`pickerctl list --json` until the window appears, then `pickerctl submit` or
`pickerctl cancel`.

    python3 Tests/MCP/mcp_client_test.py --bin .build/debug [--socket PATH]

It also plays the attacks on the person's secrets (issue 27): another program
presents secure windows (on its own connection, as a script or the password
agent would), the person answers them, and the agent's `await` on their ids must
be refused with no secret in the reply, before and after the answer, a form's
secure field too; consecutive ids must share no token; an agent's level stays
at statusBar unless `--max-level` says otherwise.

Without --socket it starts its own pickerd on a temporary socket. It prints one
line a check and ends with "N passed, M failed"; the exit status is 0 only when
every check passed. Needs `pip install mcp` (1.x or 2.x).
"""

import argparse
import asyncio
import json
import os
import queue
import re
import socket
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime

try:
    import jsonschema
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
except ImportError:
    print("python's mcp (or jsonschema) package is missing: pip install mcp", file=sys.stderr)
    sys.exit(2)

POLL_SECONDS = 30  # how long a window may take to appear (sanitizer builds are slow)


def eventually(condition, timeout=POLL_SECONDS):
    """Polls `condition` every 50 ms until it returns something true, which it returns; None after `timeout` seconds."""
    ends = time.monotonic() + timeout
    while time.monotonic() < ends:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    return None


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok   {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {name}: {detail}", flush=True)


class Person:
    """Answers windows as a person would, through pickerctl."""

    def __init__(self, pickerctl, socket):
        self.pickerctl = pickerctl
        self.socket = socket
        self.problems = []

    def run(self, *arguments):
        done = subprocess.run([self.pickerctl, "--socket", self.socket, *arguments], capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"pickerctl {' '.join(arguments)} exited {done.returncode}: {done.stderr.strip()}")
        return done.stdout

    def windows(self):
        return json.loads(self.run("list", "--json"))["windows"]

    def window(self, title, other_than=None):
        """The id of the open window with this title (other than `other_than`), once it is there."""
        found = eventually(lambda: next((window["window"] for window in self.windows()
                                         if window["title"] == title and window["window"] != other_than), None))
        if found:
            return found
        raise RuntimeError(f"no window titled {title!r} appeared within {POLL_SECONDS} s")

    def get(self, window):
        return json.loads(self.run("get", window, "--json"))

    def submit(self, title, value, other_than=None):
        window = self.window(title, other_than)
        self.run("submit", "--window", window, "--json", json.dumps(value))
        return window

    def cancel(self, title):
        self.run("cancel", self.window(title))

    def meanwhile(self, action, *arguments):
        """Runs `action` on a thread: the person answers while the tool call waits."""

        def act():
            try:
                action(*arguments)
            except Exception as error:  # reported as a failed check by the caller
                self.problems.append(f"{action.__name__}: {error}")

        thread = threading.Thread(target=act, daemon=True)
        thread.start()
        return thread


class Script:
    """Another program of the person's (a script, `pickerctl present --secure`, the
    password agent): it presents windows on its own connection to pickerd."""

    def __init__(self, path):
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.connect(path)
        self.replies = self.connection.makefile("rb")
        self.next_id = 1

    def present(self, params):
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": "present", "params": params}
        self.connection.sendall((json.dumps(request) + "\n").encode())
        reply = json.loads(self.replies.readline())
        return reply["result"]["window"]

    def close(self):
        self.replies.close()
        self.connection.close()


class Terminal:
    """`pickerctl ui` in a detached tmux session on a server of its own: the person at a terminal."""

    def __init__(self, pickerctl, socket):
        self.server = f"pickermcp-test-{os.getpid()}"
        command = f"{shlex.quote(pickerctl)} --socket {shlex.quote(socket)} ui"
        self.tmux("new-session", "-d", "-s", "main", "-x", "100", "-y", "40", command)
        self.pane = int(self.tmux("display-message", "-p", "-t", "main", "#{pane_pid}").strip())

    def tmux(self, *arguments):
        tmux = shutil.which("tmux")
        if not tmux:
            raise RuntimeError("tmux is not installed (Scripts/install-dependencies installs it)")
        return subprocess.run([tmux, "-L", self.server, "-f", "/dev/null", *arguments], capture_output=True, text=True, check=True, timeout=30).stdout

    def wait_for(self, text):
        if eventually(lambda: text in self.tmux("capture-pane", "-p", "-t", "main")):
            return
        raise RuntimeError(f"{text!r} did not appear in pickerctl ui within {POLL_SECONDS} s")

    def type(self, text):
        self.tmux("send-keys", "-t", "main", "-l", "--", text)

    def press(self, *keys):
        self.tmux("send-keys", "-t", "main", *keys)

    def close(self):
        subprocess.run([shutil.which("tmux") or "tmux", "-L", self.server, "kill-server"], capture_output=True, timeout=30)
        # pickerctl ui once outlived kill-server (and kept its tmux server): end it, it is ours.
        def gone():
            try:
                os.kill(self.pane, 0)
            except ProcessLookupError:
                return True
            return False
        if eventually(gone, timeout=5):
            return
        try:
            os.kill(self.pane, signal.SIGKILL)
        except ProcessLookupError:
            pass


def result_of(reply):
    """The CallToolResult as its JSON: isError, structuredContent, content (SDK 1.x and 2.x alike)."""
    return reply.model_dump(by_alias=True, exclude_none=True)


def text_of(result):
    return " ".join(block.get("text", "") for block in result.get("content", []))


async def exercise(session, person, checks):
    initialized = (await session.initialize()).model_dump(by_alias=True)
    checks.check("initialize names the server", initialized["serverInfo"]["name"] == "pickerd", initialized)

    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    checks.check("tools/list lists the ten tools", set(tools) == TOOLS, sorted(tools))
    output_schemas = {}
    for name, tool in tools.items():
        schema = tool.model_dump(by_alias=True)["inputSchema"]
        checks.check(f"{name} has an input schema", schema.get("type") == "object" and "properties" in schema, schema)
        output = tool.model_dump(by_alias=True).get("outputSchema") or {}
        try:
            jsonschema.Draft202012Validator.check_schema(output)
            valid = output.get("type") == "object"
        except jsonschema.SchemaError as error:
            valid = False
            output = error
        checks.check(f"{name} declares an output schema of an object", valid, output)
        output_schemas[name] = output
    # Every result below, answer or error, is checked against its tool's output schema.
    unconforming = []
    validated = set()

    # Each asking tool takes its kind's options, each as pickerd's `plugins` describes it
    # (the server reads them from pickerd; it does not link the daemon's plugins).
    plugins = {plugin["kind"]: plugin for plugin in json.loads(person.run("plugins", "--json")) if "base" not in plugin}
    for name, kind in KINDS.items():
        properties = (tools[name].model_dump(by_alias=True)["inputSchema"] if name in tools else {}).get("properties", {})
        # No secret through a tool; a list's values are ask_form's (choose answers the chosen strings).
        withheld = {("text", "secure"), ("list", "values")}
        options = {key: value for key, value in plugins[kind]["options"]["properties"].items() if (kind, key) not in withheld}
        carried = {key: properties.get(key) for key in options}
        checks.check(f"{name}'s schema carries each option of pickerd's {kind} kind as pickerd describes it", options and carried == options, (carried, options))
    checks.check("ask_text's schema has no secure option", "secure" not in tools["ask_text"].model_dump(by_alias=True)["inputSchema"]["properties"])

    async def call(name, arguments, answer=None, *answer_arguments, progress=None):
        thread = person.meanwhile(answer, *answer_arguments) if answer else None
        result = result_of(await session.call_tool(name, arguments, progress_callback=progress))
        if thread:
            thread.join(POLL_SECONDS)
        if name in output_schemas:
            try:
                jsonschema.validate(result.get("structuredContent"), output_schemas[name])
                validated.add(name)
            except jsonschema.ValidationError as error:
                unconforming.append((name, result, error.message))
        return result

    def answered(name, result, value):
        structured = result.get("structuredContent") or {}
        ok = not result.get("isError") and structured.get("value") == value and str(structured.get("window", "")).startswith("w")
        checks.check(name, ok, result)
        checks.check(f"{name}: the text is the structured JSON", ok and json.loads(text_of(result)) == structured, text_of(result))
        checks.check(f"{name}: answered_by is the person's uid and user", structured.get("answered_by") == ANSWERED_BY, structured)

    await progress_while_waiting(call, person, checks)
    await approvals(call, person, checks)

    # ask_text
    result = await call("ask_text", {"title": "Name?", "placeholder": "Ada"}, person.submit, "Name?", "Ada Lovelace")
    answered("ask_text gives the text typed", result, "Ada Lovelace")

    # ask_date
    result = await call("ask_date", {"title": "Deploy day", "mode": "date", "level": "alert"}, person.submit, "Deploy day", "2026-12-24")
    answered("ask_date gives the date picked", result, "2026-12-24")

    # ask_number: the value on the scale's grid, as pickerd normalized it
    result = await call("ask_number", {"title": "Replicas", "min": 0, "max": 1, "step": 0.1}, person.submit, "Replicas", "0.30000000000000004")
    answered("ask_number gives the number on its step", result, 0.3)

    # choose: a list, as pickerctl choose asks; several with multiple
    shown = {}

    def answer_seeing_kind(title, value):
        window = person.window(title)
        shown[title] = person.get(window)
        person.run("submit", "--window", window, "--json", json.dumps(value))

    result = await call("choose", {"title": "Branch", "choices": ["main", "dev", "release"]}, answer_seeing_kind, "Branch", ["dev"])
    answered("choose gives the choice picked", result, ["dev"])
    checks.check("choose presents a list window, as pickerctl choose does", shown.get("Branch", {}).get("kind") == "list", shown.get("Branch"))
    result = await call(
        "choose", {"title": "Services", "choices": ["api", "web", "worker"], "multiple": True, "min": 1}, person.submit, "Services", ["worker", "api"])
    answered("choose with multiple gives the choices picked in list order", result, ["api", "worker"])

    # pick: columns, then a dependent tree (its keys keep the agent's order)
    columns = [["prod", "staging"], ["us", "eu"]]
    result = await call("pick", {"title": "Target", "columns": columns}, answer_seeing_kind, "Target", ["staging", "eu"])
    answered("pick with columns gives a row of each", result, ["staging", "eu"])
    checks.check("pick presents a custom window, as pickerctl custom does", shown.get("Target", {}).get("kind") == "custom", shown.get("Target"))

    tree = {"Zhejiang": ["Hangzhou", "Ningbo"], "Jiangsu": ["Nanjing", "Suzhou"], "Anhui": ["Hefei"]}
    result = await call("pick", {"title": "City", "tree": tree, "labels": ["Province", "City"]}, answer_seeing_kind, "City", ["Jiangsu", "Suzhou"])
    answered("pick with a tree gives a path through it", result, ["Jiangsu", "Suzhou"])
    checks.check("pick keeps the tree's order", list(shown.get("City", {}).get("options", {}).get("tree", {})) == ["Zhejiang", "Jiangsu", "Anhui"], shown.get("City"))

    # confirm: the label and role of the action chosen; the cancel-role action is an answer too
    actions = [{"label": "Deploy", "role": "destructive"}, {"label": "Wait", "role": "cancel"}]
    result = await call("confirm", {"title": "Ship it?", "actions": actions}, person.submit, "Ship it?", "Deploy")
    answered("confirm gives the label and role chosen", result, {"label": "Deploy", "role": "destructive", "index": 0})
    result = await call("confirm", {"title": "Ship now?", "actions": actions}, person.submit, "Ship now?", "Wait")
    answered("confirm's cancel action is an answer with role cancel", result, {"label": "Wait", "role": "cancel", "index": 1})

    # ask_form: every property type, answered by a script with the natural
    # JSON and read back in its JSON type; a number pickerd types as text and
    # out of bounds is asked again in a new window that starts at the answers
    schema = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Name", "minLength": 1},
            "email": {"type": "string", "format": "email"},
            "site": {"type": "string", "format": "uri"},
            "born": {"type": "string", "format": "date"},
            "meeting": {"type": "string", "format": "date-time"},
            "guests": {"type": "integer", "minimum": 0, "maximum": 5},
            "budget": {"type": "integer", "minimum": 0, "maximum": 100000},
            "ratio": {"type": "number", "minimum": 0, "maximum": 1},
            "vegan": {"type": "boolean"},
            "size": {"type": "string", "enum": ["s", "m", "l"], "enumNames": ["Small", "Medium", "Large"]},
            "team": {"type": "string", "oneOf": [{"const": "red", "title": "Red team"}, {"const": "blue", "title": "Blue team"}]},
            "days": {"type": "array", "items": {"enum": ["mon", "tue", "wed"]}},
            "note": {"type": "string", "description": "optional"},
        },
        "required": ["name", "guests", "vegan"],
    }
    answer = {
        "name": "Ada", "email": "ada@example.org", "site": "https://example.org/ada", "born": "1815-12-10",
        "meeting": "2026-11-21T14:30:00+01:00", "guests": 3, "budget": 1200, "ratio": 2, "vegan": True,
        "size": "l", "team": "blue", "days": ["mon", "wed"],
    }
    asked_again = {}

    def answer_form():
        first = person.submit("Trip", answer)
        second = person.window("Trip", other_than=first)
        details = person.get(second)
        asked_again["message"] = details.get("message", "")
        asked_again["value"] = details.get("value", {})
        person.run("submit", "--window", second, "--json", json.dumps(dict(answer, ratio=0.25)))

    result = await call("ask_form", {"title": "Trip", "message": "Your trip", "schema": schema}, answer_form)
    expected_form = {
        "name": "Ada", "email": "ada@example.org", "site": "https://example.org/ada", "born": "1815-12-10",
        "meeting": "2026-11-21T14:30:00+01:00", "guests": 3, "budget": 1200, "ratio": 0.25, "vegan": True,
        "size": "l", "team": "blue", "days": ["mon", "wed"],
    }
    value = (result.get("structuredContent") or {}).get("value") or {}
    # pickerd gives a date-time in the picker's time zone (the daemon's): the same instant.
    meeting = value.get("meeting", "")
    same_instant = datetime.fromisoformat(meeting) == datetime.fromisoformat(expected_form["meeting"]) if meeting else False
    checks.check("ask_form's date-time is the instant picked", same_instant, meeting)
    if same_instant:
        result["structuredContent"]["value"]["meeting"] = expected_form["meeting"]
        result["content"] = [{"type": "text", "text": json.dumps(result["structuredContent"])}]
    answered("ask_form gives every property in its JSON type", result, expected_form)
    checks.check(
        "ask_form's numbers and booleans are JSON numbers and booleans",
        type(value.get("guests")) is int and type(value.get("budget")) is int and type(value.get("ratio")) is float and value.get("vegan") is True,
        value)
    checks.check(
        "a number out of bounds is asked again, saying why, starting at the answers",
        "Please change: “ratio” must be at most 1" in asked_again.get("message", "") and asked_again.get("value", {}).get("name") == "Ada",
        asked_again)

    # ask_form's optional fields: what the person did not set is absent, never
    # a first choice, a first row or a Yes read off an untouched control
    optional_schema = {
        "type": "object",
        "properties": {
            "email": {"type": "string", "format": "email"},
            "n": {"type": "integer", "minimum": 1, "maximum": 10},
            "ok": {"type": "boolean"},
            "env": {"type": "string", "enum": ["prod", "dev"]},
            "region": {"type": "string", "enum": ["us", "eu"], "default": "eu"},
        },
        "required": ["email"],
    }
    started_with = {}

    def answer_with_what_is_shown():
        # A front-end submits what it shows: the window's value, and the email typed.
        window = person.window("Optional fields")
        started_with["value"] = person.get(window).get("value")
        person.run("submit", "--window", window, "--json", json.dumps(dict(started_with["value"] or {}, email="a@b.c")))

    result = await call("ask_form", {"title": "Optional fields", "schema": optional_schema, "timeout_s": 120}, answer_with_what_is_shown)
    checks.check(
        "a form starts with only the default it was given: no optional field is set for the person",
        started_with.get("value") == {"region": "eu"}, started_with)
    answered("ask_form answered through pickerctl submit gives what was given", result, {"email": "a@b.c", "region": "eu"})

    terminal = Terminal(person.pickerctl, person.socket)

    def answer_in_the_terminal():
        # Type the email, set the boolean to No, leave n and env alone, clear the default, Enter.
        terminal.wait_for("Optional in ui")
        terminal.wait_for("Enter submit")
        terminal.type("a@b.c")
        terminal.press("Tab", "Tab", "Down", "Tab", "Tab", "DC")
        terminal.wait_for("region (optional) · not set")
        terminal.press("Enter")

    try:
        result = await call("ask_form", {"title": "Optional in ui", "schema": optional_schema, "timeout_s": 120}, answer_in_the_terminal)
    finally:
        terminal.close()
    answered("ask_form answered in pickerctl ui gives only the fields the person set", result, {"email": "a@b.c", "ok": False})

    result = await call("ask_form", {"title": "Only the email", "schema": optional_schema, "timeout_s": 120}, person.submit, "Only the email", {"email": "a@b.c"})
    answered("ask_form leaves out every optional field not answered", result, {"email": "a@b.c"})

    await natural_form_answers(call, answered, person, checks)

    # present, then await: its own timeout leaves the window open; then the answer
    result = await call("present", {"tool": "ask_text", "arguments": {"title": "Later?"}})
    window = (result.get("structuredContent") or {}).get("window", "")
    checks.check("present returns the window at once", not result.get("isError") and window.startswith("w"), result)
    result = await call("await", {"window": window, "timeout_s": 1})
    checks.check(
        "await's own timeout is an error saying to call again",
        result.get("isError") and "still waiting" in text_of(result) and "call await again" in text_of(result), result)
    checks.check("await's own timeout leaves the window open", any(w["window"] == window for w in person.windows()))
    result = await call("await", {"window": window}, person.submit, "Later?", "now")
    answered("await gives the answer of the window present showed", result, "now")

    await secrets_and_reach(session, person, checks, call)
    checks.check("every result so far conforms to its tool's output schema", not unconforming, unconforming)

    # a cancel and a timeout are errors with a sentence, not a hang
    result = await call("ask_text", {"title": "Deploy?"}, person.cancel, "Deploy?")
    checks.check("a cancel is an error with a sentence", result.get("isError") and text_of(result) == "the person cancelled “Deploy?”", result)
    checks.check("a cancel says how the window ended", (result.get("structuredContent") or {}).get("reason") == "cancelled", result)
    started = time.monotonic()
    result = await call("ask_text", {"title": "Anyone?", "timeout_s": 1})
    checks.check(
        "a timeout is an error with a sentence",
        result.get("isError") and text_of(result) == "nobody answered “Anyone?” within 1 s" and time.monotonic() - started < 20, result)

    # a mistake in the arguments is an error the agent can read
    result = await call("ask_form", {"schema": {"properties": {"x": {"type": "object"}}}})
    checks.check("arguments outside the form subset are an error with a sentence", result.get("isError") and "has type object" in text_of(result), result)

    checks.check("every result conforms to its tool's output schema, errors too", not unconforming, unconforming)
    checks.check("results of every tool were checked against its output schema", validated == TOOLS, sorted(TOOLS - validated))

    # a question left open when the host goes away
    result = await call("present", {"tool": "confirm", "arguments": {"title": "Left open"}})
    return (result.get("structuredContent") or {}).get("window", "")


async def main_async(arguments, checks):
    pickerctl = os.path.join(arguments.bin, "pickerctl")
    person = Person(pickerctl, arguments.socket)
    server = StdioServerParameters(command=pickerctl, args=["mcp", "--socket", arguments.socket], env=dict(os.environ))
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            left_open = await asyncio.wait_for(exercise(session, person, checks), timeout=300)
    for problem in person.problems:
        checks.check("the person could answer", False, problem)
    # The server is gone: its windows end as pickerd ends a dead asker's (windows.reattach_ms).
    eventually(lambda: not any(w["window"] == left_open for w in person.windows()))
    history = json.loads(person.run("history", "--json"))
    reasons = [outcome["reason"] for outcome in history.get("outcomes", []) if outcome["window"] == left_open]
    checks.check("a window the server left open ends after it, as owner_gone", reasons == ["owner_gone"], history)


ID = re.compile(r"^w(\d+)-([0-9a-z]+)$")
async def natural_form_answers(call, answered, person, checks):
    """`pickerctl submit W VALUE` with the natural JSON ends ask_form's call
    with exactly it; a wrong type is refused in one sentence naming the field
    and what it takes; a list's old shape (the choice) still works, a wheel's
    (["3"]) is refused."""
    schema = {
        "type": "object",
        "properties": {
            "ok": {"type": "boolean"},
            "n": {"type": "integer", "minimum": 1, "maximum": 10},
            "env": {"type": "string", "enum": ["prod", "dev"], "enumNames": ["Production", "Development"]},
            "tags": {"type": "array", "items": {"enum": ["a", "b", "c"]}},
            "ratio": {"type": "number"},
        },
        "required": ["ok", "n"],
    }
    wrong = {
        "ok": ({"ok": "yes", "n": 3}, "field 'ok': \"yes\" is none of the values true, false"),
        "n": ({"ok": True, "n": "three"}, "field 'n': 'three' is not a number"),
        "n as a wheel's": ({"ok": True, "n": ["3"]}, "field 'n': a number value must be a number, not an array"),
        "env": ({"ok": True, "n": 3, "env": "Prod"}, "field 'env': \"Prod\" is none of the values \"prod\", \"dev\""),
        "ratio": ({"ok": True, "n": 3, "ratio": True}, "field 'ratio': a text value must be a string, not a boolean"),
    }
    refusals = {}
    natural = {"ok": True, "n": 3, "env": "dev", "tags": ["a", "c"], "ratio": 2.5}

    def answer_with_the_natural_json():
        window = person.window("Natural")
        for name, (value, _) in wrong.items():
            done = subprocess.run(
                [person.pickerctl, "--socket", person.socket, "submit", "--window", window, json.dumps(value)],
                capture_output=True, text=True, timeout=60)
            refusals[name] = (done.returncode, done.stderr.strip())
        person.run("submit", "--window", window, json.dumps(natural))

    result = await call("ask_form", {"title": "Natural", "schema": schema, "timeout_s": 120}, answer_with_the_natural_json)
    answered("ask_form answered by pickerctl submit with the natural JSON gives exactly it", result, natural)
    for name, (_, sentence) in wrong.items():
        status, error = refusals.get(name, (0, ""))
        checks.check(
            f"a wrong {name} is refused in one sentence naming the field and what it takes",
            status != 0 and sentence in error and error.count("\n") == 0, (status, error))

    old = {"ok": ["No"], "n": 4, "env": ["Production"], "tags": ["b"]}
    result = await call("ask_form", {"title": "Old shapes", "schema": schema, "timeout_s": 120}, person.submit, "Old shapes", old)
    answered("a list's old shape, the choice shown, still answers", result, {"ok": False, "n": 4, "env": "prod", "tags": ["b"]})


TOOLS = {"ask_text", "ask_date", "ask_number", "choose", "pick", "confirm", "ask_form", "approve", "present", "await"}
# Who answers: this test's own uid, through pickerctl.
ANSWERED_BY = {"uid": os.getuid(), "user": __import__("pwd").getpwuid(os.getuid()).pw_name}
# The kind each tool asks with: the same verbs as pickerctl's (choose is a list in both).
KINDS = {"ask_text": "text", "ask_date": "date", "ask_number": "number", "choose": "list", "pick": "custom", "confirm": "actions"}
COMMON = ["title", "message", "level", "timeout_s"]


async def no_daemon_async(arguments, checks):
    """While no pickerd answers, tools/list still lists every tool, each of its
    kind's options by name (the host may start the server first); a call says why it fails."""
    missing = os.path.join(os.path.dirname(arguments.socket), "no-pickerd-here", "pickerd.sock")
    pickerctl = os.path.join(arguments.bin, "pickerctl")
    server = StdioServerParameters(command=pickerctl, args=["mcp", "--socket", missing], env=dict(os.environ))
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = {tool.name: tool.model_dump(by_alias=True)["inputSchema"] for tool in (await session.list_tools()).tools}
            checks.check("without pickerd, tools/list still lists the ten tools", set(tools) == TOOLS, sorted(tools))
            choose = list(tools.get("choose", {}).get("properties", {}))
            checks.check("...each with its kind's options by name", choose == COMMON + ["choices", "multiple", "min", "max", "initial", "header", "height"], choose)
            pick = list(tools.get("pick", {}).get("properties", {}))
            checks.check("...pick's too", pick == COMMON + ["columns", "tree", "labels", "initial"], pick)
            result = result_of(await session.call_tool("choose", {"choices": ["a", "b"]}))
            checks.check("without pickerd, a call is an error saying so", result.get("isError") is True and "pickerd" in text_of(result), result)


async def progress_while_waiting(call, person, checks):
    """A call that carried a progressToken hears from the server while the person
    takes their time, every 10 s (the server's default, in real time here)."""
    heard = []

    async def progress(value, total, message):
        heard.append((value, total, message, time.monotonic()))

    def answer_after_two():
        window = person.window("Slow person")
        if not eventually(lambda: len(heard) >= 2, timeout=60):
            raise RuntimeError(f"only {len(heard)} progress notifications in 60 s")
        person.run("submit", "--window", window, "--json", json.dumps("done"))

    started = time.monotonic()
    result = await call("ask_text", {"title": "Slow person"}, answer_after_two, progress=progress)
    checks.check("a waiting call with a progressToken gets at least 2 progress notifications", len(heard) >= 2 and not result.get("isError"), (heard, result))
    checks.check(
        "...saying how long it has waited, the progress increasing",
        all(message and message.startswith("waiting for an answer: ") for _, _, message, _ in heard)
        and [value for value, *_ in heard] == sorted({value for value, *_ in heard}),
        heard)
    gaps = [later[3] - earlier[3] for earlier, later in zip([(0, 0, "", started)] + heard, heard)]
    checks.check("...at most 10 s apart (and 20 s after the first only at 2 of them)", heard and max(gaps) < 12 and time.monotonic() - started >= 19, gaps)


async def approvals(call, person, checks):
    """approve: the person approves, or rejects with a reason; the details are shown in full."""
    details = "--- a/deploy.sh\n+++ b/deploy.sh\n@@ -1 +1 @@\n-replicas=2\n+replicas=3\n" + "".join(f"+line {n}\n" for n in range(60)) + "end of the plan"
    seen = {}

    def decide(title, value):
        window = person.window(title)
        seen[title] = person.get(window)
        person.run("submit", "--window", window, "--json", json.dumps(value))

    arguments = {"title": "Deploy to prod?", "message": "The agent wants to run deploy.sh", "details": details, "timeout_s": 120}
    result = await call("approve", arguments, decide, "Deploy to prod?", {"decision": ["Approve"]})
    structured = result.get("structuredContent") or {}
    checks.check(
        "approve gives approved: true, who answered and the window",
        not result.get("isError") and structured.get("approved") is True and "reason" not in structured
        and structured.get("answered_by") == ANSWERED_BY and str(structured.get("window", "")).startswith("w"), result)
    shown = seen.get("Deploy to prod?", {})
    checks.check("approve's details are shown in full in pickerctl get, under the message",
                 shown.get("message") == "The agent wants to run deploy.sh\n\n" + details, shown.get("message"))
    checks.check("approve is a form of a decision and a reason", shown.get("kind") == "form"
                 and [field.get("name") for field in shown.get("options", {}).get("fields", [])] == ["decision", "reason"], shown)
    checks.check("approve starts with no decision taken for the person", not (shown.get("value") or {}).get("decision"), shown.get("value"))

    result = await call("approve", {"title": "Drop the table?", "details": "DROP TABLE users;"}, decide, "Drop the table?",
                        {"decision": ["Reject"], "reason": "not on a Friday"})
    structured = result.get("structuredContent") or {}
    checks.check(
        "a rejection is a normal result with the person's reason",
        result.get("isError") is not True and structured.get("approved") is False and structured.get("reason") == "not on a Friday"
        and structured.get("answered_by") == ANSWERED_BY, result)
    checks.check("...and its text says so as JSON", json.loads(text_of(result)) == structured, text_of(result))

    result = await call("approve", {"title": "Approve with a note?"}, decide, "Approve with a note?", {"decision": ["Approve"], "reason": "once"})
    structured = result.get("structuredContent") or {}
    checks.check("an approval may carry a reason too", structured.get("approved") is True and structured.get("reason") == "once", result)

    result = await call("approve", {"title": "Cancelled approval"}, person.cancel, "Cancelled approval")
    checks.check("a cancelled approval is an error, not a rejection", result.get("isError") is True and "cancelled" in text_of(result), result)

    # In the terminal: the details drawn in full (scrolling), escapes and bidi shown as marks.
    hostile = "rm -rf build \x1b]0;owned\x07\x1b[2J and \u202eevil\u202c"
    terminal = Terminal(person.pickerctl, person.socket)

    def answer_in_the_terminal():
        terminal.wait_for("Run this?")
        terminal.wait_for("rm -rf build")
        screen = terminal.tmux("capture-pane", "-p", "-t", "main")
        seen["screen"] = screen
        person.submit("Run this?", {"decision": ["Reject"], "reason": "no"})

    try:
        result = await call("approve", {"title": "Run this?", "details": hostile, "timeout_s": 120}, answer_in_the_terminal)
    finally:
        terminal.close()
    screen = seen.get("screen", "")
    checks.check("pickerctl ui draws approve with its details and the decision", "rm -rf build" in screen and "Approve" in screen and "Reject" in screen, screen)
    checks.check("...the details' escapes and bidi controls shown as marks, not obeyed", "owned" in screen and "\u202e" not in screen and "\x1b" not in screen, screen)
    checks.check("...and the rejection comes back", (result.get("structuredContent") or {}).get("approved") is False, result)


async def secrets_and_reach(session, person, checks, call):
    """An agent reaches only the windows its session presented, and never a secret:
    not after the person answered another program's secure window, not while
    waiting for it, not a form's secure field; and it cannot guess ids."""
    script = Script(person.socket)
    try:
        # After the fact: a script's secure text, answered, then awaited by the agent.
        secret = "hunter2-secret"
        sudo = script.present({"kind": "text", "title": "Password for sudo", "options": {"secure": True}})
        person.run("submit", "--window", sudo, "--json", json.dumps(secret))
        result = await call("await", {"window": sudo})
        checks.check("await refuses another program's answered secure window", result.get("isError") is True, result)
        checks.check("...and no secret reaches the agent", secret not in json.dumps(result), result)
        refusal = text_of(result)

        # Live: the agent awaits first, then the person answers.
        secret = "hunter3-live"
        vpn = script.present({"kind": "text", "title": "VPN passphrase", "options": {"secure": True}})
        result = await call("await", {"window": vpn}, person.submit, "VPN passphrase", secret)
        checks.check("await refuses another program's secure window it waits on", result.get("isError") is True, result)
        checks.check("...and the answer given meanwhile does not reach the agent", secret not in json.dumps(result), result)

        # A form's secure field, and its other fields too: not this session's window.
        secret = "hunter4-form"
        fields = [{"name": "user", "kind": "text"}, {"name": "pass", "kind": "text", "options": {"secure": True}}]
        login = script.present({"kind": "form", "title": "Log in", "options": {"fields": fields}})
        person.run("submit", "--window", login, "--json", json.dumps({"user": "ada", "pass": secret}))
        result = await call("await", {"window": login})
        checks.check("await refuses a form with a secure field that it did not present", result.get("isError") is True, result)
        checks.check("...and neither the secure field nor the others reach the agent", secret not in json.dumps(result) and "ada" not in json.dumps(result), result)

        # The refusal does not tell a window that exists from one that does not.
        missing = "w999999-zzzzzzzzzzzzzzzz"
        result = await call("await", {"window": missing})
        checks.check(
            "a window that does not exist is refused in the same words",
            result.get("isError") is True and text_of(result).replace(missing, "ID") == refusal.replace(sudo, "ID"), (refusal, result))

        # The agent's own answers still come back, present and await too.
        result = await call("present", {"tool": "ask_text", "arguments": {"title": "Own question"}})
        own = (result.get("structuredContent") or {}).get("window", "")
        result = await call("await", {"window": own}, person.submit, "Own question", "own answer")
        answered_ok = not result.get("isError") and (result.get("structuredContent") or {}).get("value") == "own answer"
        checks.check("the session's own windows still answer", answered_ok, result)

        # Ids: the per-window part of consecutive windows is unrelated, so the
        # next window's id cannot be worked out from one's own.
        first = own
        following = script.present({"kind": "text", "title": "Next secret", "options": {"secure": True}})
        parsed = [ID.match(first), ID.match(following)]
        checks.check("window ids are w, a number and a token", all(parsed), (first, following))
        if all(parsed):
            (n1, t1), (n2, t2) = parsed[0].groups(), parsed[1].groups()
            checks.check("a token has at least 80 bits (16 base-32 characters)", len(t1) >= 16 and len(t2) >= 16, (t1, t2))
            same_places = sum(a == b for a, b in zip(t1, t2))
            checks.check("consecutive windows share no part of their tokens", t1 != t2 and same_places < 6, (first, following))
            guess = f"w{int(n1) + 1}-{t1}"
            checks.check("the next id cannot be guessed from one's own", guess != following, (guess, following))
        person.run("dismiss", following)

        # The level: an agent's question stays at statusBar at most.
        result = await call("present", {"tool": "confirm", "arguments": {"title": "Loud", "level": "alert"}})
        loud = (result.get("structuredContent") or {}).get("window", "")
        levels = [w.get("level") for w in person.windows() if w["window"] == loud]
        checks.check("a question asked at alert is shown at statusBar", levels == [1000], (result, levels))
        result = await call("present", {"tool": "confirm", "arguments": {"title": "Loud number", "level": 100000}})
        loud_number = (result.get("structuredContent") or {}).get("window", "")
        levels = [w.get("level") for w in person.windows() if w["window"] == loud_number]
        checks.check("a question asked at 100000 is shown at statusBar", levels == [1000], (result, levels))
        quiet = await call("present", {"tool": "confirm", "arguments": {"title": "Quiet", "level": -5}})
        quiet_window = (quiet.get("structuredContent") or {}).get("window", "")
        levels = [w.get("level") for w in person.windows() if w["window"] == quiet_window]
        checks.check("a question below statusBar keeps its level", levels == [-5], (quiet, levels))
        for window in (loud, loud_number, quiet_window):
            person.run("dismiss", window)
    finally:
        script.close()


def raw_session(arguments, person, checks):
    """What the SDK does not show: the host cancelling a call, and the host going away mid-call."""
    pickerctl = os.path.join(arguments.bin, "pickerctl")
    server = subprocess.Popen([pickerctl, "mcp", "--socket", arguments.socket], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in server.stdout], daemon=True).start()

    def send(message):
        server.stdin.write((json.dumps(message) + "\n").encode())
        server.stdin.flush()

    def receive():
        return json.loads(lines.get(timeout=POLL_SECONDS))

    def reason(window):
        eventually(lambda: not any(w["window"] == window for w in person.windows()))
        outcomes = json.loads(person.run("history", "--json"))["outcomes"]
        return next((outcome["reason"] for outcome in outcomes if outcome["window"] == window), None)

    def ask(request_id, title):
        send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": "ask_text", "arguments": {"title": title}}})
        return person.window(title)

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}})
        checks.check("initialize agrees on the host's version", receive()["result"]["protocolVersion"] == "2025-06-18")
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})

        window = ask(2, "Cancelled by the host")
        started = time.monotonic()
        send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "the user stopped it"}})
        checks.check("a call the host cancels dismisses its window", reason(window) == "dismissed" and time.monotonic() - started < 4)
        send({"jsonrpc": "2.0", "id": 3, "method": "ping"})
        checks.check("a cancelled call is not answered; the next request is", receive() == {"jsonrpc": "2.0", "id": 3, "result": {}})

        window = ask(4, "Host gone")
        started = time.monotonic()
        server.stdin.close()
        status = server.wait(POLL_SECONDS)
        checks.check("the server ends when its standard input does", status == 0, status)
        checks.check("a call still waiting then dismisses its window", reason(window) == "dismissed" and time.monotonic() - started < 4)
    finally:
        if server.poll() is None:
            server.kill()


def progress_session(arguments, person, checks):
    """On a short interval (pickermcp's hidden --progress-interval): a call
    without a progressToken gets no progress while one with a token beside it does."""
    server = subprocess.Popen(
        [os.path.join(arguments.bin, "pickermcp"), "--socket", arguments.socket, "--progress-interval", "0.2"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(json.loads(line)) for line in server.stdout], daemon=True).start()
    try:
        requests = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_text", "arguments": {"title": "No token"}}},
            {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "ask_text", "arguments": {"title": "Token"}, "_meta": {"progressToken": "p-3"}}},
        ]
        server.stdin.write("".join(json.dumps(request) + "\n" for request in requests).encode())
        server.stdin.flush()
        received = []

        def progress_heard():
            while not lines.empty():
                received.append(lines.get())
            return sum(message.get("method") == "notifications/progress" for message in received) >= 5

        heard = eventually(progress_heard)
        progress = [message for message in received if message.get("method") == "notifications/progress"]
        checks.check("a call with a progressToken hears progress on the interval given", heard, received)
        checks.check("...and one without a token beside it hears none", all(message["params"]["progressToken"] == "p-3" for message in progress), progress)
        checks.check("...saying how long it waited while nobody types", all(m["params"]["message"].startswith("waiting for an answer: ") for m in progress), progress)

        # The person types (the window's live value changes): progress says so.
        token_window = person.window("Token")
        typing = []

        def typing_heard():
            person.run("update", "--window", token_window, f"Ad{len(typing)}")
            while not lines.empty():
                message = lines.get()
                if message.get("method") == "notifications/progress" and message["params"]["message"].startswith("a person is typing"):
                    typing.append(message)
            return typing

        checks.check("a call whose window the person is changing hears 'a person is typing'", eventually(typing_heard), typing)
        person.submit("Token", "t")
        person.submit("No token", "n")
        answers = {}

        def both_answered():
            while not lines.empty():
                message = lines.get()
                if "id" in message:
                    answers[message["id"]] = message
                elif 3 in answers and message.get("params", {}).get("progressToken") == "p-3":
                    answers.setdefault("after", []).append(message)
            return 2 in answers and 3 in answers

        eventually(both_answered)
        checks.check("no progress follows a call's answer", 3 in answers and not answers.get("after"), answers)
        server.stdin.close()
        server.wait(POLL_SECONDS)
    finally:
        if server.poll() is None:
            server.kill()


def max_level_session(arguments, person, checks):
    """`pickerctl mcp --max-level alert` lets an agent ask at alert."""
    pickerctl = os.path.join(arguments.bin, "pickerctl")
    server = subprocess.Popen(
        [pickerctl, "mcp", "--socket", arguments.socket, "--max-level", "alert"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        requests = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "present", "arguments": {"tool": "confirm", "arguments": {"title": "Allowed loud", "level": "alert"}}}},
        ]
        server.stdin.write("".join(json.dumps(request) + "\n" for request in requests).encode())
        server.stdin.flush()
        server.stdout.readline()
        reply = json.loads(server.stdout.readline())
        window = reply["result"]["structuredContent"]["window"]
        levels = [w.get("level") for w in person.windows() if w["window"] == window]
        checks.check("with --max-level alert a question asked at alert is shown at alert", levels == [2000], (reply, levels))
        server.stdin.close()
        server.wait(POLL_SECONDS)
    finally:
        if server.poll() is None:
            server.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="the folder with pickerd, pickerctl and pickermcp")
    parser.add_argument("--socket", help="a running pickerd's socket (default: start one)")
    arguments = parser.parse_args()
    checks = Checks()
    daemon = None
    with tempfile.TemporaryDirectory(prefix="pickermcp-test-") as home:
        if not arguments.socket:
            arguments.socket = os.path.join(home, "pickerd.sock")
            daemon = subprocess.Popen(
                [os.path.join(arguments.bin, "pickerd"), "--socket", arguments.socket, "--state-dir", os.path.join(home, "state")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            eventually(lambda: os.path.exists(arguments.socket))
        try:
            asyncio.run(main_async(arguments, checks))
            asyncio.run(no_daemon_async(arguments, checks))
            raw_session(arguments, person=Person(os.path.join(arguments.bin, "pickerctl"), arguments.socket), checks=checks)
            max_level_session(arguments, person=Person(os.path.join(arguments.bin, "pickerctl"), arguments.socket), checks=checks)
            progress_session(arguments, person=Person(os.path.join(arguments.bin, "pickerctl"), arguments.socket), checks=checks)
        except Exception as error:
            checks.check("the session ran to its end", False, repr(error))
        finally:
            if daemon:
                daemon.terminate()
                daemon.wait(10)
    print(f"{checks.passed} passed, {checks.failed} failed")
    sys.exit(0 if checks.failed == 0 and checks.passed > 0 else 1)


if __name__ == "__main__":
    main()
