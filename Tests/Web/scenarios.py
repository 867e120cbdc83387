"""The browser scenarios: each asks with the real pickerctl, answers (or looks)
in the page as a person would, and checks what pickerctl printed.

Every scenario starts with no window open and the page freshly loaded at
desktop size; `page` is browser.Page, `procs` harness.Processes."""

import json
import os
import pwd
import socket
import time

from harness import DESKTOP, LAPTOP, PHONE, EventReader, Failure, Processes, check, get_with_cookie, wait_until

SCENARIOS = []


def scenario(function):
    SCENARIOS.append(function)
    return function


TREE = json.dumps({"Zhejiang": ["Hangzhou", "Ningbo", "Wenzhou"], "Jiangsu": ["Nanjing", "Suzhou", "Wuxi"],
                   "Guangdong": ["Guangzhou", "Shenzhen"]})
# The custom picker of provinces and their cities, in the screenshots and the tree scenarios.
CUSTOM_TREE = ["custom", "--label", "Province", "--label", "City", "--tree", TREE, "--title", "Where to deploy", "--separator", "/"]
FORM_FIELDS = ["--field", 'when:date:{"initial":"2026-12-04"}', "--field", 'env:custom:{"columns":[["prod","staging","dev"]]}',
               "--field", "who:text"]

# What each kind looks like in the screenshots and the phone-width check.
KINDS = {
    "date": ["date", "--title", "Release day", "--message", "Pick the day the release goes out.", "--min", "2026-11-22",
             "--max", "2027-03-31", "--initial", "2026-12-04", "--timeout", "10m"],
    "datetime": ["date", "--mode", "datetime", "--time-zone", "Europe/Berlin", "--minute-interval", "5",
                 "--initial", "2026-11-23T22:00", "--title", "Maintenance window"],
    "custom": CUSTOM_TREE,
    "text": ["text", "--title", "Ticket", "--message", "Which ticket is this change for?", "--pattern", "[A-Z]+-[0-9]+",
             "--placeholder", "OPS-1234"],
    "secure": ["text", "--secure", "--level", "alert", "--title", "Password for backup@nas"],
    "actions": ["actions", "--level", "alert", "--title", "Disk almost full", "--message", "/var is 97% full.",
                "--action", "Clean up now", "--action", "Delete old logs:destructive", "--action", "Later:cancel"],
    "list": ["choose", "--multiple", "--min", "1", "--max", "2", "--title", "Restart which hosts", "web1", "web2", "db1", "cache1"],
    "form": ["form", "--title", "Release", *FORM_FIELDS],
}


def shown(page, procs, *arguments):
    """Starts an asking pickerctl and waits for the page to show its window, by its --title."""
    asking = procs.ask(*arguments)
    page.wait_title(arguments[arguments.index("--title") + 1])
    return asking


@scenario
def empty_state(page, procs):
    check("No picker is waiting." in page.driver.find_element(page.By.ID, "empty").text, "the empty state's sentence is missing")
    check(not page.others(), "windows are listed though none is open")


@scenario
def without_a_session_the_page_says_how_to_get_one(page, procs):
    page.has_session = False  # the next scenario signs in again with the real token
    page.driver.delete_all_cookies()
    page.driver.get("about:blank")
    page.driver.get(procs.base)
    notice = lambda: page.driver.find_element(page.By.ID, "notice")
    wait_until(lambda: notice().is_displayed() and "web-url" in notice().text and "pickerweb" in notice().text,
               "a sentence saying where the address is")
    page.driver.get("about:blank")
    page.driver.get(procs.base + "#token=not-the-token")
    wait_until(lambda: notice().is_displayed() and "refused" in notice().text, "the page to say its token was refused")
    check("not-the-token" not in page.driver.current_url, "a refused token stayed in the address bar")


@scenario
def a_window_in_the_address_comes_forward(page, procs):
    """pickerctl notify's Open: the page at #window=ID brings that window forward."""
    shown(page, procs, "text", "--title", "Older")
    shown(page, procs, "text", "--title", "Newer")
    older = next(win["window"] for win in procs.windows() if win["title"] == "Older")
    page.driver.get("about:blank")
    page.driver.get(procs.base + "#window=" + older)
    page.wait_title("Older")
    check("window=" not in page.driver.current_url, "the window's id stayed in the address bar")


@scenario
def two_hosts_windows_are_labelled_and_each_answered_on_its_own_daemon(page, procs):
    """pickerctl web --host A --host B: one stack, each window labelled by its host
    (textContent, so a label is never markup), each answer on the daemon that asked,
    and a host that goes away said on the page while the other stays answerable."""
    beta = procs.another_host("<i>beta.sock")  # a label that would be markup, were it not text
    both = Processes(procs.pickerd_path, procs.pickerctl_path, procs.pickerweb_path)  # pickerweb following both
    try:
        both.start_web(procs.socket, beta.socket)
        page.processes, page.has_session = both, False
        page.open()
        local_asking = procs.ask("text", "--title", "Name")
        wait_until(lambda: page.title() == "Name", "the local window")
        beta_asking = beta.ask("text", "--title", "Name")
        # The same title on both: the newer (beta's) comes to the front, labelled by its host.
        wait_until(lambda: page.sheet().get_attribute("data-window").startswith("<i>beta.sock/"), "beta's window in front")
        host_label = lambda: page.sheet().find_element(page.By.CSS_SELECTOR, ".host-label").text
        check(host_label() == "<i>beta.sock", f"the sheet's host label is {host_label()!r}")
        check(not page.driver.find_elements(page.By.CSS_SELECTOR, ".host-label i"), "the host label became markup")
        if page.screenshots:
            page.screenshot(os.path.join(page.screenshots, "two-hosts-desktop.png"))
        others = page.others()
        check(len(others) == 1 and "pickerd.sock" in others[0] and "Name" in others[0], f"the others list: {others}")
        page.wait_grace()
        page.keys("bob", page.Keys.ENTER)
        beta_asking.expect(0, "bob\n")
        check(local_asking.process.poll() is None, "the local asker was answered too")
        wait_until(lambda: page.sheet().get_attribute("data-window").startswith("pickerd.sock/"), "the local window in front")
        check(host_label() == "pickerd.sock", f"the sheet's host label is {host_label()!r}")
        # beta goes away: said on the page, its window leaves, the local one stays answerable.
        beta.ctl("text", "--title", "Beta's other", "--no-wait")
        wait_until(lambda: len(page.others()) == 1, "beta's second window listed")
        beta.stop_daemon()
        notice = lambda: page.driver.find_element(page.By.ID, "notice")
        wait_until(lambda: notice().is_displayed() and notice().text.startswith("<i>beta.sock is away"), "the notice that beta is away")
        wait_until(lambda: not page.others(), "beta's window to leave the page")
        page.wait_grace()
        page.keys("ada", page.Keys.ENTER)
        local_asking.expect(0, "ada\n")
        errors = page.errors()
        check(not errors, f"console errors: {errors}")
    finally:
        page.processes, page.has_session = procs, True
        both.stop()
        beta.stop()


