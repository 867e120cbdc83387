'use strict';
// pickerd's web page, a window's sheet: its view, what the person edits and
// answers, and SHAPES, the one table of how each kind is drawn. Loaded after
// the controls it names (index.html's order).

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
  view.host = el('span', { class: 'host-label', hidden: true });
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
    el('span', { class: 'toolbar-middle' }, view.host, view.badge, view.countdown),
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
  // With several hosts, whose window it is.
  view.host.textContent = win.host ?? '';
  view.host.hidden = win.host == null;
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
  // A secure window's live value has no secret parts (pickerd leaves them out), and follow reads only the asker's parts.
  if (win.value !== undefined) view.control.follow?.(win.value);
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
