"""What the browser scenarios stand on: a pickerd and a pickerweb of their own,
asking pickerctl processes, headless Chromium driven by Selenium, and a reader
of pickerweb's event stream."""

import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.parse

DESKTOP = (1280, 900)
PHONE = (390, 844)
LAPTOP = (1280, 657)  # a desktop browser's page on a laptop: less tall than a form


class Failure(Exception):
    """A scenario saw something other than what it expected."""


def check(condition, message):
    if not condition:
        raise Failure(message)


def wait_until(predicate, what, timeout=10.0, interval=0.05):
    """Polls `predicate` until it returns something true, which it returns."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # a page mid-redraw: try again
            last_error = error
        time.sleep(interval)
    reason = str(last_error).splitlines()[0] if last_error else ""
    raise Failure(f"timed out waiting for {what}" + (f" (last error: {reason})" if reason else ""))


# The presets the scenarios ask with, each a preset file's content by kind name.
# `constructor` is a kind name the page once took for a built-in one: it looked
# a field's kind up in a plain object, where `constructor` is inherited.
PRESETS = {
    "release-day": {"kind": "release-day", "base": "date", "title": "Release day", "defaults": {"initial": "2026-12-04"}},
    "constructor": {"kind": "constructor", "base": "list", "title": "Region", "options": {"choices": ["eu", "us", "ap"]}},
}


class Processes:
    """pickerd on a socket in a temporary directory, with the scenarios'
    presets (PRESETS) in the folder beside its config, and pickerweb in front of it."""

    def __init__(self, pickerd, pickerctl, pickerweb):
        self.pickerd_path, self.pickerctl_path, self.pickerweb_path = pickerd, pickerctl, pickerweb
        self.home = tempfile.mkdtemp(prefix="pickerweb-test-")
        self.runtime = os.path.join(self.home, "run")
        os.makedirs(self.runtime, mode=0o700)
        self.socket = os.path.join(self.runtime, "pickerd.sock")
        self.env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, XDG_STATE_HOME=os.path.join(self.home, "state"),
                        XDG_CONFIG_HOME=os.path.join(self.home, "config"), HOME=self.home)
        self.env.pop("PICKERD_SOCKET", None)
        self.config = os.path.join(self.home, "pickerd.json")
        with open(self.config, "w") as file:
            file.write("{}\n")
        presets = os.path.join(self.home, "plugins.d")
        os.makedirs(presets, mode=0o755)
        for kind, preset in PRESETS.items():
            path = os.path.join(presets, f"{kind}.json")
            with open(path, "w") as file:
                json.dump(preset, file)
            os.chmod(path, 0o644)
        self.daemon = None
        self.web = None
        self.url = None

    def start_daemon(self):
        log = open(os.path.join(self.home, "pickerd.log"), "ab")
        self.daemon = subprocess.Popen([self.pickerd_path, "--socket", self.socket, "--config", self.config], env=self.env,
                                       stdout=log, stderr=log, stdin=subprocess.DEVNULL)
        wait_until(lambda: self.ctl("ping").returncode == 0, "pickerd to answer ping", timeout=20)

    def stop_daemon(self):
        if self.daemon and self.daemon.poll() is None:
            self.daemon.send_signal(signal.SIGTERM)
            try:
                self.daemon.wait(10)
            except subprocess.TimeoutExpired:
                self.daemon.kill()
                self.daemon.wait()

    def start_web(self, *hosts):
        """pickerweb following this pickerd, or every one of `hosts` (sockets standing for hosts)."""
        log = open(os.path.join(self.home, "pickerweb.log"), "ab")
        daemons = [part for host in hosts for part in ("--host", host)] or ["--socket", self.socket]
        self.web = subprocess.Popen([self.pickerweb_path, *daemons], env=self.env,
                                    stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL)
        line = self.web.stdout.readline().decode().strip()
        if not line.startswith("http"):
            raise Failure(f"pickerweb printed {line!r} instead of its URL; its log: {self.web_log()}")
        self.url = line
        parts = urllib.parse.urlsplit(line)
        self.base = f"{parts.scheme}://{parts.netloc}/"
        self.host, self.port = parts.hostname, parts.port
        # Keep reading what it prints, so it never blocks on a full pipe.
        threading.Thread(target=self.web.stdout.read, daemon=True).start()

    def web_log(self):
        try:
            with open(os.path.join(self.home, "pickerweb.log"), errors="replace") as file:
                return file.read()[-2000:]
        except OSError:
            return ""

    def another_host(self, socket_name):
        """Another pickerd in a home of its own, on `socket_name` (its host label): a second host."""
        other = Processes(self.pickerd_path, self.pickerctl_path, self.pickerweb_path)
        other.socket = os.path.join(other.runtime, socket_name)
        other.start_daemon()
        return other

    def stop(self):
        for process in (self.web, self.daemon):
            if process and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.home, ignore_errors=True)

    def ctl(self, *arguments, input=None, timeout=20):
        """Runs pickerctl to completion."""
        return subprocess.run([self.pickerctl_path, "--socket", self.socket, *arguments], env=self.env,
                              input=input, capture_output=True, text=True, timeout=timeout)

    def ask(self, *arguments):
        """Starts an asking pickerctl in the background."""
        return Asking(subprocess.Popen([self.pickerctl_path, "--socket", self.socket, *arguments], env=self.env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                       text=True), arguments)

    def ask_fed(self, *arguments):
        """Starts an asking pickerctl whose standard input the scenario writes (`pickerctl progress`)."""
        return Asking(subprocess.Popen([self.pickerctl_path, "--socket", self.socket, *arguments], env=self.env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.PIPE,
                                       text=True), arguments)

    def get(self, window=None):
        result = self.ctl("get", *([window] if window else []), "--json")
        check(result.returncode == 0, f"pickerctl get failed: {result.stderr.strip()}")
        return json.loads(result.stdout)

    def windows(self):
        result = self.ctl("list", "--json")
        return json.loads(result.stdout)["windows"] if result.returncode == 0 else []

    def dismiss_all(self):
        self.ctl("dismiss", "--all")

    def wait_for_windows(self, count):
        wait_until(lambda: len(self.windows()) == count, f"{count} open windows")


class Asking:
    """An asking pickerctl: what it printed, and how it ended."""

    def __init__(self, process, arguments):
        self.process, self.arguments = process, arguments

    def finish(self, timeout=10):
        try:
            out, err = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
            raise Failure(f"pickerctl {' '.join(self.arguments[:1])} was still waiting after {timeout}s")
        return self.process.returncode, out, err

    def wait_ended(self, what, timeout=10):
        """Waits for it to exit while its standard input stays open: `finish`
        closes a fed one's input, which would end it by itself."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Failure(f"pickerctl {' '.join(self.arguments[:1])} did not exit after {timeout}s: {what}")

    def write(self, text):
        """Writes to its standard input (started by `ask_fed`) and flushes it."""
        self.process.stdin.write(text)
        self.process.stdin.flush()

    def end_input(self):
        """Closes its standard input: the end of input (communicate then leaves it be)."""
        self.process.stdin.close()
        self.process.stdin = None

    def expect(self, status, output, timeout=10):
        code, out, err = self.finish(timeout)
        check(code == status and out == output,
              f"pickerctl {self.arguments[0]} exited {code} printing {out!r} (stderr {err.strip()!r}); expected {status} and {output!r}")

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


class EventReader:
    """Reads pickerweb's /events with a session cookie, keeping everything it received."""

    def __init__(self, processes, cookie):
        self.received = b""
        self.connection = http.client.HTTPConnection(processes.host, processes.port, timeout=30)
        self.connection.request("GET", "/events", headers={"Cookie": cookie, "Accept": "text/event-stream"})
        self.socket = self.connection.sock
        self.response = self.connection.getresponse()
        check(self.response.status == 200, f"/events answered {self.response.status}")
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            while True:
                chunk = self.response.read1(65536)
                if not chunk:
                    return
                self.received += chunk
        except Exception:  # the stream closed under the read: all there was is kept
            return

    def close(self):
        try:
            self.socket.shutdown(2)
        except OSError:
            pass
        self.connection.close()
        self.thread.join(2)
        return self.received.decode("utf-8", "replace")


def get_with_cookie(processes, path, cookie):
    connection = http.client.HTTPConnection(processes.host, processes.port, timeout=10)
    try:
        connection.request("GET", path, headers={"Cookie": cookie})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()