@scenario
def a_remote_host_label_is_shown_whole_on_the_sheet(page, procs):
    """The host label is the only cue that a window came from another host (which may copy a
    local window's title): on the sheet it is never cut short, a long one wraps, at phone size too."""
    label = "build-server-in-the-far-datacenter-number-seven.sock"
    far = procs.another_host(label)
    both = Processes(procs.pickerd_path, procs.pickerctl_path, procs.pickerweb_path)
    try:
        both.start_web(procs.socket, far.socket)
        page.processes, page.has_session = both, False
        page.open()
        asking = far.ask("text", "--title", "Password")
        for size in (DESKTOP, PHONE):
            page.size(size)
            wait_until(lambda: page.title() == "Password", "the far host's window")
            page.next_frame()
            shown = page.sheet().find_element(page.By.CSS_SELECTOR, ".host-label")
            whole = page.js("const e = arguments[0]; return e.scrollWidth <= e.clientWidth && e.clientWidth > 0", shown)
            check(shown.text == label and whole, f"the label {shown.text!r} is cut short at {size}")
            check(page.no_sideways_scroll()[0], page.no_sideways_scroll()[1])
        if page.screenshots:
            page.screenshot(os.path.join(page.screenshots, "remote-label-phone.png"))
        asking.process.terminate()
    finally:
        page.size(DESKTOP)
        page.processes, page.has_session = procs, True
        both.stop()
        far.stop()


@scenario
def a_malformed_window_in_the_address_does_not_stop_the_page(page, procs):
    """#window= with a broken escape (%E0 starts a 3-byte UTF-8 character) is ignored: the page
    starts as usual and keeps its clock (ages, countdowns) running."""
    page.driver.get("about:blank")
    page.driver.get(procs.base + "#window=%E0%A4%A")
    shown(page, procs, "text", "--title", "Still alive", "--timeout", "10m")
    countdown = lambda: page.sheet().find_element(page.By.CSS_SELECTOR, ".countdown").text
    first = countdown()
    wait_until(lambda: countdown() != first, "the countdown to move (the page's clock runs)")
    errors = page.errors()
    check(not errors, f"console errors: {errors}")


# ---- date

@scenario
def date_by_clicks(page, procs):
    asking = shown(page, procs, "date", "--title", "Release day", "--min", "2026-01-10", "--max", "2027-03-31", "--initial", "2026-12-04")
    check(page.options("Year") == ["2026", "2027"], f"years outside [min, max] are offered: {page.options('Year')}")
    check("Friday" in page.sheet().text, "the weekday of 2026-12-04 (Friday) is not shown")
    page.click_option("Year", "2027")
    wait_until(lambda: page.options("Month") == ["Jan", "Feb", "Mar"], "only January to March to be offered in 2027")
    check(page.selected("Month") == ["Mar"], f"December 2027 is past the max, so March should be chosen: {page.selected('Month')}")
    page.click_option("Day", "15")
    wait_until(lambda: "Monday" in page.sheet().text, "the weekday to follow the day (2027-03-15 is a Monday)")
    page.done().click()
    asking.expect(0, "2027-03-15\n")


@scenario
def date_by_keyboard(page, procs):
    asking = procs.ask("date", "--mode", "datetime", "--time-zone", "Asia/Shanghai", "--minute-interval", "15",
                       "--initial", "2026-12-04T10:30", "--title", "Maintenance")
    page.wait_title("Maintenance")
    check(page.focused_name() == "Day", f"focus starts on {page.focused_name()!r}, not the day")
    check("Asia/Shanghai" in page.sheet().text, "the time zone is not shown")
    check(page.options("Minute") == ["00", "15", "30", "45"], f"minutes off the interval are offered: {page.options('Minute')}")
    k = page.Keys
    page.keys(k.ARROW_DOWN)  # the 5th
    page.keys(k.TAB)
    check(page.focused_name() == "Hour", "Tab does not move to the hour")
    page.keys(k.ARROW_DOWN, k.TAB, k.ARROW_DOWN)  # 11, then :45
    page.shift_tab()
    page.shift_tab()
    check(page.focused_name() == "Day", "Shift-Tab does not move back to the day")
    page.keys(k.PAGE_DOWN, k.ARROW_UP)  # +5 days, -1 day: the 9th
    page.keys(k.ENTER)
    asking.expect(0, "2026-12-09T11:45:00+08:00\n")


# ---- custom, with a tree

@scenario
def custom_tree_by_clicks(page, procs):
    asking = shown(page, procs, *CUSTOM_TREE)
    check(page.options("City") == ["Hangzhou", "Ningbo", "Wenzhou"], f"cities of Zhejiang expected: {page.options('City')}")
    page.click_option("Province", "Jiangsu")
    wait_until(lambda: page.options("City") == ["Nanjing", "Suzhou", "Wuxi"], "the city wheel to follow its province")
    page.scroll_wheel_to("City", 2)  # a scroll that comes to rest on Wuxi
    wait_until(lambda: page.selected("City") == ["Wuxi"], "the scrolled wheel to pick the row in the band")
    page.done().click()
    asking.expect(0, "Jiangsu/Wuxi\n")


@scenario
def custom_tree_by_keyboard(page, procs):
    asking = shown(page, procs, *CUSTOM_TREE)
    check(page.focused_name() == "Province", f"focus starts on {page.focused_name()!r}")
    k = page.Keys
    page.keys(k.END)  # Guangdong
    wait_until(lambda: page.options("City") == ["Guangzhou", "Shenzhen"], "the city wheel to follow its province")
    page.keys(k.HOME, k.ARROW_DOWN, k.TAB, k.END, k.ARROW_UP, k.ENTER)  # Jiangsu, Suzhou
    asking.expect(0, "Jiangsu/Suzhou\n")


# ---- text

