"""Headless Chromium through Selenium, with the few looks and moves the
scenarios make on pickerweb's page, each as a person would: by role and name."""

import shutil

from harness import DESKTOP, PHONE, Failure, check, wait_until

GRACE = 0.8  # seconds: a window that takes over ignores Enter and Escape for a moment

LAYOUTS_SCRIPT = """
const box = (node) => {
  if (!node || !node.getClientRects().length) return null;
  const r = node.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
};
const sheet = document.querySelector('#modal[open] .sheet') || document.querySelector('#host .sheet');
const toolbar = sheet && sheet.querySelector('.toolbar');
const done = toolbar && toolbar.querySelector('.done');
const read = () => {
  const at = box(done);
  const hit = at && document.elementFromPoint((at.left + at.right) / 2, (at.top + at.bottom) / 2);
  return {
    viewport: {width: innerWidth, height: innerHeight}, scrollY, dialogScrollTop: document.getElementById('modal').scrollTop,
    title: sheet && sheet.querySelector('h1').textContent,
    toolbar: box(toolbar), done: at, doneUncovered: Boolean(hit && done.contains(hit)),
    toast: box(document.getElementById('status')), toastText: document.getElementById('status').textContent,
    heading: box(document.getElementById('others-heading')),
  };
};
// An alert's sheet scrolls within its dialog; the page behind it scrolls too.
const scrollers = [document.scrollingElement, document.querySelector('#modal[open]')].filter(Boolean);
return arguments[0].map((where) => {
  for (const scroller of scrollers) {
    if (where === 'top') scroller.scrollTop = 0;
    if (where === 'bottom') scroller.scrollTop = scroller.scrollHeight;
  }
  return {where, ...read()};
});
"""


