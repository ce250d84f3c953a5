'use strict';
const $ = (selector) => document.querySelector(selector);
const params = new URLSearchParams(location.search);
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
const apps = new Map();
let session = null;
let source = null;
let current = null;
let busy = false;

function make(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key.startsWith('data-') || key === 'aria-label') node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

function setStatus(status, text) {
  $('#status').dataset.status = status;
  $('#status-text').textContent = text;
}

function say(text, isError) {
  const message = $('#message');
  message.textContent = text;
  message.className = isError ? 'error' : '';
}

async function loadApps() {
  const response = await fetch('/v1/apps');
  const body = await response.json();
  const select = $('#app');
  for (const app of body.apps) {
    apps.set(app.id, app);
    select.append(make('option', { value: app.id, textContent: app.id, title: app.description }));
  }
  select.value = apps.has(params.get('app')) ? params.get('app') : (apps.has('login') ? 'login' : select.value);
  describeApp(select.value);
  // A session opened from the address may have rendered before its app's declared fields were known.
  if (current) renderEvents(current);
  document.body.dataset.ready = 'true';
}

function describeApp(id) {
  const app = apps.get(id);
  $('#app-description').textContent = app ? app.id + ': ' + app.description : '';
}

async function createSession(event) {
  event.preventDefault();
  const response = await fetch('/v1/sessions', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ app: $('#app').value }),
  });
  const body = await response.json();
  if (!response.ok) return say(problemText(body), true);
  say('created session ' + body.session, false);
  watch(body.session);
}

function watch(id) {
  if (source) source.close();
  session = id;
  current = null;
  $('#session').value = id;
  $('#delete-session').disabled = false;
  history.replaceState(null, '', '?session=' + encodeURIComponent(id));
  setStatus('connecting', 'connecting…');
  source = new EventSource('/v1/sessions/' + encodeURIComponent(id) + '/stream');
  const mine = source;
  source.addEventListener('state', (message) => {
    if (mine !== source) return;
    setStatus('live', 'live · v' + message.lastEventId);
    render(JSON.parse(message.data));
  });
  source.addEventListener('end', (message) => {
    if (mine !== source) return;
    mine.close();
    endSession('session ' + JSON.parse(message.data).reason);
  });
  // A reconnect that resumes at the current version gets no state event: open is live again.
  source.onopen = () => {
    if (mine !== source) return;
    setStatus('live', 'live · v' + (current ? current.version : '?'));
  };
  source.onerror = () => {
    if (mine !== source) return;
    if (mine.readyState === EventSource.CLOSED) closed(id, mine);
    else setStatus('reconnecting', 'reconnecting…');
  };
}

// The server refused the stream (EventSource gives up on any answer but 200): a 404 means the session
// is gone; anything else (503 stream_limit, shutting_down; EventSource shows neither) is worth another
// try, 5 s later (the stream's Retry-After).
async function closed(id, mine) {
  let response = null;
  try { response = await fetch('/v1/sessions/' + encodeURIComponent(id)); } catch (error) { response = null; }
  if (mine !== source) return;
  if (response && response.status === 404) return endSession('no such session (deleted or expired)');
  let text = 'stream refused';
  let seconds = 5;
  if (response && !response.ok) {
    const body = await response.json().catch(() => ({}));
    text = problemText(body);
  } else if (!response) {
    text = 'server unreachable';
  }
  setStatus('reconnecting', text + ' · retrying in ' + seconds + ' s');
  setTimeout(() => { if (mine === source) watch(id); }, seconds * 1000);
}

function endSession(text) {
  // Nothing may render this session's event rows again (a send answered just before the end, say).
  current = null;
  setStatus('ended', text);
  $('#delete-session').disabled = true;
  $('#events').replaceChildren(make('p', { className: 'empty', textContent: 'The session is gone.' }));
  document.body.dataset.ended = 'true';
}