@scenario
def text_by_clicks(page, procs):
    asking = shown(page, procs, "text", "--multiline", "--title", "Release notes", "--placeholder", "What changed?")
    field = page.sheet().find_element(page.By.TAG_NAME, "textarea")
    check(field.get_attribute("placeholder") == "What changed?", "the placeholder is not shown")
    field.click()
    field.send_keys("Faster start")
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(page.driver).key_down(page.Keys.SHIFT).send_keys(page.Keys.ENTER).key_up(page.Keys.SHIFT).perform()
    field.send_keys("Fewer bugs")
    page.done().click()
    asking.expect(0, "Faster start\nFewer bugs\n")


@scenario
def text_by_keyboard(page, procs):
    asking = shown(page, procs, "text", "--title", "Ticket", "--pattern", "[A-Z]+-[0-9]+", "--max-length", "12")
    check("[A-Z]+-[0-9]+" in page.sheet().text, "the pattern is not shown before a value is rejected")
    check("at most 12 characters" in page.sheet().text, "the length rule is not shown")
    check(page.focused().tag_name == "input", "focus does not start in the text field")
    page.keys("OPS-42", page.Keys.ENTER)
    asking.expect(0, "OPS-42\n")


# ---- secure text: typed in the page, it goes only to submit

def secure_answer(page, procs, by_keyboard):
    secret = "hunter2-Zq9!"
    asking = shown(page, procs, "text", "--secure", "--title", "Password for backup@nas")
    field = page.sheet().find_element(page.By.TAG_NAME, "input")
    check(field.get_attribute("type") == "password", "a secure text field is not a password field")
    events = EventReader(procs, page.cookie())
    try:
        field.click()
        field.send_keys(secret)
        time.sleep(0.6)  # past the live-update delay: nothing may have been sent
        status, state = get_with_cookie(procs, "/api/state", page.cookie())
        check(status == 200, f"/api/state answered {status}")
        check(secret not in state, "the secret typed in the page is in /api/state")
        check(secret not in json.dumps(procs.get()), "the secret reached the daemon before it was submitted")
        changes = events.received.count(b"event: change")
        if by_keyboard:
            page.keys(page.Keys.ENTER)
        else:
            page.done().click()
        asking.expect(0, secret + "\n")
        wait_until(lambda: events.received.count(b"event: change") > changes, "the events of the submit")
    finally:
        stream = events.close()
    check("window.dismissed" in stream or "event:" in stream, f"the event stream carried nothing: {stream[:200]!r}")
    check(secret not in stream, "the secret is in the event stream")


@scenario
def secure_text_by_clicks(page, procs):
    secure_answer(page, procs, by_keyboard=False)


@scenario
def secure_text_by_keyboard(page, procs):
    secure_answer(page, procs, by_keyboard=True)


# ---- actions

ACTIONS = ["actions", "--title", "Disk almost full", "--message", "/var is 97% full.",
           "--action", "Clean up now", "--action", "Delete old logs:destructive", "--action", "Later:cancel"]


@scenario
def actions_by_clicks(page, procs):
    asking = shown(page, procs, *ACTIONS)
    destructive = page.button("Delete old logs")
    red, green, blue = [int(x) for x in destructive.value_of_css_property("color").split("(")[1].split(")")[0].split(",")[:3]]
    check(red > 150 and green < 80 and blue < 80, f"the destructive action is not red: {destructive.value_of_css_property('color')}")
    later = page.button("Later")
    check(later.location["y"] > destructive.location["y"] + destructive.size["height"] + 4,
          "the cancel action is not set apart below the others")
    destructive.click()
    asking.expect(0, "Delete old logs\n")


@scenario
def actions_by_keyboard(page, procs):
    asking = shown(page, procs, *ACTIONS)
    check(page.focused().text == "Clean up now", f"focus starts on {page.focused().text!r}")
    page.keys(page.Keys.ARROW_DOWN, page.Keys.ENTER)
    asking.expect(0, "Delete old logs\n")
    # Escape picks the cancel action, as the terminal does: the window ends cancelled.
    asking = procs.ask(*ACTIONS, "--json")
    page.wait_title("Disk almost full", new=True)
    page.wait_grace()
    page.keys(page.Keys.ESCAPE)
    code, out, _ = asking.finish()
    outcome = json.loads(out)
    check(code == 1 and outcome.get("reason") == "cancelled" and outcome.get("value", {}).get("label") == "Later",
          f"Escape did not pick the cancel action: exit {code}, {out.strip()}")


# ---- list, several picks

CHOOSE = ["choose", "--multiple", "--min", "1", "--max", "2", "--title", "Restart which hosts", "web1", "web2", "db1", "cache1"]


@scenario
def list_multiple_by_clicks(page, procs):
    asking = shown(page, procs, *CHOOSE)
    check(page.listbox("Restart which hosts").get_attribute("aria-multiselectable") == "true", "the list is not multi-select")
    check("pick 1–2" in page.sheet().text, "the min/max rule is not shown")
    page.click_option("Restart which hosts", "web2")
    page.click_option("Restart which hosts", "cache1")
    page.click_option("Restart which hosts", "db1")
    page.click_option("Restart which hosts", "db1")  # ticked, then unticked
    check(page.selected("Restart which hosts") == ["web2", "cache1"], f"ticked: {page.selected('Restart which hosts')}")
    check("2 picked" in page.sheet().text, "the count of picks is not shown")
    page.done().click()
    asking.expect(0, "web2\ncache1\n")


@scenario
def list_multiple_by_keyboard(page, procs):
    asking = shown(page, procs, *CHOOSE)
    k = page.Keys
    page.keys(k.ARROW_DOWN, k.SPACE, k.END, k.SPACE, k.ENTER)
    asking.expect(0, "web2\ncache1\n")


@scenario
def list_header_and_height(page, procs):
    # choose --header and --height, as gum's: a line above the choices, three of twelve at once.
    asking = shown(page, procs, "choose", "--title", "Restart which host", "--header", "Hosts in eu-west", "--height", "3",
                   *[f"host{n}" for n in range(1, 13)])
    box = page.listbox("Restart which host")
    header = page.sheet().find_element(page.By.CSS_SELECTOR, ".list-header")
    check(header.text == "Hosts in eu-west", f"the header is not shown: {header.text!r}")
    check(page.js("return arguments[0].getBoundingClientRect().bottom <= arguments[1].getBoundingClientRect().top", header, box),
          "the header is not above the choices")
    check(box.get_attribute("aria-describedby") == header.get_attribute("id"), "the listbox is not described by its header")
    rows = page.js("const row = arguments[0].querySelector('[role=option]').getBoundingClientRect().height;"
                   "return arguments[0].clientHeight / row;", box)
    check(2.5 <= rows <= 3.5, f"{rows:.1f} rows show at once, not 3")
    page.keys(page.Keys.END, page.Keys.ENTER)
    asking.expect(0, "host12\n")


