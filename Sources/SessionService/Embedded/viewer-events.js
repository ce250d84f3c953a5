'use strict';
// The event rows: one per type the live state accepts, with the inputs its fields need, a button that sends it
// (POST …/events) and one that queues it for a batch. Text typed in a row survives a new state.
/** Fields a built-in event needs: a default value, a list to pick from, or the top screen / flow steps.
 *  An app's own event types bring theirs from GET /v1/apps (`declaredFields`). */
const FIELDS = {
  login: [{ name: 'name', value: 'kim' }],
  push: [{ name: 'screen', value: 'A', list: ['A', 'B', 'C'] }],
  present: [{ name: 'screen', value: 'Profile' },
            { name: 'style', choices: ['', 'pageSheet', 'fullScreen'], optional: true }],
  didPop: [{ name: 'screen', fromTop: true }],
  didDismiss: [{ name: 'screen', fromTop: true }],
  step: [{ name: 'step', fromSteps: true }],
};

function renderEvents(state) {
  // What the user typed survives a state change (another client's event, say); prefilled values,
  // such as the top screen, are made again from the new state.
  const typed = new Map();
  let focused = null;
  for (const input of document.querySelectorAll('#events [data-edited]')) {
    const key = input.closest('[data-event-row]').dataset.eventRow + '/' + input.dataset.field;
    typed.set(key, input.value);
    if (input === document.activeElement) focused = key;
  }
  const rows = state.accepts.map((type) => {
    const fields = FIELDS[type] || declaredFields(type, state);
    const inputs = fields.map((field) => {
      const input = fieldInput(type, field, state);
      const key = type + '/' + field.name;
      // A chosen option is kept only while the new state still offers it.
      if (typed.has(key) && (input.tagName === 'INPUT' || [...input.options].some((o) => o.value === typed.get(key)))) {
        input.value = typed.get(key);
        input.dataset.edited = 'true';
      }
      input.addEventListener(input.tagName === 'INPUT' ? 'input' : 'change', () => { input.dataset.edited = 'true'; });
      return input;
    });
    const button = make('button', { type: 'button', textContent: type, 'data-event': type });
    button.disabled = busy;
    button.addEventListener('click', () => send(type, inputs, fields));
    const queue = make('button', { type: 'button', className: 'queue', textContent: '+', title: 'add to the batch',
                                   'aria-label': 'queue ' + type, 'data-queue': type });
    queue.disabled = busy;
    queue.addEventListener('click', () => announce('queue', eventFrom(type, inputs, fields)));
    // A declared field is named beside its input: its value (a choice, a number) does not say which it is.
    const shown = inputs.map((input, index) => fields[index].kind
      ? make('label', { className: 'field' }, fields[index].name, input) : input);
    return make('div', { className: 'event', 'data-event-row': type }, button, queue, ...shown);
  });
  $('#events').replaceChildren(...(rows.length ? rows
    : [make('p', { className: 'empty', textContent: 'Nothing on screen accepts an event.' })]));
  if (focused) {
    const [type, field] = focused.split('/');
    const input = document.querySelector('[data-event-row="' + CSS.escape(type) + '"] [data-field="' + CSS.escape(field) + '"]');
    if (input) input.focus();
  }
}

/** The fields of a type the session's app declares, as `fieldInput` takes them: a list to pick from for a
 *  boolean, an enum and (when the app lists its screens) a screen; a number input for an integer. */
function declaredFields(type, state) {
  const app = apps.get(state.app);
  const declaration = app && (app.declaredEvents || []).find((declared) => declared.type === type);
  if (!declaration) return [];
  return declaration.fields.map((field) => {
    const spec = { name: field.name, kind: field.type, optional: field.optional, value: '' };
    if (field.type === 'boolean') spec.choices = ['true', 'false'];
    else if (field.type === 'enum') spec.choices = field.values;
    else if (field.type === 'screen' && app.screens) spec.choices = app.screens;
    else if (field.type === 'integer') {
      Object.assign(spec, { number: true, min: field.minimum, max: field.maximum });
      spec.value = String(Math.min(Math.max(0, field.minimum), field.maximum));
    }
    // An optional field may be left out: the empty choice sends nothing.
    if (spec.choices && field.optional) spec.choices = [''].concat(spec.choices);
    return spec;
  });
}

function fieldInput(type, field, state) {
  const label = type + ' ' + field.name;
  if (field.fromSteps || field.choices) {
    const options = field.fromSteps ? (state.steps || []) : field.choices;
    return make('select', { 'data-field': field.name, 'aria-label': label },
      ...options.map((option) => make('option', { value: option, textContent: option || (field.kind ? '(none)' : '(default)') })));
  }
  const input = make('input', { 'data-field': field.name, 'aria-label': label, placeholder: field.name,
                                value: field.fromTop ? (state.top || '') : field.value });
  if (field.number) Object.assign(input, { type: 'number', min: field.min, max: field.max, step: 1 });
  if (field.list) {
    const id = 'list-' + type + '-' + field.name;
    input.setAttribute('list', id);
    input.append(make('datalist', { id }, ...field.list.map((value) => make('option', { value }))));
  }
  return input;
}

/** The event a row's inputs make: each field typed as its declaration says, an empty optional one left out. */
function eventFrom(type, inputs, fields) {
  const event = { type };
  for (const input of inputs) {
    const field = fields.find((f) => f.name === input.dataset.field);
    if (input.value !== '' || !field.optional) event[field.name] = typedValue(field, input.value);
  }
  return event;
}

async function send(type, inputs, fields) {
  const event = eventFrom(type, inputs, fields);
  setBusy(true);
  try {
    const { response, body } = await post('/events', event);
    if (response.ok) {
      // Sent: this row's fields go back to what the state suggests (the top screen, say). The new state
      // may have come through the stream already, with the row rebuilt from these inputs: clear both.
      for (const input of inputs) delete input.dataset.edited;
      const row = '[data-event-row="' + CSS.escape(type) + '"] [data-edited]';
      for (const input of document.querySelectorAll(row)) delete input.dataset.edited;
      if (current) renderEvents(current);
      say(JSON.stringify(event) + ' → version ' + body.version, false);
    }
    else say(JSON.stringify(event) + ' → ' + problemText(body), true);
  } catch (error) {
    say('request failed: ' + error, true);
  } finally {
    setBusy(false);
  }
}

/** An input's text as the JSON its declared field takes: integers and booleans unquoted. Text that is not one
 *  is sent as it is, for the server to refuse with the field named. */
function typedValue(field, text) {
  if (field.kind === 'integer' && /^-?[0-9]+$/.test(text)) return Number(text);
  if (field.kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

document.addEventListener('viewer:state', (event) => renderEvents(event.detail));
// A session opened from the address may have rendered before its app's declared fields were known.
document.addEventListener('viewer:apps', () => { if (current) renderEvents(current); });
document.addEventListener('viewer:busy', () => {
  for (const button of document.querySelectorAll('#events button')) button.disabled = busy;
});
document.addEventListener('viewer:end', () => {
  $('#events').replaceChildren(make('p', { className: 'empty', textContent: 'The session is gone.' }));
});
