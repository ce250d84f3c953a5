'use strict';
const $ = (selector) => document.querySelector(selector);
const params = new URLSearchParams(location.search);
const apps = new Map();
let session = null;
let source = null;
let current = null;
// A past version drawn instead of the live state (the timeline's choice); null while the page shows live.
let pinned = null;
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

/** Tells the page's other parts (event rows, timeline, links, batch) what happened: a `viewer:<name>` event on
 *  the document, with `detail`. */
function announce(name, detail) {
  document.dispatchEvent(new CustomEvent('viewer:' + name, { detail }));
}

function setStatus(status, text) {
  $('#status').dataset.status = status;
  $('#status-text').textContent = text;
}

/** The page's one line of feedback; `extra` nodes (a link, say) follow the text. */
function say(text, isError, ...extra) {
  const message = $('#message');
  message.replaceChildren(text, ...extra);
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
  announce('apps');
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
  unpin();
  $('#session').value = id;
  $('#delete-session').disabled = false;
  history.replaceState(null, '', '?session=' + encodeURIComponent(id));
  setStatus('connecting', 'connecting…');
  announce('session', id);
  source = new EventSource('/v1/sessions/' + encodeURIComponent(id) + '/stream');
  const mine = source;
  source.addEventListener('state', (message) => {
    if (mine !== source) return;
    setStatus('live', 'live · v' + message.lastEventId);
    receive(JSON.parse(message.data));
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
  unpin();
  // Nothing may render this session's event rows again (a send answered just before the end, say).
  current = null;
  setStatus('ended', text);
  announce('end');
  $('#delete-session').disabled = true;
  document.body.dataset.ended = 'true';
}

/** A live state from the stream: drawn unless a past version is pinned; the event rows follow it either way. */
function receive(state) {
  current = state;
  document.body.dataset.version = state.version;
  if (pinned) describePast();
  else draw(state);
  announce('state', state);
}

/** Draws `state`'s tree, layers and leaks: the live state, or the past version pinned. */
function draw(state) {
  document.body.dataset.app = state.app;
  $('#version').textContent = state.app + ' · version ' + state.version + (state === pinned ? ' (past)' : '');
  describeApp(state.app);
  $('#tree').replaceChildren(treeNode(state.tree));
  $('#top').textContent = state.top ? 'top: ' + state.top : '';
  $('#layers').replaceChildren(...state.layers.map(layerCard));
  // Each leak is an object: the RIB, which of its objects, and why it counts as leaked.
  $('#leaks').textContent = state.leaks && state.leaks.length
    ? 'Leaks: ' + state.leaks.map((leak) => leak.name + ' ' + leak.kind + ' (' + leak.reason + ')').join(', ') : '';
}

/** Shows a past version of the session in place of the live one. The session does not change: what acts on it
 *  (events, links, batches) is disabled until the page is back to live, since they would act on the live state. */
function pin(state) {
  pinned = state;
  document.body.dataset.viewing = state.version;
  $('#past').hidden = false;
  $('#actions').disabled = true;
  $('#actions-note').hidden = false;
  describePast();
  draw(state);
}

function unpin() {
  if (!pinned) return;
  pinned = null;
  delete document.body.dataset.viewing;
  $('#past').hidden = true;
  $('#actions').disabled = false;
  $('#actions-note').hidden = true;
  if (current) draw(current);
  announce('live');
}

function describePast() {
  $('#past-text').textContent = 'Showing version ' + pinned.version + ', a past version: the session itself is at '
    + 'version ' + (current ? current.version : '?') + ' and stays there unless you rewind.';
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
  const card = make('div', { className: 'layer', 'data-layer': String(index), 'data-style': layer.style },
    make('h3', {}, 'layer ' + index + ' · ', make('b', { textContent: layer.style })));
  // A tab bar: its tabs in order, the selected one marked; the stack below is the selected tab's.
  if (layer.tabs) {
    card.append(make('ul', { className: 'tabs', 'aria-label': 'tabs' }, ...layer.tabs.map((tab, position) => {
      const selected = position === layer.selectedTab;
      return make('li', { className: selected ? 'tab selected' : 'tab', 'data-tab': tab, textContent: tab,
                          'aria-selected': String(selected) });
    })));
  }
  card.append(stack);
  return card;
}

/** POSTs `body` as JSON to `path`: one of the session's (`/events`, `/links` ...) or a whole one (`/v1/...`).
 *  Gives the response and its decoded body, `{}` when it has none. */
async function post(path, body) {
  const target = path.startsWith('/v1/') ? path : '/v1/sessions/' + encodeURIComponent(session) + path;
  const response = await fetch(target, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  return { response, body: await response.json().catch(() => ({})) };
}

/** While a request is out, the buttons that send another are disabled (each part redraws its own on `busy`). */
function setBusy(value) {
  busy = value;
  announce('busy', value);
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
$('#back-to-live').addEventListener('click', unpin);
// The other scripts (event rows, timeline, links, batch) come after this one: start once all of them listen.
document.addEventListener('DOMContentLoaded', () => {
  loadApps().catch((error) => say('could not load the apps: ' + error, true));
  if (params.get('session')) watch(params.get('session'));
});
// A page left closes its stream at once: a browser holds few connections per server, and one a stream still
// holds is one the next page cannot have.
window.addEventListener('pagehide', () => {
  if (source) source.close();
});