# ---- number

@scenario
def number_by_keys_and_typing(page, procs):
    asking = shown(page, procs, "number", "--title", "Replicas", "--min", "0", "--max", "10", "--step", "0.5", "--unit", "pods")
    slider = page.sheet().find_element(page.By.CSS_SELECTOR, "input[type=range][aria-label]")
    field = page.sheet().find_element(page.By.CSS_SELECTOR, "input[type=number][aria-label]")
    check("pods" in page.sheet().text, "the unit is not shown")
    slider.click()
    slider.send_keys(page.Keys.HOME, page.Keys.ARROW_RIGHT, page.Keys.ARROW_RIGHT, page.Keys.ARROW_RIGHT)
    wait_until(lambda: field.get_attribute("value") == "1.5", "the number field does not follow the slider")
    field.clear()
    field.send_keys("7.5")
    wait_until(lambda: slider.get_attribute("value") == "7.5", "the slider does not follow the number field")
    page.done().click()
    asking.expect(0, "7.5\n")


# ---- progress

@scenario
def progress_bar_follows_its_asker_and_cancel_ends_it(page, procs):
    asking = procs.ask_fed("progress", "--title", "Uploading")
    asking.write("35\n#part 2 of 4 <b>bold?</b>\n")
    page.wait_title("Uploading")
    bar = page.sheet().find_element(page.By.CSS_SELECTOR, "[role=progressbar][aria-label]")
    wait_until(lambda: bar.get_attribute("aria-valuenow") == "35", "the bar's aria-valuenow does not follow the input")
    wait_until(lambda: "part 2 of 4 <b>bold?</b>" in page.sheet().text, "the text is not shown as text")
    check(not page.sheet().find_elements(page.By.CSS_SELECTOR, "b"), "the asker's text was read as markup")
    check(not [b for b in page.sheet().find_elements(page.By.CSS_SELECTOR, "button.done") if b.is_displayed()],
          "a progress has no Done button: its asker ends it")
    asking.write("60\n")
    wait_until(lambda: bar.get_attribute("aria-valuenow") == "60", "the bar does not move on")
    page.button("Cancel").click()
    asking.wait_ended("the Cancel on the page did not end it while its input was still open")
    asking.expect(1, "")


@scenario
def progress_not_cancellable_has_no_cancel_and_ends_with_its_input(page, procs):
    asking = procs.ask_fed("progress", "--title", "Migrating", "--no-cancel", "--pulsate")
    asking.write("#step 1\n")
    page.wait_title("Migrating")
    bar = page.sheet().find_element(page.By.CSS_SELECTOR, "[role=progressbar]")
    check(bar.get_attribute("aria-valuenow") is None, "a pulsating bar has no value")
    check(not [b for b in page.sheet().find_elements(page.By.TAG_NAME, "button") if b.is_displayed()],
          "a progress that cannot be cancelled shows no Cancel (nor Done)")
    page.keys(page.Keys.ESCAPE)
    asking.write("#step 2\n")
    wait_until(lambda: "step 2" in page.sheet().text, "Escape ended a progress that cannot be cancelled")
    asking.end_input()
    asking.expect(0, "")


# ---- file

def file_tree(procs):
    """A directory to browse: a.png, b.txt, sub/c.png, and a name with a newline and an escape."""
    root = os.path.join(procs.home, "files")
    os.makedirs(os.path.join(root, "sub"), exist_ok=True)
    for name in ("a.png", "b.txt", "sub/c.png", "evil\n\x1b[2J.png"):
        open(os.path.join(root, name), "w").close()
    return root


@scenario
def file_browsed_on_a_phone_sized_list(page, procs):
    root = file_tree(procs)
    page.size(PHONE)
    asking = shown(page, procs, "file", "--title", "Pick a picture", "--root", root, "--pattern", "*.png")
    listbox = page.sheet().find_element(page.By.CSS_SELECTOR, "[role=listbox]")
    wait_until(lambda: "a.png" in listbox.text, "the asker's listing is not shown")
    check("b.txt" not in listbox.text, "a file the patterns leave out is offered")
    check("evil\\n\\u{1b}[2J.png" in listbox.text, f"a name's newline and escape are not written out: {listbox.text!r}")
    listbox.find_element(page.By.XPATH, ".//li[starts-with(., 'sub/')]").click()
    wait_until(lambda: "c.png" in listbox.text, "the directory is not opened")
    listbox.find_element(page.By.XPATH, ".//li[. = 'c.png']").click()
    page.done().click()
    asking.expect(0, os.path.join(root, "sub", "c.png") + "\n")


@scenario
def file_typed_when_the_asker_does_not_list(page, procs):
    root = file_tree(procs)
    asking = shown(page, procs, "present", "file", "--title", "Which file", "--options", json.dumps({"root": root}))
    field = page.sheet().find_element(page.By.CSS_SELECTOR, "input.file-path")
    wait_until(lambda: field.is_displayed(), "the page does not let the person type a path")
    check("does not list" in page.sheet().text, "the page does not say why the path is typed")
    field.clear()
    field.send_keys(os.path.join(root, "b.txt"))
    page.done().click()
    asking.expect(0, os.path.join(root, "b.txt") + "\n")


# ---- form

@scenario
def form_by_clicks(page, procs):
    asking = shown(page, procs, "form", "--title", "Release", *FORM_FIELDS)
    page.click_option("env", "staging")
    page.click_option("Day", "05")
    who = page.sheet().find_element(page.By.CSS_SELECTOR, "[data-field=who] input")
    who.click()
    who.send_keys("Ada")
    page.button("Submit").click()
    code, out, err = asking.finish()
    check(code == 0 and json.loads(out) == {"when": "2026-12-05", "env": ["staging"], "who": "Ada"},
          f"pickerctl form exited {code} printing {out.strip()!r} {err.strip()!r}")


@scenario
def form_by_keyboard(page, procs):
    asking = shown(page, procs, "form", "--title", "Release", *FORM_FIELDS)
    k = page.Keys
    page.keys(k.ARROW_DOWN, k.TAB, k.ARROW_DOWN, k.TAB, "Ada", k.ENTER)
    code, out, err = asking.finish()
    check(code == 0 and json.loads(out) == {"when": "2026-12-05", "env": ["staging"], "who": "Ada"},
          f"pickerctl form exited {code} printing {out.strip()!r} {err.strip()!r}")


