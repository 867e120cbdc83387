#!/usr/bin/env python3
"""A person who takes minutes, with a host that gives a call 60 s: by hand, not in the suite.

    python3 Tests/MCP/long_wait.py --bin .build/debug [--minutes 5]

It starts its own pickerd and `pickerctl mcp`, with the official MCP Python
SDK as the host, and asks with `approve` while a "person" (pickerctl submit)
answers only after --minutes. Two hosts, one after the other:

1. The SDK's own read timeout at 60 s (`read_timeout_seconds=60`): the Python
   SDK does not renew it on progress (mcp/shared/_request_clock.py), so the
   call fails after 60 s even though progress keeps coming. Shown once.
2. A host with a 60 s timeout that each progress notification restarts, as the
   TypeScript SDK's `resetTimeoutOnProgress` does, built on the SDK's
   `progress_callback` (the SDK's own timeout off): the call lives as long as
   the person takes.

It prints how long each call lasted, how many progress notifications came,
and the longest gap between them.
"""

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

HOST_TIMEOUT = 60


def pickerctl(bin_dir, socket, *arguments):
    done = subprocess.run([os.path.join(bin_dir, "pickerctl"), "--socket", socket, *arguments], capture_output=True, text=True, timeout=60)
    return done.stdout


def answer_later(bin_dir, socket, title, after):
    def run():
        # The person's think time is what this script measures a host living through: a real wait, not a condition.
        time.sleep(after)
        windows = json.loads(pickerctl(bin_dir, socket, "list", "--json"))["windows"]
        for window in windows:
            if window["title"] == title:
                pickerctl(bin_dir, socket, "submit", "--window", window["window"], "--json", json.dumps({"decision": ["Approve"], "reason": "after a long think"}))

    threading.Thread(target=run, daemon=True).start()


async def ask(session, title, sdk_timeout, host_timeout):
    heard = []
    started = time.monotonic()

    with anyio.CancelScope() as scope:
        if host_timeout:
            scope.deadline = anyio.current_time() + host_timeout

        async def progress(value, total, message):
            heard.append(time.monotonic())
            if host_timeout:
                scope.deadline = anyio.current_time() + host_timeout  # the host restarts its timeout

        try:
            result = await session.call_tool(
                "approve", {"title": title, "details": "a long wait"}, read_timeout_seconds=sdk_timeout, progress_callback=progress)
            outcome = result.model_dump(by_alias=True, exclude_none=True).get("structuredContent")
        except Exception as error:
            outcome = f"failed: {error}"
    if scope.cancelled_caught:
        outcome = "the host's own timeout ended it"
    lasted = time.monotonic() - started
    gaps = [b - a for a, b in zip([started] + heard, heard)]
    print(f"{title}: lasted {lasted:.1f} s, {len(heard)} progress notifications, longest gap {max(gaps, default=0):.1f} s: {outcome}", flush=True)
    return lasted, outcome


async def main_async(arguments, socket):
    server = StdioServerParameters(command=os.path.join(arguments.bin, "pickerctl"), args=["mcp", "--socket", socket], env=dict(os.environ))
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            answer_later(arguments.bin, socket, "SDK timeout 60 s", 90)
            await ask(session, "SDK timeout 60 s", HOST_TIMEOUT, None)
            wait = arguments.minutes * 60
            answer_later(arguments.bin, socket, "Host timeout 60 s, reset on progress", wait)
            lasted, outcome = await ask(session, "Host timeout 60 s, reset on progress", None, HOST_TIMEOUT)
            return lasted >= wait and isinstance(outcome, dict) and outcome.get("approved") is True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--minutes", type=float, default=5)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pickermcp-long-") as home:
        socket = os.path.join(home, "pickerd.sock")
        daemon = subprocess.Popen([os.path.join(arguments.bin, "pickerd"), "--socket", socket, "--state-dir", os.path.join(home, "state")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while not os.path.exists(socket):
                if daemon.poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"pickerd did not make {socket} within 30 s (exit status {daemon.poll()})")
                time.sleep(0.05)  # polled against the deadline above
            ok = asyncio.run(main_async(arguments, socket))
        finally:
            daemon.terminate()
            daemon.wait(10)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
