'use strict';
// pickerd's web page, the controls of typed and watched values: text, file
// (browsed through the asker, or typed), number and progress. Every piece of
// text from the daemon goes in with textContent, never as HTML.

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