# A form whose optional fields the person may leave alone: only `region` starts set (its initial).
OPTIONAL_FORM = json.dumps({"fields": [
    {"name": "email", "kind": "text"},
    {"name": "n", "kind": "custom", "required": False, "options": {"columns": [["1", "2", "3"]]}},
    {"name": "ok", "kind": "list", "required": False, "options": {"choices": ["Yes", "No"]}},
    {"name": "env", "kind": "list", "required": False, "options": {"choices": ["prod", "dev"]}},
    {"name": "on", "kind": "date", "required": False},
    {"name": "region", "kind": "list", "required": False, "options": {"choices": ["us", "eu"], "initial": ["eu"]}},
]})


def field_part(page, name, selector):
    return page.sheet().find_element(page.By.CSS_SELECTOR, f"[data-field={name}] {selector}")


@scenario
def a_form_gives_no_answer_the_person_did_not_give(page, procs):
    asking = shown(page, procs, "present", "form", "--title", "Only the email", "--options", OPTIONAL_FORM)
    for name in ("n", "ok", "env", "on"):
        check(field_part(page, name, ".not-set").is_displayed(), f"the optional field {name} does not say it is not set")
    check(not field_part(page, "region", ".not-set").is_displayed(), "the field with an initial says it is not set")
    email = field_part(page, "email", "input")
    email.click()
    email.send_keys("a@b.c", page.Keys.ENTER)
    code, out, err = asking.finish()
    check(code == 0 and json.loads(out) == {"email": "a@b.c", "region": ["eu"]},
          f"pickerctl present form exited {code} printing {out.strip()!r} {err.strip()!r}")


@scenario
def a_forms_optional_field_is_set_and_cleared_on_purpose(page, procs):
    asking = shown(page, procs, "present", "form", "--title", "Set and clear", "--options", OPTIONAL_FORM)
    field_part(page, "email", "input").send_keys("a@b.c")
    page.click_option("ok", "No")
    check(not field_part(page, "ok", ".not-set").is_displayed(), "picking a choice does not set the field")
    field_part(page, "n", ".set-field").click()  # as shown: its first row
    region = field_part(page, "region", ".set-field")
    check(region.text == "Clear", f"the set optional field offers {region.text!r}, not Clear")
    region.click()
    check(field_part(page, "region", ".not-set").is_displayed(), "Clear does not make the field not set")
    page.button("Submit").click()
    code, out, err = asking.finish()
    check(code == 0 and json.loads(out) == {"email": "a@b.c", "n": ["1"], "ok": ["No"]},
          f"pickerctl present form exited {code} printing {out.strip()!r} {err.strip()!r}")


@scenario
def a_list_with_values_starts_at_them_and_answers_them(page, procs):
    # As ask_form asks a boolean and an enum: the window's value holds the values, not the choices.
    options = json.dumps({"fields": [
        {"name": "ok", "kind": "list", "options": {"choices": ["Yes", "No"], "values": [True, False], "initial": [False]}},
        {"name": "size", "kind": "list", "required": False,
         "options": {"choices": ["S", "L"], "values": [1, 2.5], "multiple": True, "initial": [2.5]}},
    ]})
    asking = shown(page, procs, "present", "form", "--title", "Values", "--options", options)
    page.button("Submit").click()
    code, out, err = asking.finish()
    check(code == 0 and json.loads(out) == {"ok": False, "size": [2.5]},
          f"pickerctl present form exited {code} printing {out.strip()!r} {err.strip()!r}")


@scenario
def form_rejection_marks_the_field(page, procs):
    asking = shown(page, procs, "form", "--title", "Ticket form", "--field", "name:text", "--field", 'code:text:{"pattern":"[0-9]+"}')
    name = page.sheet().find_element(page.By.CSS_SELECTOR, "[data-field=name] input")
    code = page.sheet().find_element(page.By.CSS_SELECTOR, "[data-field=code] input")
    name.send_keys("Ada")
    code.send_keys("abc")
    page.button("Submit").click()
    wait_until(lambda: page.alert_text(), "the rejection in role=alert")
    field = page.sheet().find_element(page.By.CSS_SELECTOR, "[data-field=code]")
    check("invalid" in field.get_attribute("class"), "the rejected field is not marked")
    check(code.get_attribute("aria-invalid") == "true", "the rejected field's input is not aria-invalid")
    check(name.get_attribute("value") == "Ada" and code.get_attribute("value") == "abc", "what was typed was lost")
    code.clear()
    code.send_keys("42", page.Keys.ENTER)
    result, out, err = asking.finish()
    check(result == 0 and json.loads(out) == {"name": "Ada", "code": "42"}, f"exit {result}: {out.strip()!r} {err.strip()!r}")


@scenario
def a_preset_field_is_drawn_by_its_base(page, procs):
    """Each field of a preset kind is drawn by its base's control, from the shape
    pickerweb sends for it, and answered in its base's value shape."""
    asking = shown(page, procs, "form", "--title", "Roll out", "--field", "day:release-day", "--field", "region:constructor")
    day = page.sheet().find_element(page.By.CSS_SELECTOR, "[data-field=day]")
    check("shape-date" in day.get_attribute("class"), f"the release-day field is not drawn as a date: {day.get_attribute('class')}")
    check(not day.find_elements(page.By.CSS_SELECTOR, "input, textarea"), "the release-day field is a text box")
    check(page.selected("Day") == ["04"], f"the preset's initial day is not shown: {page.selected('Day')}")
    region = page.sheet().find_element(page.By.CSS_SELECTOR, "[data-field=region]")
    check("shape-list" in region.get_attribute("class"), f"the constructor field is not drawn as a list: {region.get_attribute('class')}")
    check(page.options("region") == ["eu", "us", "ap"], f"the list's choices are not offered: {page.options('region')}")
    page.click_option("Day", "05")
    page.click_option("region", "us")
    page.button("Submit").click()
    code, out, err = asking.finish()
    check(code == 0 and json.loads(out) == {"day": "2026-12-05", "region": ["us"]},
          f"pickerctl form exited {code} printing {out.strip()!r} {err.strip()!r}")


