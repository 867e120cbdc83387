'use strict';
// pickerd's web page, the controls of choices: an action sheet, a list
// (one or several) and a form of fields, each drawn by its shape. Every piece
// of text from the daemon goes in with textContent, never as HTML.

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

/**
 * Where `item` is among a list's `values`, -1 when it is none: the first value it matches as
 * pickerd's `ChoiceValue.matches` (Swift, PickerProtocol) does, which this mirrors, and both are
 * tested against one table (ChoiceMatchCases): numbers as numbers, strings as canonically
 * equivalent, booleans as booleans, a value of one type never another's.
 */
function valueIndex(values, item) {
  return values.findIndex((value) => typeof value === typeof item
    && (typeof item === 'string' ? value.normalize() === item.normalize() : value === item));
}

function listControl(options, value, context) {
  const choices = Array.isArray(options.choices) ? options.choices.map(String) : [];
  const multiple = Boolean(options.multiple);
  // `values`: each choice's value; pickerd then answers with them (a bare one without multiple).
  const values = Array.isArray(options.values) ? options.values : null;
  const picked = new Set();
  const pick = (list) => {
    picked.clear();
    for (const item of Array.isArray(list) ? list : [list]) {
      const i = values ? (valueIndex(values, item) >= 0 ? valueIndex(values, item) : choices.indexOf(item))
        : typeof item === 'number' ? item : choices.indexOf(String(item));
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
