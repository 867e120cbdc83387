'use strict';
// pickerd's web page, the wheel controls: a scroll-snap wheel, and the date
// and custom kinds drawn as rows of wheels. Every piece of text from the
// daemon goes in with textContent, never as HTML.

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
