#!/usr/bin/env python3
"""pickerweb's page in a real browser: starts its own pickerd and pickerweb,
asks with pickerctl, answers in headless Chromium, and prints one line per
scenario (PASS name, or FAIL name reason). Exits 1 if any failed, 2 if the
browser or its driver are missing.

    Tests/Web/browser_tests.py --pickerd PATH --pickerctl PATH --pickerweb PATH [--screenshots DIR] [-k NAME]
"""

import argparse
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from browser import Page, start_chromium  # noqa: E402
from harness import DESKTOP, Failure, Processes  # noqa: E402
from scenarios import SCENARIOS  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for name in ("pickerd", "pickerctl", "pickerweb"):
        parser.add_argument(f"--{name}", required=True, help=f"the {name} executable")
    parser.add_argument("--screenshots", help="save a PNG of each kind at desktop and phone size here")
    parser.add_argument("-k", dest="only", action="append", default=[], help="run only scenarios whose name contains this")
    args = parser.parse_args()
    for name in ("pickerd", "pickerctl", "pickerweb"):
        path = getattr(args, name)
        if not os.access(path, os.X_OK):
            print(f"FAIL setup {name} is not an executable at {path}")
            return 2
    chosen = [s for s in SCENARIOS if not args.only or any(word in s.__name__ for word in args.only)]
    if not chosen:
        print(f"FAIL setup no scenario matches {args.only}")
        return 2
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)

    try:
        driver = start_chromium()
    except Failure as failure:
        print(f"FAIL setup {failure}")
        return 2
    procs = Processes(args.pickerd, args.pickerctl, args.pickerweb)
    passed = failed = 0
    try:
        procs.start_daemon()
        procs.start_web()
        page = Page(driver, procs)
        page.screenshots = args.screenshots
        for scenario in chosen:
            started = time.monotonic()
            try:
                procs.dismiss_all()
                page.size(DESKTOP)
                page.open()
                page.wait_empty()
                page.errors()  # start each scenario with an empty console log
                scenario(page, procs)
                passed += 1
                print(f"PASS {scenario.__name__} ({time.monotonic() - started:.1f}s)", flush=True)
            except Failure as failure:
                failed += 1
                print(f"FAIL {scenario.__name__} {failure}", flush=True)
                save_failure(page, scenario.__name__, args.screenshots)
            except Exception as error:  # a Selenium error or a bug in the scenario: still one line
                failed += 1
                reason = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
                print(f"FAIL {scenario.__name__} {reason}", flush=True)
                traceback.print_exc(file=sys.stderr)
                save_failure(page, scenario.__name__, args.screenshots)
            finally:
                if procs.daemon.poll() is not None:
                    procs.start_daemon()
    except Failure as failure:
        print(f"FAIL setup {failure}")
        failed += 1
    finally:
        driver.quit()
        procs.stop()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def save_failure(page, name, folder):
    if folder:
        try:
            page.screenshot(os.path.join(folder, f"FAILED-{name}.png"))
        except Exception:
            pass


if __name__ == "__main__":
    sys.exit(main())
