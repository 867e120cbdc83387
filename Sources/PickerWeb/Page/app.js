'use strict';
// pickerd's web page: shows the key window as a phone-style picker sheet and
// answers it through pickerweb's HTTP interface (docs/web.md). Every piece of
// text from the daemon goes in with textContent, never as HTML.

const ALERT_LEVEL = 2000;
const UPDATE_DELAY = 150; // ms of stillness before a live `update` is sent
const GRACE = 600; // ms a window that takes over ignores Enter and Escape
const RETRY = 3000; // ms between tries while pickerweb or pickerd is away

const $ = (id) => document.getElementById(id);
const coarsePointer = window.matchMedia('(pointer: coarse)').matches;

const app = {
  state: null,
  skew: 0, // the server's clock minus ours
  views: new Map(), // window id → its view, kept while the window is open so what was typed survives a takeover
  key: null, // the view on screen
  graceUntil: 0,
  refreshing: false,
  again: false,
  healthy: true,
  noSession: false,
  othersSignature: '',
  readAt: 0, // when the state being drawn was asked for
};

document.addEventListener('DOMContentLoaded', start);

async function start() {
  document.addEventListener('keydown', onKey);
  // A modal dialog closes itself on Escape; here Escape answers the window instead.
  $('modal').addEventListener('cancel', (event) => event.preventDefault());
  // `#window=ID` (pickerctl notify's Open) brings that window forward once signed in.
  const wanted = /(?:^#|&)window=([^&]*)/.exec(location.hash);
  await openSession();
  if (wanted) history.replaceState(null, '', location.pathname + location.search);
  connectEvents();
  await refresh();
  if (wanted) await raiseWindow(decodeURIComponent(wanted[1]));
  setInterval(tick, 1000);
  setInterval(() => { if (!app.healthy) refresh(); }, RETRY);
}

// ---------------------------------------------------------------- helpers

/** An element with attributes (`text` is its textContent, `on…` a listener) and children. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, '');
    else if (value !== false && value != null) node.setAttribute(name, String(value));
  }
  for (const child of children) if (child != null && child !== false) node.append(child);
  return node;
}

let lastId = 0;
const uniqueId = (prefix) => `${prefix}-${++lastId}`;
const pad = (n) => String(n).padStart(2, '0');
const isAlert = (win) => win.level >= ALERT_LEVEL || win.level_name === 'alert';
const levelText = (win) => win.level_name || String(win.level);

function badge(win) {
  return el('span', { class: `badge level-${levelText(win)}${isAlert(win) ? ' alert' : ''}`, text: levelText(win) });
}

/** 42s, 5m, 3h, 2d: how long ago. */
function age(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}

/** 9:05 or 1:02:03: how long is left. */
function countdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

// ---------------------------------------------------------------- talking to pickerweb

async function api(path, body) {
  const init = { credentials: 'same-origin' };
  if (body !== undefined) {
    init.method = 'POST';
    init.headers = { 'Content-Type': 'application/json', 'X-Picker-CSRF': '1' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = {};
  try { data = await response.json(); } catch { /* an empty answer */ }
  return { status: response.status, ok: response.ok, data: data || {} };
}

/** Trades the token in the URL's fragment for a session cookie, and drops it from the address bar. */
async function openSession() {
  const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  if (!match) return;
  history.replaceState(null, '', location.pathname + location.search);
  try {
    const response = await fetch('/session', {
      method: 'POST', credentials: 'same-origin', body: '{}',
      headers: { 'X-Picker-Token': decodeURIComponent(match[1]), 'X-Picker-CSRF': '1', 'Content-Type': 'application/json' },
    });
    app.tokenRefused = !response.ok;
  } catch {
    app.tokenRefused = false;
  }
}

/** Follows the daemon's events; each one only says "read the state again". */
function connectEvents() {
  const source = new EventSource('/events');
  for (const type of ['change', 'sync', 'daemon']) source.addEventListener(type, refresh);
  source.addEventListener('error', () => {
    // EventSource retries by itself, unless the answer was not a stream (401, pickerweb gone): then start anew.
    app.healthy = false;
    if (source.readyState === EventSource.CLOSED) setTimeout(connectEvents, RETRY);
  });
}

/** Reads /api/state and draws it; calls that come while one runs make it run once more. */
async function refresh() {
  if (app.refreshing) { app.again = true; return; }
  app.refreshing = true;
  try {
    do {
      app.again = false;
      let response;
      try {
        app.readAt = performance.now();
        response = await api('/api/state');
      } catch {
        showAway('pickerweb cannot be reached; trying again…');
        continue;
      }
      if (response.status === 401) { showNoSession(); break; }
      if (!response.ok) { showAway(response.data.error || `pickerweb answered ${response.status}; trying again…`); continue; }
      app.noSession = false;
      render(response.data);
    } while (app.again);
  } finally {
    app.refreshing = false;
  }
}

async function windowRequest(view, verb, body = {}) {
  try {
    return await api(`/api/windows/${encodeURIComponent(view.id)}/${verb}`, body);
  } catch {
    setError(view, 'pickerweb cannot be reached; try again in a moment.');
    return null;
  }
}

// ---------------------------------------------------------------- drawing the state

function setNotice(text) {
  $('notice').textContent = text;
  $('notice').hidden = !text;
}

function showAway(text) {
  app.healthy = false;
  setNotice(text);
}

function showNoSession() {
  app.healthy = false;
  app.noSession = true;
  setNotice(app.tokenRefused
    ? 'This address’s token was refused: open the address pickerweb printed most recently (it is also in $XDG_RUNTIME_DIR/pickerd/web-url).'
    : 'To answer pickers here, open the address that pickerweb printed when it started (it is also in $XDG_RUNTIME_DIR/pickerd/web-url).');
  showKey(null);
  renderOthers([]);
  $('empty').hidden = true;
}

function render(state) {
  app.state = state;
  app.skew = (Date.parse(state.now) || Date.now()) - Date.now();
  app.healthy = state.connected !== false;
  setNotice(app.healthy ? '' : 'pickerd is not running or cannot be reached; trying again…');
  const windows = state.windows || [];
  renderQuiet(state.quiet, windows);
  // While pickerd is away its windows are not known to have ended: keep what was typed.
  if (app.healthy) forgetEnded(windows);
  const key = windows.find((win) => win.window === state.key) || null;
  showKey(key);
  renderOthers(windows.filter((win) => win !== key));
  $('empty').hidden = Boolean(key) || !app.healthy;
  $('empty-title').textContent = windows.length ? 'Nothing to answer until quiet hours end.' : 'No picker is waiting.';
  document.title = key ? `${key.title} — pickerd` : 'pickerd';
  tick();
}

/** Quiet hours: from `state.quiet`, or else from windows the daemon holds back (state `waiting`). */
function renderQuiet(quiet, windows) {
  const banner = $('quiet');
  const held = windows.filter((win) => win.state === 'waiting').length;
  banner.hidden = !quiet && !held;
  if (banner.hidden) return;
  const until = Date.parse(quiet?.until);
  const when = Number.isNaN(until) ? '' : ` until ${new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  const waiting = quiet?.waiting ?? held;
  const level = quiet?.below_name || quiet?.below;
  const through = level != null ? ` ${level} windows and above still come through.` : '';
  banner.textContent = `Quiet hours${when}: ${waiting} ${waiting === 1 ? 'window waits' : 'windows wait'}.${through}`;
}

/** Drops the views of windows that ended. */
function forgetEnded(windows) {
  const open = new Set(windows.map((win) => win.window));
  for (const [id, view] of app.views) {
    if (open.has(id)) continue;
    clearTimeout(view.timer);
    app.views.delete(id);
  }
}

/** Puts the key window's view on screen: in the page, or in a modal dialog for an alert. */
function showKey(win) {
  const previous = app.key;
  let view = win ? app.views.get(win.window) : null;
  if (win && !view) {
    view = makeView(win);
    app.views.set(win.window, view);
  } else if (view) {
    updateView(view, win);
  }
  app.key = view;
  const modal = $('modal');
  const alert = Boolean(win) && isAlert(win);
  // Where focus goes, chosen before showModal() focuses the dialog's first button.
  const focusTarget = view && view !== previous ? view.focusTarget() : null;
  const place = alert ? modal : $('host');
  const other = alert ? $('host') : modal;
  if (view && view.root.parentNode !== place) place.replaceChildren(view.root);
  if (!view) place.replaceChildren();
  other.replaceChildren();
  if (alert && !modal.open) modal.showModal();
  if (!alert && modal.open) modal.close();
  if (view && view !== previous) {
    if (previous) app.graceUntil = Date.now() + GRACE; // a takeover: Enter meant for the last window must not answer this one
    view.control.align?.();
    focusTarget?.focus();
  }
}

function renderOthers(others) {
  $('others').hidden = others.length === 0;
  $('others-heading').textContent = `Also waiting (${others.length})`;
  const signature = JSON.stringify(others.map((w) => [w.window, w.title, w.level, w.level_name, w.state, w.created_at, w.asker]));
  if (signature === app.othersSignature) return;
  app.othersSignature = signature;
  const focused = document.activeElement?.dataset?.raise;
  $('others-list').replaceChildren(...others.map((win) => el('li', {},
    el('button', { type: 'button', class: 'other', 'data-raise': win.window, onclick: () => raiseWindow(win.window) },
      badge(win),
      el('span', { class: 'other-title', text: win.title || win.kind }),
      // Another user's window is marked in the list too, with who asks.
      win.asker?.another_user ? el('span', { class: 'other-asker', text: win.asker.text }) : null,
      el('span', { class: 'age', 'data-since': win.created_at })))));
  if (focused) document.querySelector(`[data-raise="${CSS.escape(focused)}"]`)?.focus();
}

async function raiseWindow(id) {
  try {
    const response = await api(`/api/windows/${encodeURIComponent(id)}/raise`, {});
    if (!response.ok) announce(response.data.error || 'That window could not be brought forward.');
  } catch {
    announce('pickerweb cannot be reached; try again in a moment.');
  }
  refresh();
}

/** A short line at the top that says what just happened; it goes after a few seconds. */
function announce(text) {
  $('status').textContent = text;
  clearTimeout(app.announced);
  app.announced = setTimeout(() => { $('status').textContent = ''; }, 4000);
}

/** Once a second: the key window's countdown and the other windows' ages. */
function tick() {
  const now = Date.now() + app.skew;
  const view = app.key;
  if (view) {
    const deadline = Date.parse(view.win.deadline);
    view.countdown.hidden = Number.isNaN(deadline);
    if (!Number.isNaN(deadline)) {
      view.countdown.textContent = `${countdown(deadline - now)} left`;
    }
  }
  for (const span of document.querySelectorAll('.age[data-since]')) {
    const since = Date.parse(span.dataset.since);
    span.textContent = Number.isNaN(since) ? '' : age(now - since);
  }
}

// ---------------------------------------------------------------- a window's sheet

function makeView(win) {
  const drawn = drawnAs(win.shape);
  const shape = drawn.name;
  const titleId = uniqueId('title');
  const view = {
    id: win.window, win, shape, secure: Boolean(win.secure),
    timer: 0, inflight: 0, answeredAt: 0, awaitingEcho: false, lastServer: JSON.stringify(win.value ?? null), lastFocus: null,
  };
  view.title = el('h1', { class: 'title', id: titleId });
  view.message = el('p', { class: 'message' });
  view.asker = el('p', { class: 'asker' });
  view.badge = el('span', { class: 'badge' });
  view.countdown = el('span', { class: 'countdown', hidden: true });
  view.error = el('p', { class: 'error', role: 'alert' });
  const context = {
    label: win.title || shape,
    window: win.window,
    changed: () => onEdit(view),
    submit: (value) => submit(view, value),
    cancel: () => cancel(view),
  };
  const value = win.value !== undefined ? win.value : (win.options || {}).initial;
  view.control = drawn.control(win.options || {}, value, context);
  // A watched window (a progress) is ended by its asker: no Done, and no Cancel unless it is cancellable.
  view.watched = Boolean(drawn.watched);
  const cancellable = !view.watched || (win.options || {}).cancellable !== false;
  const toolbar = el('div', { class: 'toolbar' },
    drawn.isSheet ? el('span', { class: 'toolbar-side' })
      : el('button', { type: 'button', class: 'cancel', text: 'Cancel', hidden: !cancellable, onclick: () => cancel(view) }),
    el('span', { class: 'toolbar-middle' }, view.badge, view.countdown),
    drawn.isSheet || view.watched ? el('span', { class: 'toolbar-side' })
      : el('button', { type: 'button', class: 'done', text: drawn.done, onclick: () => submit(view) }));
  view.root = el('section', { class: `sheet shape-${shape}`, 'aria-labelledby': titleId, 'data-window': win.window },
    toolbar, view.title, view.asker, view.message, el('div', { class: 'body' }, view.control.el), view.error);
  view.root.addEventListener('focusin', (event) => { view.lastFocus = event.target; });
  // Back where the person was, or on the control the first time.
  view.focusTarget = () => (view.lastFocus && view.root.contains(view.lastFocus) ? view.lastFocus : view.control.focusTarget());
  view.escape = () => (view.control.escape ? view.control.escape() : cancel(view));
  updateView(view, win);
  return view;
}

function updateView(view, win) {
  view.win = win;
  view.title.textContent = win.title || '';
  view.message.textContent = win.message || '';
  view.message.hidden = !win.message;
  // Who asks: pickerweb words it; another user's window is marked as such.
  view.asker.textContent = win.asker ? win.asker.text : '';
  view.asker.hidden = !win.asker;
  view.asker.classList.toggle('another-user', Boolean(win.asker && win.asker.another_user));
  view.badge.textContent = levelText(win);
  view.badge.className = `badge level-${levelText(win)}${isAlert(win) ? ' alert' : ''}`;
  view.root.classList.toggle('is-alert', isAlert(win));
  adoptValue(view, win);
}

/**
 * Shows a value set elsewhere (`pickerctl update`, another page). Not while the
 * person is editing here, and not the daemon's echo of our own update (what the
 * first state read after it was answered holds, if it is what we sent): drawing
 * that could undo what was typed since, or a space that `trim` took away.
 */
function adoptValue(view, win) {
  // What its asker moves (a progress, a form's progress field) is drawn as it is live, even while the person edits the rest.
  if (win.value !== undefined && !view.secure) view.control.follow?.(win.value);
  const seen = JSON.stringify(win.value ?? null);
  const editing = view.timer || view.inflight || app.readAt < view.answeredAt;
  const echo = !editing && view.awaitingEcho;
  if (echo) view.awaitingEcho = false;
  if (seen === view.lastServer) return;
  view.lastServer = seen;
  if (editing || (echo && sameAnswer(win.value, view.sent)) || win.value === undefined || view.secure) return;
  view.control.set(win.value);
}

/** Whether the daemon's `seen` is `sent` as the picker normalizes it: trimmed text, a date and time given its offset. */
function sameAnswer(seen, sent) {
  if (typeof seen === 'string' && typeof sent === 'string') {
    return seen === sent || seen === sent.trim() || (seen.startsWith(sent) && /^:00([+-]\d\d:\d\d|Z)$/.test(seen.slice(sent.length)));
  }
  if (Array.isArray(sent)) return Array.isArray(seen) && seen.length === sent.length && sent.every((v, i) => sameAnswer(seen[i], v));
  if (sent && typeof sent === 'object') return Boolean(seen) && typeof seen === 'object' && Object.keys(sent).every((k) => sameAnswer(seen[k], sent[k]));
  return JSON.stringify(seen) === JSON.stringify(sent);
}

/** The person changed something: say so to the daemon shortly after, unless it is a secret. */
function onEdit(view) {
  setError(view, '');
  if (view.secure) return; // a secure value goes only to submit
  clearTimeout(view.timer);
  view.timer = setTimeout(() => sendUpdate(view), UPDATE_DELAY);
}

async function sendUpdate(view) {
  view.timer = 0;
  view.inflight++;
  view.sent = view.control.value();
  // A value still being typed may not pass the picker's checks yet; the terminal ignores that too.
  await windowRequest(view, 'update', { value: view.sent });
  view.inflight--;
  view.answeredAt = performance.now();
  view.awaitingEcho = true;
  refresh();
}

async function submit(view, value = view.control.value()) {
  clearTimeout(view.timer); // the answer replaces any live update still to be sent
  view.timer = 0;
  const response = await windowRequest(view, 'submit', { value });
  if (!response) return;
  if (response.ok) {
    announce(`Answered “${view.win.title}”.`);
  } else if (response.status === 404) {
    announce(`“${view.win.title}” has already ended.`);
  } else {
    setError(view, response.data.error || `The answer was refused (${response.status}).`);
    if (response.data.field) view.control.markInvalid?.(response.data.field);
  }
  refresh();
}

async function cancel(view) {
  clearTimeout(view.timer);
  view.timer = 0;
  const response = await windowRequest(view, 'cancel');
  if (response?.ok) announce(`Cancelled “${view.win.title}”.`);
  else if (response) setError(view, response.data.error || `Cancelling failed (${response.status}).`);
  refresh();
}

function setError(view, text) {
  view.error.textContent = text;
}

/** Enter answers and Escape cancels the key window, wherever focus is within it. */
function onKey(event) {
  const view = app.key;
  if (!view || (event.key !== 'Enter' && event.key !== 'Escape') || event.isComposing) return;
  const target = event.target;
  const inView = view.root.contains(target) || target === document.body || target === $('modal');
  if (!inView || event.defaultPrevented) return;
  if (Date.now() < app.graceUntil) { event.preventDefault(); return; }
  if (event.key === 'Escape') {
    event.preventDefault();
    view.escape();
    return;
  }
  // Buttons answer Enter themselves; a textarea takes Shift-Enter (and any Enter on a touch screen) as a line break.
  if (target.tagName === 'BUTTON') return;
  if (target.tagName === 'TEXTAREA' && (event.shiftKey || coarsePointer)) return;
  event.preventDefault();
  if (!view.watched) submit(view);
}

// ---------------------------------------------------------------- controls, one per kind
//
// Each control is { el, value(), set(value), focusTarget(), align?(), markInvalid?(field), escape?(), isBlank?(), blankIsMissing?(),
// follow?(value) }; follow, for a control with parts its asker moves (a progress, a form with one): takes those parts from a
// new live value and leaves the person's as they are.
// isBlank, for a control that can show no answer (an empty text, nothing ticked); blankIsMissing, when such a
// blank could not pass anyway, so a form leaves it out (the daemon then says the field is required).

// How each built-in kind is drawn, keyed by the `shape` pickerweb sends for a window and for each form field
// (docs/web.md, "State"): its control, its control within a form, its Done button's label, and whether it is
// a sheet that answers by its own buttons (no Cancel and Done), and whether it is watched: moved by its asker,
// never answered here (no Done; Cancel unless not cancellable). The page looks a kind up here and nowhere else.
const SHAPES = {
  date: { control: dateControl },
  custom: { control: customControl },
  text: { control: textControl },
  // Within a form one action is picked like a list's choice.
  actions: { control: actionsControl, fieldControl: actionChoiceControl, isSheet: true },
  list: { control: listControl },
  form: { control: formControl, done: 'Submit' },
  number: { control: numberControl },
  progress: { control: progressControl, watched: true },
  file: { control: fileControl },
};

/** How a window or field of `shape` is drawn; a shape the page does not know is drawn as text. */
function drawnAs(shape) {
  const name = Object.hasOwn(SHAPES, shape) ? shape : 'text';
  const entry = SHAPES[name];
  return { name, done: 'Done', isSheet: false, fieldControl: entry.control, ...entry };
}

// ---- a wheel: a scroll-snap column that is a listbox

/**
 * One wheel. `onPick(index)` is called when the person moves it (a click,
 * a key, a scroll that came to rest); `setRows` and `select(i)` move it quietly.
 */
function makeWheel(label, onPick) {
  const box = el('div', { class: 'wheel', role: 'listbox', tabindex: '0', 'aria-label': label });
  const wheel = {
    box, rows: [], index: 0,
    el: el('div', { class: 'wheel-col' },
      el('div', { class: 'wheel-label', 'aria-hidden': 'true', text: label }),
      el('div', { class: 'wheel-frame' }, box)),
  };
  let settle = 0;
  let typed = '', typedAt = 0;

  wheel.setRows = (rows, index) => {
    const same = rows.length === wheel.rows.length && rows.every((row, i) => row.value === wheel.rows[i].value);
    if (!same) {
      wheel.rows = rows;
      box.replaceChildren(...rows.map((row, i) => el('div', {
        role: 'option', id: uniqueId('opt'), 'aria-selected': 'false', 'data-index': i, 'data-value': row.value, text: row.text,
      })));
      wheel.index = -1;
    }
    wheel.select(index);
  };

  wheel.select = (index, byPerson = false) => {
    index = Math.max(0, Math.min(wheel.rows.length - 1, index));
    if (index !== wheel.index) {
      box.children[wheel.index]?.setAttribute('aria-selected', 'false');
      wheel.index = index;
      const option = box.children[index];
      option?.setAttribute('aria-selected', 'true');
      if (option) box.setAttribute('aria-activedescendant', option.id);
      if (byPerson) onPick(index);
    }
    wheel.align();
  };

  /** Scrolls the chosen row into the band; only possible once the wheel is shown. */
  wheel.align = () => {
    const height = box.firstElementChild?.offsetHeight;
    if (height) box.scrollTop = wheel.index * height;
  };

  box.addEventListener('click', (event) => {
    const option = event.target.closest('[role=option]');
    if (option) wheel.select(Number(option.dataset.index), true);
    box.focus();
  });
  // A scroll (touch, mouse wheel) picks the row it comes to rest on.
  box.addEventListener('scroll', () => {
    clearTimeout(settle);
    settle = setTimeout(() => {
      const height = box.firstElementChild?.offsetHeight;
      if (height) wheel.select(Math.round(box.scrollTop / height), true);
    }, 120);
  });
  box.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const steps = { ArrowUp: -1, ArrowDown: 1, PageUp: -5, PageDown: 5 };
    if (event.key in steps) wheel.select(wheel.index + steps[event.key], true);
    else if (event.key === 'Home') wheel.select(0, true);
    else if (event.key === 'End') wheel.select(wheel.rows.length - 1, true);
    else if (event.key.length === 1 && event.key !== ' ') {
      // Type-ahead: the first row that starts with what was typed in the last second.
      typed = Date.now() - typedAt < 1000 ? typed + event.key.toLowerCase() : event.key.toLowerCase();
      typedAt = Date.now();
      const found = wheel.rows.findIndex((row) => row.text.toLowerCase().startsWith(typed));
      if (found >= 0) wheel.select(found, true);
    } else return;
    event.preventDefault();
  });
  return wheel;
}

function wheelRow(wheels) {
  return el('div', { class: 'wheels' }, ...wheels.map((wheel) => wheel.el));
}

// ---- date

const DATE_PARTS = { date: ['year', 'month', 'day'], time: ['hour', 'minute'], datetime: ['year', 'month', 'day', 'hour', 'minute'] };
const PART_LABELS = { year: 'Year', month: 'Month', day: 'Day', hour: 'Hour', minute: 'Minute' };

/** A date, time or date-and-time as numbers in wheel order, from the daemon's text (its offset is the picker's own zone). */
function parsePoint(text, mode) {
  if (typeof text !== 'string') return null;
  const patterns = {
    date: /^(\d{4})-(\d\d)-(\d\d)/, time: /^(\d\d):(\d\d)/, datetime: /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d)/,
  };
  const match = patterns[mode].exec(text);
  return match ? match.slice(1).map(Number) : null;
}

/** Each part's text in the daemon's format, by its name; the parts of a mode are DATE_PARTS[mode]. */
const PART_TEXT = { year: String, month: pad, day: pad, hour: pad, minute: pad };
const PART_SEPARATOR = { month: '-', day: '-', hour: 'T', minute: ':' };

function formatPoint(point, mode) {
  return DATE_PARTS[mode].map((part, index) => (index ? PART_SEPARATOR[part] : '') + PART_TEXT[part](point[index])).join('');
}

function nowPoint(mode) {
  const now = new Date();
  const all = { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate(), hour: now.getHours(), minute: now.getMinutes() };
  return DATE_PARTS[mode].map((part) => all[part]);
}

const daysIn = (year, month) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function dateControl(options, value, context) {
  const mode = DATE_PARTS[options.mode] ? options.mode : 'date';
  const parts = DATE_PARTS[mode];
  const low = parsePoint(options.min, mode), high = parsePoint(options.max, mode);
  const step = parts.includes('minute') ? Math.max(1, options.minute_interval || 1) : 1;
  let point = parsePoint(value, mode) || parsePoint(options.initial, mode) || nowPoint(mode);
  const baseYear = point[0];
  const locale = safeLocale(options.locale);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });

  const wheels = parts.map((part, k) => makeWheel(PART_LABELS[part], (index) => {
    point[k] = wheels[k].rows[index].number;
    layout();
    context.changed();
  }));
  const note = el('p', { class: 'wheel-note' });

  /** The values part k may take, given the parts before it and [min, max]. */
  function allowed(k) {
    const part = parts[k];
    let from = { year: baseYear - 100, month: 1, day: 1, hour: 0, minute: 0 }[part];
    let to = { year: baseYear + 100, month: 12, day: part === 'day' ? daysIn(point[0], point[1]) : 0, hour: 23, minute: 59 }[part];
    const samePrefix = (bound) => bound && bound.slice(0, k).every((n, i) => n === point[i]);
    if (samePrefix(low)) from = Math.max(from, low[k]);
    if (samePrefix(high)) to = Math.min(to, high[k]);
    if (part === 'year') { if (low) from = low[0]; if (high) to = high[0]; }
    const every = part === 'minute' ? step : 1;
    const values = [];
    for (let n = Math.ceil(from / every) * every; n <= to; n += every) values.push(n);
    return values.length ? values : [from];
  }

  function text(part, n) {
    if (part === 'year') return String(n);
    if (part === 'month') return monthName.format(new Date(Date.UTC(2000, n - 1, 1)));
    return pad(n);
  }

  /** Refills every wheel from the first, each kept within what the ones before it allow. */
  function layout() {
    parts.forEach((part, k) => {
      const values = allowed(k);
      let index = values.indexOf(point[k]);
      if (index < 0) {
        // The nearest allowed value: the last one not above it.
        index = Math.max(0, values.findLastIndex((n) => n <= point[k]));
      }
      point[k] = values[index];
      wheels[k].setRows(values.map((n) => ({ number: n, value: pad(n), text: text(part, n) })), index);
    });
    const bits = [];
    if (mode !== 'time') bits.push(weekday.format(new Date(Date.UTC(point[0], point[1] - 1, point[2]))));
    if (mode !== 'date' && options.time_zone) bits.push(options.time_zone);
    note.textContent = bits.join(' · ');
  }
  layout();

  return {
    el: el('div', { class: 'date' }, wheelRow(wheels), note),
    value: () => formatPoint(point, mode),
    set: (v) => { const given = parsePoint(v, mode); if (given) { point = given; layout(); } },
    // As in the terminal, the day is where a person starts.
    focusTarget: () => wheels[parts.indexOf('day')]?.box || wheels[0].box,
    align: () => wheels.forEach((wheel) => wheel.align()),
  };
}

function safeLocale(locale) {
  try { return locale ? Intl.getCanonicalLocales(locale.replace('_', '-'))[0] : undefined; } catch { return undefined; }
}

// ---- custom: one wheel per column; in a tree, each column follows its parent

function customControl(options, value, context) {
  const columns = Array.isArray(options.columns) ? options.columns : null;
  const tree = columns ? null : options.tree || {};
  const count = columns ? columns.length : treeDepth(tree);
  const labels = Array.isArray(options.labels) ? options.labels : [];
  let chosen = Array.isArray(value) ? value.map(String) : Array.isArray(options.initial) ? [...options.initial] : [];

  function rowsAt(k) {
    if (columns) return columns[k].map(String);
    let node = tree;
    for (let i = 0; i < k && node && !Array.isArray(node); i++) node = node[chosen[i]];
    if (Array.isArray(node)) return node.map(String);
    return node && typeof node === 'object' ? Object.keys(node) : [];
  }

  const wheels = Array.from({ length: count }, (_, k) => makeWheel(labels[k] || (count === 1 ? context.label : `Column ${k + 1}`), (index) => {
    chosen[k] = wheels[k].rows[index].value;
    layout(k + 1);
    context.changed();
  }));

  /** Refills the wheels from `from` on, keeping each choice where the new rows still have it. */
  function layout(from = 0) {
    for (let k = from; k < count; k++) {
      const rows = rowsAt(k);
      const index = Math.max(0, rows.indexOf(chosen[k]));
      chosen[k] = rows[index];
      wheels[k].setRows(rows.map((row) => ({ value: row, text: row })), index);
    }
  }
  layout();

  const root = el('div', { class: 'custom' }, wheelRow(wheels));
  root.classList.toggle('unlabelled', labels.length === 0);
  return {
    el: root,
    value: () => chosen.slice(0, count),
    set: (v) => { if (Array.isArray(v)) { chosen = v.map(String); layout(); } },
    focusTarget: () => wheels[0]?.box,
    align: () => wheels.forEach((wheel) => wheel.align()),
  };
}

function treeDepth(node) {
  let depth = 0;
  while (node && typeof node === 'object') {
    depth++;
    if (Array.isArray(node)) break;
    node = node[Object.keys(node)[0]];
  }
  return depth;
}

// ---- text

const DEFAULT_MAX_LENGTH = 4096;

function textRule(options) {
  const bits = [];
  const min = options.min_length || 0;
  const max = options.max_length && options.max_length < DEFAULT_MAX_LENGTH ? options.max_length : 0;
  if (min && max) bits.push(`${min}–${max} characters`);
  else if (min) bits.push(`at least ${min} character${min === 1 ? '' : 's'}`);
  else if (max) bits.push(`at most ${max} characters`);
  if (options.pattern_description) bits.push(options.pattern_description);
  else if (options.pattern) bits.push(`format: ${options.pattern}`);
  return bits.join(' · ');
}

function textControl(options, value, context) {
  const ruleId = uniqueId('rule');
  const rule = textRule(options);
  const attributes = {
    class: 'text-input', 'aria-label': context.label, placeholder: options.placeholder,
    'aria-describedby': rule ? ruleId : null, autocomplete: 'off', spellcheck: options.secure || options.pattern ? 'false' : null,
    autocapitalize: options.secure || options.pattern ? 'off' : null,
  };
  const input = options.multiline
    ? el('textarea', { ...attributes, rows: 4 })
    : el('input', { ...attributes, type: options.secure ? 'password' : 'text', enterkeyhint: 'done' });
  input.value = typeof value === 'string' && !options.secure ? value : '';
  input.addEventListener('input', context.changed);
  const hint = options.multiline && !coarsePointer ? 'Shift+Enter starts a new line.' : '';
  return {
    el: el('div', { class: 'text' }, input,
      rule || hint ? el('p', { class: 'rule', id: ruleId, text: [rule, hint].filter(Boolean).join(' · ') }) : null),
    value: () => input.value,
    isBlank: () => input.value === '',
    blankIsMissing: () => (options.min_length ?? 0) > 0,
    set: (v) => { if (typeof v === 'string' && v !== input.value) input.value = v; },
    focusTarget: () => input,
  };
}

// ---- file: a list of the directory the asker lists (browse), or a path typed

/** A window's file picker: the list when its asker lists, the typed path when it does not (or in a form). */
function fileControl(options, value, context) {
  const typed = filePathControl(options, value, context);
  if (!context.window) return typed;
  const root = options.root ?? '/';
  const state = { dir: options.start ?? root, entries: [], ticked: new Set(), picked: null, typing: false };
  const pathLine = el('p', { class: 'file-dir' });
  const filter = el('input', { type: 'search', class: 'file-filter', 'aria-label': `Filter ${context.label}`, autocomplete: 'off', spellcheck: 'false' });
  const list = el('ul', { class: 'file-list', role: 'listbox', 'aria-label': context.label, 'aria-multiselectable': options.multiple ? 'true' : null });
  const note = el('p', { class: 'rule', role: 'status' });
  const up = el('button', { type: 'button', class: 'file-up', text: '↑ Up', onclick: () => open(parentOf(state.dir)) });
  const typeInstead = el('button', { type: 'button', class: 'file-type', text: 'Type a path', onclick: () => showTyping('') });
  const browsing = el('div', { class: 'file-browser' }, el('div', { class: 'file-bar' }, up, pathLine, typeInstead), filter, list);
  const wrap = el('div', { class: 'file' }, browsing, note, typed.el);
  typed.el.hidden = true;
  const join = (dir, name) => (dir === '/' ? `/${name}` : `${dir}/${name}`);
  const parentOf = (path) => (path.lastIndexOf('/') <= 0 ? '/' : path.slice(0, path.lastIndexOf('/')));
  function showTyping(why) {
    state.typing = true;
    browsing.hidden = true;
    typed.el.hidden = false;
    note.textContent = why;
    typed.focusTarget().focus();
  }
  async function open(path) {
    if (path !== root && !path.startsWith(root === '/' ? '/' : `${root}/`)) return;
    note.textContent = 'Listing…';
    const response = await api(`/api/windows/${encodeURIComponent(context.window)}/browse`, { path });
    if (response.status === 503) return showTyping(response.data.error || 'The asker does not list its files; type a path.');
    if (!response.ok) { note.textContent = response.data.error || `Not listed (${response.status}).`; return; }
    state.dir = response.data.path;
    state.entries = response.data.entries || [];
    state.picked = null;
    filter.value = '';
    note.textContent = response.data.truncated ? 'More entries than shown: filter, or type a path.' : '';
    draw();
  }
  function draw() {
    pathLine.textContent = state.dir;
    up.disabled = state.dir === root;
    const shown = state.entries.filter((entry) => entry.name.toLowerCase().includes(filter.value.toLowerCase()));
    const rows = options.directory ? [{ name: '.', type: 'dir' }, ...shown] : shown;
    list.replaceChildren(...rows.map((entry) => {
      const path = entry.name === '.' ? state.dir : join(state.dir, entry.name);
      const opens = entry.name !== '.' && entry.type !== 'file';
      const chosen = options.multiple ? state.ticked.has(path) : state.picked === path;
      const label = entry.name === '.' ? 'This directory' : visibleName(entry.name) + (entry.type === 'dir' ? '/' : entry.type === 'link' ? ' →' : '');
      const row = el('li', { role: 'option', tabindex: '0', class: `file-entry file-${entry.type}`, 'aria-selected': chosen ? 'true' : 'false', text: label });
      const act = () => {
        if (opens) return open(path);
        if (options.multiple) { state.ticked.has(path) ? state.ticked.delete(path) : state.ticked.add(path); }
        else state.picked = path;
        draw();
        context.changed();
      };
      row.addEventListener('click', act);
      row.addEventListener('keydown', (event) => { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); act(); } });
      return row;
    }));
  }
  filter.addEventListener('input', draw);
  open(state.dir);
  return {
    el: wrap,
    value: () => (state.typing ? typed.value() : options.multiple ? [...state.ticked]
      : state.picked ?? (options.save && filter.value ? join(state.dir, filter.value) : options.directory ? state.dir : '')),
    isBlank: () => (state.typing ? typed.isBlank() : options.multiple ? state.ticked.size === 0 : !state.picked && !(options.save && filter.value) && !options.directory),
    blankIsMissing: () => true,
    set: (v) => typed.set(v),
    focusTarget: () => (state.typing ? typed.focusTarget() : filter),
  };
}

/** A file's name with control characters written out (`\n`, `\u{1b}`), as the terminal shows them. */
function visibleName(name) {
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => (c === '\n' ? '\\n' : `\\u{${c.charCodeAt(0).toString(16)}}`));
}

/** The typed path (one a line with multiple), checked by pickerd. */
function filePathControl(options, value, context) {
  const ruleId = uniqueId('rule');
  const what = options.directory ? 'a directory' : options.multiple ? 'files, one path a line' : 'a file';
  const matching = (options.patterns ?? []).length ? ` matching ${options.patterns.join(' ')}` : '';
  const attributes = {
    class: 'text-input file-path', 'aria-label': `${context.label} (path)`, 'aria-describedby': ruleId,
    autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off',
  };
  const input = options.multiple
    ? el('textarea', { ...attributes, rows: 4 })
    : el('input', { ...attributes, type: 'text', enterkeyhint: 'done' });
  const start = options.start ?? options.root ?? '/';
  input.value = Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : (start === '/' ? '/' : `${start}/`);
  input.addEventListener('input', context.changed);
  const paths = () => input.value.split('\n').filter((line) => line !== '');
  return {
    el: el('div', { class: 'file-typed' }, input,
      el('p', { class: 'rule', id: ruleId, text: `Type ${what}${matching} inside ${options.root ?? '/'}.` })),
    value: () => (options.multiple ? paths() : input.value),
    isBlank: () => paths().length === 0,
    blankIsMissing: () => true,
    set: (v) => {
      const text = Array.isArray(v) ? v.join('\n') : typeof v === 'string' ? v : null;
      if (text !== null && text !== input.value) input.value = text;
    },
    focusTarget: () => input,
  };
}

// ---- number: a slider and a number field, moved together

function numberControl(options, value, context) {
  const bounds = { min: options.min, max: options.max, step: options.step ?? 1 };
  const start = typeof value === 'number' ? value : options.initial ?? options.min;
  const slider = el('input', { type: 'range', class: 'number-slider', 'aria-label': context.label, ...bounds });
  const field = el('input', { type: 'number', class: 'number-input', 'aria-label': `${context.label} (number)`, inputmode: 'decimal', ...bounds });
  slider.value = field.value = String(start);
  slider.addEventListener('input', () => { field.value = slider.value; context.changed(); });
  field.addEventListener('input', () => { if (field.value !== '') slider.value = field.value; context.changed(); });
  return {
    el: el('div', { class: 'number' }, slider, field, options.unit ? el('span', { class: 'unit', text: options.unit }) : null),
    value: () => Number(field.value === '' ? slider.value : field.value),
    isBlank: () => false,
    blankIsMissing: () => false,
    set: (v) => { if (typeof v === 'number') slider.value = field.value = String(v); },
    focusTarget: () => slider,
  };
}

// ---- progress: a bar its asker moves (a pulse while no percentage is known), with its text

function progressControl(options, value, context) {
  const cancellable = options.cancellable !== false;
  const fill = el('div', { class: 'progress-fill' });
  const bar = el('div', {
    class: 'progress-bar', role: 'progressbar', tabindex: '-1', 'aria-label': context.label, 'aria-valuemin': '0', 'aria-valuemax': '100',
  }, fill);
  const shown = el('span', { class: 'progress-percent' });
  const text = el('p', { class: 'progress-text' });
  let current = { percent: 0 };
  const set = (v) => {
    current = v && typeof v === 'object' ? v : { percent: 0 };
    const percent = typeof current.percent === 'number' ? Math.min(100, Math.max(0, current.percent)) : null;
    bar.classList.toggle('pulsing', percent === null);
    if (percent === null) {
      bar.removeAttribute('aria-valuenow');
      fill.style.width = '';
    } else {
      bar.setAttribute('aria-valuenow', String(percent));
      fill.style.width = `${percent}%`;
    }
    shown.textContent = percent === null ? '' : `${percent}%`;
    // textContent: the asker's text is shown, never read as markup.
    text.textContent = typeof current.text === 'string' ? current.text : '';
    if (current.text) bar.setAttribute('aria-valuetext', `${shown.textContent} ${current.text}`.trim());
    else bar.removeAttribute('aria-valuetext');
  };
  set(value);
  return {
    el: el('div', { class: 'progress' }, el('div', { class: 'progress-row' }, bar, shown), text),
    value: () => current,
    isBlank: () => false,
    blankIsMissing: () => false,
    set,
    follow: set,
    focusTarget: () => bar,
    escape: () => { if (cancellable) context.cancel(); },
  };
}

// ---- actions: an action sheet, the cancel action set apart below

function actionsControl(options, value, context) {
  const actions = Array.isArray(options.actions) ? options.actions : [];
  const main = el('div', { class: 'action-group' });
  const apart = el('div', { class: 'action-group apart' });
  let cancelIndex = -1;
  actions.forEach((action, index) => {
    const role = action.role || 'default';
    if (role === 'cancel') cancelIndex = index;
    const button = el('button', { type: 'button', class: `action ${role}`, 'data-index': index, text: action.label, onclick: () => context.submit({ index }) });
    (role === 'cancel' ? apart : main).append(button);
  });
  if (cancelIndex < 0) apart.append(el('button', { type: 'button', class: 'action cancel', text: 'Cancel', onclick: context.cancel }));
  const root = el('div', { class: 'actions' }, main.childElementCount ? main : null, apart);
  // Up and Down move between the actions, as in the terminal's sheet.
  root.addEventListener('keydown', (event) => {
    const step = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (!step) return;
    const buttons = [...root.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement);
    buttons[Math.max(0, Math.min(buttons.length - 1, at + step))]?.focus();
    event.preventDefault();
  });
  return {
    el: root,
    value: () => ({ index: Number(document.activeElement?.dataset?.index ?? (value?.index ?? 0)) }),
    set: () => {},
    focusTarget: () => (main.querySelector('button') || apart.querySelector('button')),
    // Escape picks the cancel action, as the terminal does; without one the window is cancelled.
    escape: () => (cancelIndex >= 0 ? context.submit({ index: cancelIndex }) : context.cancel()),
  };
}

// ---- list: a listbox of choices, one (radio-like) or several (checkboxes)

/** A listbox over `labels`; `picked` is a Set of indices. Calls `changed` when the person changes it. */
function choiceBox(labels, multiple, picked, label, changed) {
  const box = el('div', { class: `choices ${multiple ? 'multiple' : 'single'}`, role: 'listbox', tabindex: '0', 'aria-label': label });
  if (multiple) box.setAttribute('aria-multiselectable', 'true');
  const options = labels.map((text, i) => el('div', { role: 'option', class: 'choice', id: uniqueId('choice'), 'data-index': i, 'data-value': text },
    el('span', { class: 'mark', 'aria-hidden': 'true' }), el('span', { class: 'choice-text', text })));
  box.append(...options);
  let active = Math.max(0, [...picked][0] ?? 0);

  function draw() {
    options.forEach((option, i) => {
      option.setAttribute('aria-selected', String(picked.has(i)));
      option.classList.toggle('active', i === active);
    });
    if (options[active]) box.setAttribute('aria-activedescendant', options[active].id);
  }
  function moveTo(i) {
    active = Math.max(0, Math.min(options.length - 1, i));
    if (!multiple) { picked.clear(); picked.add(active); changed(); }
    draw();
    options[active]?.scrollIntoView({ block: 'nearest' });
  }
  function toggle(i) {
    if (picked.has(i)) picked.delete(i); else picked.add(i);
    changed();
  }
  box.addEventListener('click', (event) => {
    const option = event.target.closest('[role=option]');
    if (!option) return;
    const i = Number(option.dataset.index);
    if (multiple) { active = i; toggle(i); draw(); } else moveTo(i);
    box.focus();
  });
  box.addEventListener('keydown', (event) => {
    const steps = { ArrowUp: -1, ArrowDown: 1, PageUp: -5, PageDown: 5 };
    if (event.key in steps) moveTo(active + steps[event.key]);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(options.length - 1);
    else if (event.key === ' ' && multiple) { toggle(active); draw(); }
    else return;
    event.preventDefault();
  });
  draw();
  return { box, redraw: (i) => { if (i != null) active = i; draw(); } };
}

function listControl(options, value, context) {
  const choices = Array.isArray(options.choices) ? options.choices.map(String) : [];
  const multiple = Boolean(options.multiple);
  const picked = new Set();
  const pick = (list) => {
    picked.clear();
    for (const item of Array.isArray(list) ? list : [list]) {
      const i = typeof item === 'number' ? item : choices.indexOf(String(item));
      if (i >= 0 && i < choices.length) picked.add(i);
    }
  };
  pick(value ?? options.initial ?? []);
  if (!multiple && picked.size === 0 && choices.length) picked.add(0);
  const rule = el('p', { class: 'rule' });
  const drawRule = () => {
    if (!multiple) return;
    const min = options.min ?? 0, max = options.max ?? choices.length;
    const range = min === max ? `pick ${min}` : min && max < choices.length ? `pick ${min}–${max}`
      : min ? `pick at least ${min}` : max < choices.length ? `pick at most ${max}` : 'pick any';
    rule.textContent = `${picked.size} picked · ${range}`;
  };
  const list = choiceBox(choices, multiple, picked, context.label, () => { drawRule(); context.changed(); });
  drawRule();
  // `header`: a line above the choices; `height`: how many show at once (fewer on a short screen).
  const header = typeof options.header === 'string' && options.header ? el('p', { class: 'list-header', id: uniqueId('header'), text: options.header }) : null;
  if (header) list.box.setAttribute('aria-describedby', header.id);
  if (Number.isInteger(options.height) && options.height > 0) {
    list.box.style.maxHeight = `min(55vh, calc(${options.height} * var(--choice-height)))`;
  }
  return {
    el: el('div', { class: 'list' }, header, list.box, multiple ? rule : null),
    value: () => [...picked].sort((a, b) => a - b).map((i) => choices[i]),
    isBlank: multiple ? () => picked.size === 0 : undefined,
    set: (v) => { pick(v); list.redraw(); drawRule(); },
    focusTarget: () => list.box,
  };
}

/** An action sheet within a form: one action is picked like a list's choice. */
function actionChoiceControl(options, value, context) {
  const labels = (Array.isArray(options.actions) ? options.actions : []).map((action) => action.label);
  const picked = new Set([Number.isInteger(value?.index) ? value.index : 0]);
  const list = choiceBox(labels, false, picked, context.label, context.changed);
  return {
    el: el('div', { class: 'list' }, list.box),
    value: () => ({ index: [...picked][0] ?? 0 }),
    set: (v) => { if (Number.isInteger(v?.index)) { picked.clear(); picked.add(v.index); list.redraw(v.index); } },
    focusTarget: () => list.box,
  };
}

// ---- form: each field drawn by its shape, stacked
//
// A field the form's value does not hold is not set, and left out of the value,
// until the person sets it: a control that always shows an answer (a picked
// choice, wheels) is drawn faded meanwhile; a change, or its Set button, sets
// it, and Clear makes an optional field not set again. A control that can be
// blank (a text, a checklist) says so itself: left blank, an optional field is
// left out.

function formControl(options, value, context) {
  const given = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const fields = (Array.isArray(options.fields) ? options.fields : []).map((field) => {
    const drawn = drawnAs(field.shape);
    const label = field.label || field.name;
    const labelId = uniqueId('field');
    const optional = field.required === false;
    const fieldContext = {
      ...context, label, window: undefined,  // a form's fields are not browsed: a file field is typed
      changed: () => { part.box.classList.remove('invalid'); markSet(part, true); context.changed(); },
    };
    const fieldOptions = field.options || {};
    const start = given[field.name] ?? undefined;
    const control = drawn.fieldControl(fieldOptions, start !== undefined ? start : fieldOptions.initial, fieldContext);
    const state = el('span', { class: 'not-set', text: ' · not set' });
    // Set (as shown) while not set; Clear while an optional field is set.
    const toggle = el('button', { type: 'button', class: 'set-field', onclick: () => { markSet(part, !part.isSet); context.changed(); } });
    const part = {
      field, control, optional, state, toggle, isSet: true,
      canBeBlank: typeof control.isBlank === 'function',
      box: el('div', { class: `field shape-${drawn.name}`, role: 'group', 'aria-labelledby': labelId, 'data-field': field.name },
        el('div', { class: 'field-label', id: labelId }, label, optional ? el('span', { class: 'optional', text: ' (optional)' }) : null, state),
        control.el, toggle),
    };
    markSet(part, start !== undefined || part.canBeBlank);
    return part;
  });

  function markSet(part, isSet) {
    part.isSet = isSet || part.canBeBlank;
    part.box.classList.toggle('unset', !part.isSet);
    part.state.hidden = part.isSet;
    part.toggle.textContent = part.isSet ? 'Clear' : 'Set';
    part.toggle.setAttribute('aria-label', `${part.isSet ? 'Clear' : 'Set'} ${part.field.label || part.field.name}`);
    part.toggle.hidden = part.canBeBlank || (part.isSet && !part.optional);
  }

  /**
   * The value by field name: set fields only; a blank one is left out where leaving it out is allowed or it could not pass anyway.
   * (Not named `value`: a function of that name would hide the parameter, the form's value to start from.)
   */
  function answers() {
    const result = {};
    for (const { field, control, optional, isSet } of fields) {
      if (!isSet) continue;
      const blank = control.isBlank?.() ?? false;
      if (blank && (optional || control.blankIsMissing?.())) continue;
      result[field.name] = control.value();
    }
    return result;
  }

  return {
    el: el('div', { class: 'form' }, ...fields.map((part) => part.box)),
    value: answers,
    set: (v) => {
      if (!v || typeof v !== 'object') return;
      for (const part of fields) {
        const given = v[part.field.name];
        if (given !== undefined && given !== null) part.control.set(given);
        markSet(part, given !== undefined && given !== null);
      }
    },
    // A field its asker moves (a progress) is only watched: it takes no focus, and follows the asker's updates.
    follow: (v) => {
      if (!v || typeof v !== 'object') return;
      for (const { field, control } of fields) {
        const given = v[field.name];
        if (given !== undefined && given !== null) control.follow?.(given);
      }
    },
    focusTarget: () => (fields.find((part) => !drawnAs(part.field.shape).watched) ?? fields[0])?.control.focusTarget(),
    align: () => fields.forEach(({ control }) => control.align?.()),
    markInvalid: (name) => {
      for (const part of fields) {
        const bad = part.field.name === name;
        part.box.classList.toggle('invalid', bad);
        const target = part.control.focusTarget();
        if (bad) { target?.setAttribute('aria-invalid', 'true'); target?.focus(); } else target?.removeAttribute('aria-invalid');
      }
    },
  };
}