class RPCAsker:
    """An asker on a connection of its own to pickerd, speaking JSON-RPC as a script would: a form's
    progress field is moved only by the connection that presented the form (pickerctl has no way to)."""

    def __init__(self, procs):
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.connect(procs.socket)
        self.lines = self.connection.makefile("r", encoding="utf-8")
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.connection.sendall((json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}) + "\n").encode())
        self.connection.settimeout(20)
        while True:
            message = json.loads(self.lines.readline())
            if message.get("id") == self.next_id:
                check("result" in message, f"{method} was refused: {message}")
                return message["result"]

    def close(self):
        self.connection.close()


@scenario
def a_progress_field_follows_its_asker_beside_a_secret_field(page, procs):
    """A form with a secret field is never sent as a live update, and its live value has no secret in it; the bar
    still follows its asker, and the PIN typed meanwhile is submitted."""
    asker = RPCAsker(procs)
    try:
        fields = [{"name": "pin", "kind": "text", "label": "Signing PIN", "options": {"secure": True}},
                  {"name": "upload", "kind": "progress", "label": "Uploading"}]
        window = asker.call("present", kind="form", title="Sign the upload", options={"fields": fields})["window"]
        page.wait_title("Sign the upload")
        bar = field_part(page, "upload", "[role=progressbar][aria-label]")
        pin = field_part(page, "pin", "input")
        pin.send_keys("4711")
        asker.call("update", window=window, value={"upload": {"percent": 40}})
        wait_until(lambda: bar.get_attribute("aria-valuenow") == "40", "the bar does not follow its asker beside a secret")
        check(pin.get_attribute("value") == "4711", "the asker's update undid the PIN typed")
        page.button("Submit").click()
        outcome = asker.call("wait", window=window)
        check(outcome["reason"] == "submitted" and outcome["value"] == {"pin": "4711", "upload": {"percent": 40}},
              f"the form ended {outcome}")
    finally:
        asker.close()


@scenario
def a_progress_field_in_a_form_follows_its_asker_while_the_person_types(page, procs):
    """The asker moves a form's progress field while the person writes the notes: the bar (role=progressbar,
    read-only) follows, what was typed stays, and the submitted form holds the bar's last value."""
    asker = RPCAsker(procs)
    try:
        # The bar first: the focus still goes to the notes, the first field the person fills in.
        fields = [{"name": "upload", "kind": "progress", "label": "Uploading"},
                  {"name": "notes", "kind": "text", "label": "Release notes"}]
        window = asker.call("present", kind="form", title="Release upload", options={"fields": fields})["window"]
        page.wait_title("Release upload")
        bar = field_part(page, "upload", "[role=progressbar][aria-label]")
        check(bar.get_attribute("aria-valuenow") == "0", f"the bar starts at {bar.get_attribute('aria-valuenow')!r}")
        check(not field_part(page, "upload", ".set-field").is_displayed(), "the bar offers Set or Clear")
        notes = field_part(page, "notes", "input")
        wait_until(lambda: page.focused() == notes, "the focus on the notes, the first field the person fills in")
        notes.send_keys("Fixes")
        asker.call("update", window=window, value={"upload": {"percent": 40, "text": "2 of 5 files"}})
        wait_until(lambda: bar.get_attribute("aria-valuenow") == "40", "the bar does not follow its asker")
        wait_until(lambda: "2 of 5 files" in page.sheet().text, "the asker's text is not shown")
        notes.send_keys(" bugs")
        asker.call("update", window=window, value={"upload": {"percent": 75}})
        wait_until(lambda: bar.get_attribute("aria-valuenow") == "75", "the bar does not move on while the person types")
        check(notes.get_attribute("value") == "Fixes bugs", f"the asker's update undid the typing: {notes.get_attribute('value')!r}")
        page.button("Submit").click()
        outcome = asker.call("wait", window=window)
        check(outcome["reason"] == "submitted" and outcome["value"] == {"upload": {"percent": 75}, "notes": "Fixes bugs"},
              f"the form ended {outcome}")
    finally:
        asker.close()


# ---- the stack: takeovers, rejections, switching, live values

@scenario
def alert_takes_over_live(page, procs):
    notes = procs.ask("text", "--title", "Notes")
    page.wait_title("Notes")
    page.js("window.__sameDocument = 42")
    page.keys("draft words")
    alert = procs.ask("text", "--secure", "--level", "alert", "--title", "Password for backup@nas")
    page.wait_title("Password for backup@nas")
    check(page.modal_open(), "the alert is not shown in a modal dialog")
    check(page.js("return window.__sameDocument") == 42, "the page was reloaded")
    check(page.focused().get_attribute("type") == "password", f"focus is on {page.focused_name()!r}, not the password field")
    page.keys("s3cret")
    page.wait_grace()
    page.keys(page.Keys.ENTER)
    alert.expect(0, "s3cret\n")
    page.wait_title("Notes")
    check(not page.modal_open(), "the modal stayed open after the alert ended")
    field = page.sheet().find_element(page.By.TAG_NAME, "input")
    check(field.get_attribute("value") == "draft words", f"what was typed before the alert is gone: {field.get_attribute('value')!r}")
    check(page.focused() == field, "focus did not come back to the text field")
    page.wait_grace()
    page.keys(page.Keys.ENTER)
    notes.expect(0, "draft words\n")


# ---- who asks

@scenario
def who_asks_is_shown_under_the_title(page, procs):
    asking = shown(page, procs, "text", "--title", "Deploy tag")
    asker = lambda: page.sheet().find_element(page.By.CLASS_NAME, "asker")
    user = pwd.getpwuid(os.getuid()).pw_name
    wait_until(lambda: asker().is_displayed() and asker().text == f"asked by {user} via pickerctl",
               f"'asked by {user} via pickerctl' under the title")
    check("another-user" not in asker().get_attribute("class"), "the person's own window is marked as another user's")
    page.keys("v1.2", page.Keys.ENTER)
    asking.expect(0, "v1.2\n")


@scenario
def rejection_is_shown_and_the_window_stays(page, procs):
    asking = shown(page, procs, "text", "--title", "Ticket", "--pattern", "[A-Z]+-[0-9]+")
    page.keys("nope", page.Keys.ENTER)
    wait_until(lambda: page.alert_text(), "the rejection in role=alert")
    time.sleep(0.3)  # a fixed pause: nothing signals a window that wrongly goes, so it is given time to
    check(page.title() == "Ticket", "the window did not stay")
    check(asking.process.poll() is None, "pickerctl ended after a rejected value")
    field = page.sheet().find_element(page.By.TAG_NAME, "input")
    check(field.get_attribute("value") == "nope", "what was typed was lost")
    field.clear()
    field.send_keys("OPS-7", page.Keys.ENTER)
    asking.expect(0, "OPS-7\n")
    check(not page.errors(), f"the page logged errors: {page.errors()}")


