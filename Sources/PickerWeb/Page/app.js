'use strict';
// pickerd's web page: shows the key window as a phone-style picker sheet and
// answers it through pickerweb's HTTP interface (docs/web.md). Every piece of
// text from the daemon goes in with textContent, never as HTML.
// This file holds the page's state, its talk with pickerweb and the drawing of
// the stack; a window's sheet is in sheet.js, the controls of each kind in
// wheels.js, fields.js and choices.js (index.html loads them in that order,
// after this one, all before DOMContentLoaded starts the page).

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
  const wantedId = wanted ? decodedOrNull(wanted[1]) : null;
  if (wantedId != null) await raiseWindow(wantedId);
  setInterval(tick, 1000);
  // Also while a host is away: a host that hung comes back with no event of its own on some paths.
  setInterval(() => { if (!app.healthy || awayHosts(app.state?.hosts)) refresh(); }, RETRY);
}

/** `text` percent-decoded, or null when it is malformed (`%E0…` would throw and stop the page starting). */
function decodedOrNull(text) {
  try { return decodeURIComponent(text); } catch { return null; }
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
  for (const type of ['change', 'sync', 'daemon', 'host']) source.addEventListener(type, refresh);
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
  setNotice(app.healthy ? awayHosts(state.hosts) : 'pickerd is not running or cannot be reached; trying again…');
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

/** With several hosts, the ones that went away: said while they are away, their windows off the page. */
function awayHosts(hosts) {
  return (hosts || []).filter((host) => host.reason != null)
    .map((host) => `${host.label} is away (${host.reason}); its windows are off the page until it returns.`).join(' ');
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
  const signature = JSON.stringify(others.map((w) => [w.window, w.host, w.title, w.level, w.level_name, w.state, w.created_at, w.asker]));
  if (signature === app.othersSignature) return;
  app.othersSignature = signature;
  const focused = document.activeElement?.dataset?.raise;
  $('others-list').replaceChildren(...others.map((win) => el('li', {},
    el('button', { type: 'button', class: 'other', 'data-raise': win.window, onclick: () => raiseWindow(win.window) },
      badge(win),
      // With several hosts, whose window it is.
      win.host != null ? el('span', { class: 'host-label', text: win.host }) : null,
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