def find_program(*names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def start_chromium():
    """A headless Chromium, or a Failure that says what is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        raise Failure("Selenium is not installed: pip install selenium")
    chromium = find_program("chromium", "chromium-browser", "google-chrome")
    driver_path = find_program("chromedriver")
    if not chromium or not driver_path:
        raise Failure("Chromium and its driver are not installed: apt-get install chromium chromium-driver")
    options = Options()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--force-color-profile=srgb", "--hide-scrollbars", "--lang=en-US", "--force-prefers-reduced-motion"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_window_size(*DESKTOP)
    return driver


class Page:
    """The page in the browser."""

    def __init__(self, driver, processes):
        self.driver, self.processes = driver, processes
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        self.By, self.Keys = By, Keys
        self.has_session = False
        self.last_window = None

    # ---- where the page is

    def open(self):
        """Loads the page afresh: with the token the first time, then on the session's cookie."""
        self.driver.get("about:blank")
        self.driver.get(self.processes.base if self.has_session else self.processes.url)
        self.has_session = True
        wait_until(lambda: self.js("return document.readyState") == "complete", "the page to load")
        wait_until(lambda: not self.js("return !!location.hash"), "the token to leave the address bar")

    def size(self, which):
        """The viewport: exactly the phone's or the desktop's width and height."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": which[0], "height": which[1], "deviceScaleFactor": 1, "mobile": which == PHONE})

    def dark(self, on):
        """Emulates a system set to dark mode (prefers-color-scheme)."""
        features = [{"name": "prefers-color-scheme", "value": "dark" if on else ""}]
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def next_frame(self):
        """Returns once the page has drawn a frame after this call: what was just done is laid out and painted."""
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done()))")

    def wait_grace(self):
        """Waits until the page takes Enter and Escape again after a window took over (app.js's GRACE, by the page's clock)."""
        wait_until(lambda: self.js("return Date.now() >= app.graceUntil"), "the takeover grace to end", timeout=GRACE + 10)

    def cookie(self):
        return "; ".join(f"{c['name']}={c['value']}" for c in self.driver.get_cookies())

    # ---- the key window

    def sheet(self):
        """The key window's sheet on screen (in the page or in the modal dialog)."""
        sheets = [s for s in self.driver.find_elements(self.By.CSS_SELECTOR, "#host .sheet, #modal[open] .sheet") if s.is_displayed()]
        return sheets[0] if sheets else None

    def title(self):
        sheet = self.sheet()
        return sheet.find_element(self.By.CSS_SELECTOR, "h1, h2").text if sheet else None

    def shown_title(self):
        """The title on screen, for a message: never fails."""
        try:
            return self.title()
        except Exception:
            return "(redrawing)"

    def wait_title(self, title, timeout=10, new=False):
        """Waits for the sheet of a window titled `title`; with `new`, of another window than the last one waited for."""
        def shown():
            sheet = self.sheet()
            return sheet and self.title() == title and (not new or sheet.get_attribute("data-window") != self.last_window)
        try:
            wait_until(shown, f"the sheet titled {title!r}", timeout)
        except Failure:
            raise Failure(f"timed out waiting for the sheet titled {title!r} (showing {self.shown_title()!r})")
        self.next_frame()  # wheels align on the next frame
        sheet = self.sheet()
        self.last_window = sheet.get_attribute("data-window")
        return sheet

    def wait_empty(self):
        wait_until(lambda: self.sheet() is None and self.driver.find_element(self.By.ID, "empty").is_displayed(),
                   "the empty state")

    def button(self, name):
        """A button of the sheet named by its visible text."""
        for button in self.sheet().find_elements(self.By.TAG_NAME, "button"):
            if button.text.strip() == name and button.is_displayed():
                return button
        raise Failure(f"no button named {name!r} in the sheet")

    def done(self):
        for name in ("Done", "Submit"):
            try:
                return self.button(name)
            except Failure:
                pass
        raise Failure("no Done or Submit button in the sheet")

    def listbox(self, label):
        boxes = [b for b in self.sheet().find_elements(self.By.CSS_SELECTOR, "[role=listbox]")
                 if b.get_attribute("aria-label") == label]
        check(boxes, f"no listbox named {label!r}")
        return boxes[0]

    def options(self, label):
        return [o.get_attribute("textContent") for o in self.listbox(label).find_elements(self.By.CSS_SELECTOR, "[role=option]")]

    def selected(self, label):
        chosen = self.listbox(label).find_elements(self.By.CSS_SELECTOR, "[role=option][aria-selected=true]")
        return [o.get_attribute("textContent") for o in chosen]

    def option(self, label, text):
        for option in self.listbox(label).find_elements(self.By.CSS_SELECTOR, "[role=option]"):
            if option.get_attribute("textContent") == text:
                return option
        raise Failure(f"listbox {label!r} has no option {text!r}")

    def click_option(self, label, text):
        option = self.option(label, text)
        # Into view within its wheel first, as a person scrolls to it, then a click.
        self.js("arguments[0].scrollIntoView({block: 'center'})", option)
        self.next_frame()
        option.click()

    def scroll_wheel_to(self, label, index):
        """A touch or mouse-wheel scroll that comes to rest on row `index`."""
        self.js("const box = arguments[0]; box.scrollTop = arguments[1] * box.querySelector('[role=option]').offsetHeight;",
                self.listbox(label), index)

    def focused(self):
        return self.driver.switch_to.active_element

    def focused_name(self):
        return self.focused().get_attribute("aria-label") or self.focused().text

    def keys(self, *keys):
        """Keys typed into whatever has focus, one after another."""
        for key in keys:
            self.focused().send_keys(key)
            self.next_frame()

    def shift_tab(self):
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).key_down(self.Keys.SHIFT).send_keys(self.Keys.TAB).key_up(self.Keys.SHIFT).perform()

    def alert_text(self):
        sheet = self.sheet()
        alerts = sheet.find_elements(self.By.CSS_SELECTOR, "[role=alert]") if sheet else []
        return " ".join(a.text for a in alerts).strip()

    def modal_open(self):
        return self.js("const d = document.querySelector('dialog[open]'); return !!d && d.matches(':modal') && !!d.querySelector('.sheet')")

    def others(self):
        return [b.text for b in self.driver.find_elements(self.By.CSS_SELECTOR, "#others button")]

    def layouts(self, *scrolls):
        """Where the key window's toolbar, its Done button, the toast and the "Also waiting" heading are, as
        viewport rectangles {left, top, right, bottom} (None where not shown), at each vertical scroll
        position in `scrolls` ("now", "top" or "bottom", of the page and of an alert's dialog), all read in one script so nothing redraws between
        them. Each layout also says whether the Done button is uncovered at its centre, and the page's and
        the dialog's scroll."""
        return self.js(LAYOUTS_SCRIPT, list(scrolls))

    def no_sideways_scroll(self):
        width, inner = self.js("return [document.documentElement.scrollWidth, window.innerWidth]")
        return width <= inner, f"scrollWidth {width} > innerWidth {inner}"

    def errors(self):
        """Script errors the page logged (resources pickerweb does not serve, like a favicon, are not the page's)."""
        return [e["message"] for e in self.driver.get_log("browser")
                if e["level"] == "SEVERE" and "favicon" not in e["message"] and "Failed to load resource" not in e["message"]]

    def screenshot(self, path):
        self.driver.save_screenshot(path)