@scenario
def switching_through_the_list(page, procs):
    first = procs.ask("text", "--title", "First question")
    page.wait_title("First question")
    second = procs.ask("text", "--title", "Second question")
    page.wait_title("Second question")
    others = page.others()
    check(len(others) == 1 and "First question" in others[0] and "normal" in others[0].lower(),
          f"the other window is not listed with its level and title: {others}")
    page.driver.find_element(page.By.CSS_SELECTOR, "#others button").click()
    page.wait_title("First question")
    check(any("Second question" in text for text in page.others()), "the window switched from is not listed")
    field = page.sheet().find_element(page.By.TAG_NAME, "input")
    field.send_keys("one")
    page.done().click()
    first.expect(0, "one\n")
    page.wait_title("Second question")
    page.sheet().find_element(page.By.TAG_NAME, "input").send_keys("two")
    page.done().click()
    second.expect(0, "two\n")


@scenario
def updates_go_both_ways(page, procs):
    asking = procs.ask("custom", "--label", "Env", "--label", "Region", "--column", "prod,staging,dev", "--column", "us,eu",
                       "--title", "Target")
    page.wait_title("Target")
    page.click_option("Env", "staging")
    wait_until(lambda: procs.get().get("value") == ["staging", "us"], "pickerctl get to show the page's update")
    result = procs.ctl("update", "dev", "eu")
    check(result.returncode == 0, f"pickerctl update failed: {result.stderr.strip()}")
    wait_until(lambda: page.selected("Env") == ["dev"] and page.selected("Region") == ["eu"],
               "the page to show pickerctl's update")
    page.done().click()
    asking.expect(0, "dev\teu\n")
    # And a text field, which the person may be focused in.
    asking = shown(page, procs, "text", "--title", "Name")
    page.keys("Ad")
    wait_until(lambda: procs.get().get("value") == "Ad", "pickerctl get to show what was typed")
    procs.ctl("update", "Grace")
    wait_until(lambda: page.sheet().find_element(page.By.TAG_NAME, "input").get_attribute("value") == "Grace",
               "the text field to show pickerctl's update")
    page.keys(" Hopper", page.Keys.ENTER)
    asking.expect(0, "Grace Hopper\n")


@scenario
def html_in_a_title_is_text(page, procs):
    title = "<img src=x onerror=alert(1)><b>bold</b>"
    asking = shown(page, procs, "actions", "--title", title, "--message", "<script>alert(2)</script>", "--action", "<i>OK</i>")
    check(not page.driver.find_elements(page.By.CSS_SELECTOR, ".sheet img, .sheet b, .sheet i, .sheet script"),
          "markup from the window became elements")
    check("<script>alert(2)</script>" in page.sheet().text, "the message is not shown as text")
    page.button("<i>OK</i>").click()
    asking.expect(0, "<i>OK</i>\n")
    try:
        page.driver.switch_to.alert.dismiss()
        raise Failure("a script from the title ran")
    except Failure:
        raise
    except Exception:
        pass


@scenario
def an_agents_approval_shows_its_details_in_full(page, procs):
    """pickermcp's approve (issue 35), asked by an MCP host on its stdio: the
    details in full in the message, which scrolls; escapes shown as text; the
    person rejects with a reason, and the host gets {approved: false, reason}."""
    import subprocess
    pickermcp = os.path.join(os.path.dirname(procs.pickerctl_path), "pickermcp")
    server = subprocess.Popen([pickermcp, "--socket", procs.socket], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=procs.env)
    details = "".join(f"+replicas line {n}\n" for n in range(80)) + "\x1b]0;owned\x07 <b>end</b> \u202eevil"
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "approve", "arguments": {
            "title": "Deploy api?", "message": "The agent wants to scale api.", "details": details, "timeout_s": 120}}},
    ]
    try:
        server.stdin.write("".join(json.dumps(request) + "\n" for request in requests).encode())
        server.stdin.flush()
        page.wait_title("Deploy api?")
        message = page.sheet().find_element(page.By.CSS_SELECTOR, ".message")
        check(message.get_attribute("textContent") == "The agent wants to scale api.\n\n" + details, "the details are not shown in full")
        check(page.js("return arguments[0].scrollHeight > arguments[0].clientHeight", message), "long details do not scroll")
        check(not page.driver.find_elements(page.By.CSS_SELECTOR, ".sheet .message b"), "markup in the details became elements")
        check(page.options("Decision") == ["Approve", "Reject"], f"the decision offers {page.options('Decision')}")
        check(field_part(page, "decision", ".not-set").is_displayed(), "a decision is taken before the person takes one")
        page.click_option("Decision", "Reject")
        reason = page.sheet().find_element(page.By.CSS_SELECTOR, "[data-field=reason] textarea, [data-field=reason] input")
        reason.click()
        reason.send_keys("not before the freeze ends")
        page.button("Submit").click()
        server.stdout.readline()
        reply = json.loads(server.stdout.readline())
        structured = reply["result"].get("structuredContent", {})
        check(not reply["result"].get("isError") and structured.get("approved") is False
              and structured.get("reason") == "not before the freeze ends", f"the host got {reply}")
    finally:
        server.stdin.close()
        server.wait(30)


@scenario
def phone_size_has_no_sideways_scroll(page, procs):
    """Each kind at 390×844 fits its width; with --screenshots, each kind at both sizes."""
    problems = []
    try:
        for name, arguments in KINDS.items():
            procs.dismiss_all()
            if name == "datetime":  # with older windows waiting, listed to switch to
                for older in ("Backup target", "Deploy approval"):
                    procs.ctl("text", "--title", older, "--no-wait")
            asking = procs.ask(*arguments)
            title = arguments[arguments.index("--title") + 1]
            for size in (PHONE, DESKTOP):
                page.size(size)
                page.open()
                page.wait_title(title)
                page.next_frame()
                if size == PHONE:
                    fits, why = page.no_sideways_scroll()
                    if not fits:
                        problems.append(f"{name}: {why}")
                if page.screenshots:
                    page.screenshot(os.path.join(page.screenshots, f"{name}-{'phone' if size == PHONE else 'desktop'}.png"))
                    if size == PHONE and name in ("datetime", "actions"):
                        page.dark(True)
                        page.next_frame()
                        page.screenshot(os.path.join(page.screenshots, f"{name}-phone-dark.png"))
                        page.dark(False)
            asking.kill()
    finally:
        page.size(DESKTOP)
    check(not problems, "; ".join(problems))