function render(state) {
  current = state;
  document.body.dataset.version = state.version;
  document.body.dataset.app = state.app;
  $('#version').textContent = state.app + ' · version ' + state.version;
  describeApp(state.app);
  $('#tree').replaceChildren(treeNode(state.tree));
  $('#top').textContent = state.top ? 'top: ' + state.top : '';
  $('#layers').replaceChildren(...state.layers.map(layerCard));
  // Each leak is an object: the RIB, which of its objects, and why it counts as leaked.
  $('#leaks').textContent = state.leaks && state.leaks.length
    ? 'Leaks: ' + state.leaks.map((leak) => leak.name + ' ' + leak.kind + ' (' + leak.reason + ')').join(', ') : '';
  renderEvents(state);
}

function treeNode(node) {
  const rib = make('div', { className: 'rib' },
    make('i', { className: node.active ? 'dot on' : 'dot', title: node.active ? 'active' : 'inactive' }),
    make('span', { className: 'name', textContent: node.name }),
    make('span', { className: 'kind', 'data-kind': node.kind, textContent: node.kind }),
    make('span', { className: 'active-label', textContent: node.active ? 'active' : 'inactive' }));
  if (node.state !== undefined) rib.append(make('code', { textContent: JSON.stringify(node.state) }));
  const item = make('li', { className: 'node', 'data-name': node.name, 'data-kind': node.kind,
                            'data-active': String(node.active) }, rib);
  if (node.children && node.children.length) item.append(make('ul', {}, ...node.children.map(treeNode)));
  return item;
}

function layerCard(layer, index) {
  const stack = make('ol', { className: 'stack' }, ...layer.stack.map((screen, position) => {
    const isTop = position === layer.stack.length - 1;
    const item = make('li', { className: isTop ? 'screen top' : 'screen', 'data-screen': screen,
                              textContent: screen });
    if (isTop) item.append(make('small', { textContent: 'top' }));
    return item;
  }));
  return make('div', { className: 'layer', 'data-layer': String(index), 'data-style': layer.style },
    make('h3', {}, 'layer ' + index + ' · ', make('b', { textContent: layer.style })), stack);
}

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
    // A declared field is named beside its input: its value (a choice, a number) does not say which it is.
    const shown = inputs.map((input, index) => fields[index].kind
      ? make('label', { className: 'field' }, fields[index].name, input) : input);
    return make('div', { className: 'event', 'data-event-row': type }, button, ...shown);
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

async function send(type, inputs, fields) {
  const event = { type };
  for (const input of inputs) {
    const field = fields.find((f) => f.name === input.dataset.field);
    if (input.value !== '' || !field.optional) event[field.name] = typedValue(field, input.value);
  }
  setBusy(true);
  try {
    const response = await fetch('/v1/sessions/' + encodeURIComponent(session) + '/events', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(event),
    });
    const body = await response.json();
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

function setBusy(value) {
  busy = value;
  for (const button of document.querySelectorAll('#events button')) button.disabled = value;
}

function problemText(problem) {
  if (!problem || problem.code === undefined) return 'unexpected answer';
  return problem.status + ' ' + problem.code + ': ' + problem.detail;
}

async function deleteSession() {
  if (!session) return;
  const response = await fetch('/v1/sessions/' + encodeURIComponent(session), { method: 'DELETE' });
  say(response.status === 204 ? 'deleted ' + session : 'delete answered ' + response.status, response.status !== 204);
}

// A failed fetch (server down) is shown, not left as an unhandled rejection.
const reporting = (action) => (event) => action(event).catch((error) => say('request failed: ' + error, true));
$('#create').addEventListener('submit', reporting(createSession));
$('#open').addEventListener('submit', (event) => {
  event.preventDefault();
  const id = $('#session').value.trim();
  if (id) watch(id);
});
$('#delete-session').addEventListener('click', reporting(deleteSession));
$('#app').addEventListener('change', (event) => describeApp(event.target.value));
loadApps().catch((error) => say('could not load the apps: ' + error, true));
if (params.get('session')) watch(params.get('session'));