# ---- a form taller than the screen, with more windows waiting than fit beside it

def tall_form(title):
    """A form of 16 fields, text and wheels (positioned elements, which must scroll under the toolbar)."""
    fields = []
    for n in range(1, 9):
        fields += ["--field", f"note{n}:text", "--field", f'env{n}:custom:{{"columns":[["prod","dev"]],"initial":["dev"]}}']
    return ["form", "--title", title, *fields]


def overlaps(a, b):
    return bool(a and b) and a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def on_screen(rect, layout):
    return bool(rect) and rect["top"] >= 0 and rect["left"] >= 0 and \
        rect["bottom"] <= layout["viewport"]["height"] and rect["right"] <= layout["viewport"]["width"]


def toolbar_problems(layout, where):
    """What is wrong with the key window's toolbar in `layout`: off screen, or its Done button covered."""
    if not on_screen(layout["toolbar"], layout):
        return [f"{where}: the toolbar is not on screen ({layout['toolbar']}, viewport {layout['viewport']})"]
    if not layout["doneUncovered"]:
        return [f"{where}: something covers the toolbar's {layout['title']!r} Submit button"]
    return []


@scenario
def a_tall_forms_toolbar_stays_on_screen_and_the_toast_clear_of_it(page, procs):
    """At 390×844 and 1280×657, with a form taller than the screen and 15 other windows waiting: the
    Cancel/Submit toolbar is on screen and uncovered wherever the page is scrolled, and the "Answered"
    toast is on screen, clear of the next window's toolbar and of the "Also waiting" heading. An alert's
    tall form keeps its toolbar on screen within its dialog too."""
    problems = []
    asking = []
    try:
        for size in (PHONE, LAPTOP):
            where = "phone" if size == PHONE else "laptop"
            procs.dismiss_all()
            for n in range(1, 16):
                procs.ctl("text", "--title", f"Waiting {n}", "--no-wait")
            asking.append(procs.ask(*tall_form("Next form")))
            procs.wait_for_windows(16)  # the form answered below comes last, so it is the key window
            answered = procs.ask(*tall_form("Tall form"))
            asking.append(answered)
            page.size(size)
            page.open()
            page.wait_title("Tall form")
            top, bottom = page.layouts("top", "bottom")
            check(bottom["scrollY"] > 0, f"{where}: the page does not scroll, so the form is not taller than the screen")
            problems += toolbar_problems(top, f"{where}, at the top") + toolbar_problems(bottom, f"{where}, scrolled down")
            page.button("Submit").click()
            code, out, err = answered.finish()
            check(code == 0 and len(json.loads(out)) == 16, f"pickerctl form exited {code} printing {out.strip()!r} {err.strip()!r}")

            def toast_and_next():
                layouts = page.layouts("now", "top", "bottom")
                shown = all(l["title"] == "Next form" and l["toastText"].startswith("Answered") for l in layouts)
                return layouts if shown else None
            # One read as soon as both show: the toast goes after a few seconds.
            for layout in wait_until(toast_and_next, f"{where}: the Answered toast over the next form"):
                at = f"{where}, toast shown, scrolled to the {layout['where']}"
                problems += toolbar_problems(layout, at)
                if not on_screen(layout["toast"], layout):
                    problems.append(f"{at}: the toast is not on screen ({layout['toast']})")
                if overlaps(layout["toast"], layout["toolbar"]):
                    problems.append(f"{at}: the toast {layout['toast']} covers the toolbar {layout['toolbar']}")
                if not layout["heading"]:
                    problems.append(f"{at}: the 'Also waiting' heading is not shown")
                elif overlaps(layout["toast"], layout["heading"]):
                    problems.append(f"{at}: the toast {layout['toast']} covers the 'Also waiting' heading {layout['heading']}")
            # An alert's tall form scrolls within its dialog, its toolbar pinned there.
            alert = procs.ask(*tall_form("Alert form"), "--level", "alert")
            asking.append(alert)
            page.wait_title("Alert form")
            top, bottom = page.layouts("top", "bottom")
            check(bottom["dialogScrollTop"] > 0, f"{where}: the alert's form does not scroll in its dialog")
            problems += toolbar_problems(top, f"{where}, an alert at the top") + \
                toolbar_problems(bottom, f"{where}, an alert scrolled down")
    finally:
        for process in asking:
            process.kill()
        page.size(DESKTOP)
    check(not problems, "; ".join(problems))


@scenario
def quiet_hours_banner(page, procs):
    result = procs.ctl("quiet", "--below", "alert", "--for", "1h")
    check(result.returncode == 0, f"pickerctl quiet failed: {result.stderr.strip()}")
    try:
        held = procs.ask("text", "--title", "Held back")
        banner = page.driver.find_element(page.By.ID, "quiet")
        wait_until(lambda: banner.is_displayed() and "1 window waits" in banner.text, "the quiet-hours banner to count the waiting window")
        check(page.sheet() is None, "a window below the quiet level is shown as key")
        alert = procs.ask("text", "--level", "alert", "--title", "Breaks through")
        page.wait_title("Breaks through")
        check(page.modal_open(), "the alert is not a modal")
        page.keys("now", page.Keys.ENTER)
        alert.expect(0, "now\n")
    finally:
        procs.ctl("quiet", "off")
    page.wait_title("Held back")
    wait_until(lambda: not banner.is_displayed(), "the banner to go when quiet hours end")
    page.wait_grace()
    page.keys("later", page.Keys.ENTER)
    held.expect(0, "later\n")


@scenario
def daemon_away_and_back(page, procs):
    asking = shown(page, procs, "text", "--title", "Survives a restart", "--reconnect", "60s")
    page.keys("kept")
    wait_until(lambda: procs.get().get("value") == "kept", "the typed text to reach pickerd")
    procs.stop_daemon()
    notice = page.driver.find_element(page.By.ID, "notice")
    wait_until(lambda: notice.is_displayed() and "pickerd" in notice.text, "the page to say pickerd is away", timeout=20)
    procs.start_daemon()
    page.wait_title("Survives a restart", timeout=30)
    wait_until(lambda: not notice.is_displayed(), "the notice to go once pickerd is back", timeout=20)
    field = page.sheet().find_element(page.By.TAG_NAME, "input")
    check(field.get_attribute("value") == "kept", f"what was typed is gone after the restart: {field.get_attribute('value')!r}")
    page.keys(" safe", page.Keys.ENTER)
    asking.expect(0, "kept safe\n", timeout=30)
