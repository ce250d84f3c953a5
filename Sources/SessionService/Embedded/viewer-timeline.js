'use strict';
// The timeline (time travel): the session's versions from GET …/history, newest first. Choosing one draws that
// version (GET …?version=N) in place of the live state, and what its change did (GET …/diff); from there the
// session can be rewound to it (a new version) or forked at it (a new session, which the page then follows).
const timeline = { entries: [], loading: false, stale: false, asked: 0 };

/** A history entry's event in a few words: `push screen=A`, `rewind to v2`, `link app://home`. */
function describeEvent(event) {
  if (event.type === 'rewind') return 'rewind to v' + event.version;
  if (event.type === 'link') return 'link ' + event.url;
  const fields = Object.entries(event).filter(([name]) => name !== 'type')
    .map(([name, value]) => name + '=' + (typeof value === 'string' ? value : JSON.stringify(value)));
  return [event.type, ...fields].join(' ');
}

/** Reads the history again. Versions can come faster than reads: one asked for while a read is out makes one
 *  more read after it, not one each. */
async function loadTimeline() {
  if (timeline.loading) {
    timeline.stale = true;
    return;
  }
  const id = session;
  timeline.loading = true;
  try {
    do {
      timeline.stale = false;
      const response = await fetch('/v1/sessions/' + encodeURIComponent(id) + '/history');
      // A session that ended or was left meanwhile: the stream and the next session say what matters.
      if (id !== session || !response.ok) return;
      const body = await response.json();
      timeline.entries = [{ version: 1, type: 'created', label: 'created' }].concat(body.events.map((entry) => (
        { version: entry.version, type: entry.event.type, label: describeEvent(entry.event), at: entry.at })));
      renderTimeline();
    } while (timeline.stale);
  } finally {
    if (id === session) timeline.loading = false;
  }
}

function shownVersion() {
  if (pinned) return pinned.version;
  return current ? current.version : null;
}

function renderTimeline() {
  const live = current ? current.version : null;
  const items = timeline.entries.slice().reverse().map((entry) => {
    const pick = make('button', { type: 'button', className: 'pick', title: entry.at || '' },
      make('b', { textContent: 'v' + entry.version }), make('span', { className: 'label', textContent: entry.label }),
      make('time', { textContent: entry.at ? new Date(entry.at).toLocaleTimeString() : '' }));
    if (entry.version === live) pick.append(make('span', { className: 'live-tag', textContent: 'live' }));
    pick.addEventListener('click', () => choose(entry.version).catch((error) => say('request failed: ' + error, true)));
    return make('li', { className: 'entry', 'data-version': String(entry.version), 'data-type': entry.type,
                        'data-live': String(entry.version === live),
                        'data-chosen': String(entry.version === shownVersion()) }, pick);
  });
  const empty = make('li', { className: 'empty', textContent: session && current ? 'Loading…' : 'No session.' });
  $('#timeline').replaceChildren(...(items.length ? items : [empty]));
  $('#timeline-count').textContent = items.length ? items.length + ' versions' : '';
  const version = shownVersion();
  $('#rewind').disabled = busy || !pinned || !current;
  $('#rewind').textContent = pinned ? 'Rewind to v' + pinned.version : 'Rewind';
  $('#fork').disabled = busy || !current || !version;
  $('#fork').textContent = version ? 'Fork at v' + version : 'Fork';
}

/** Shows `version`: the live state for the live version, else the past one as the server answered it then. */
async function choose(version) {
  if (!current) return;
  const asked = ++timeline.asked;
  if (version === current.version) return unpin();
  const response = await fetch('/v1/sessions/' + encodeURIComponent(session) + '?version=' + version);
  const body = await response.json().catch(() => ({}));
  if (asked !== timeline.asked) return; // chosen again meanwhile: the later choice wins
  if (!response.ok) return say('version ' + version + ' → ' + problemText(body), true);
  pin(body);
  renderTimeline();
  await showChanges(version, asked);
}

/** What version N's change did: the JSON Patch from N-1 to N, one line per operation. */
async function showChanges(version, asked) {
  if (version === 1) return $('#changes').replaceChildren();
  const path = '/v1/sessions/' + encodeURIComponent(session) + '/diff?from=' + (version - 1) + '&to=' + version;
  const response = await fetch(path);
  const patch = await response.json().catch(() => null);
  if (asked !== timeline.asked || !response.ok || !Array.isArray(patch)) return;
  const lines = patch.map((operation) => make('li', { 'data-op': operation.op },
    make('b', { textContent: operation.op }), ' ', make('code', { textContent: operation.path }),
    operation.value === undefined ? '' : ' ' + abbreviated(JSON.stringify(operation.value))));
  $('#changes').replaceChildren(
    make('h3', { textContent: 'v' + (version - 1) + ' → v' + version + ': ' + patch.length + ' changes' }),
    make('ul', {}, ...lines));
}

function abbreviated(text) {
  return text.length > 60 ? text.slice(0, 57) + '…' : text;
}

async function rewind() {
  if (!pinned || !current) return;
  const version = pinned.version;
  const before = current.version;
  setBusy(true);
  try {
    const { response, body } = await post('/rewind', { version });
    if (!response.ok) return say('rewind to v' + version + ' → ' + problemText(body), true);
    // The rewound state comes through the stream as the new live version.
    unpin();
    const unchanged = body.version === before ? ' (nothing changed)' : '';
    say('rewound to v' + version + ' → version ' + body.version + unchanged, false);
  } finally {
    setBusy(false);
  }
}

async function fork() {
  const version = shownVersion();
  const from = session;
  if (!version) return;
  setBusy(true);
  try {
    const { response, body } = await post('/v1/sessions', { from: { session: from, version } });
    if (!response.ok) return say('fork at v' + version + ' → ' + problemText(body), true);
    watch(body.session);
    say('forked at v' + version + ' as session ' + body.session + ', from ', false,
      make('a', { href: '?session=' + encodeURIComponent(from), textContent: from }));
  } finally {
    setBusy(false);
  }
}

document.addEventListener('viewer:session', () => {
  timeline.entries = [];
  timeline.loading = false;
  timeline.asked += 1;
  $('#changes').replaceChildren();
  renderTimeline();
});
document.addEventListener('viewer:state', (event) => {
  const newest = timeline.entries.length ? timeline.entries[timeline.entries.length - 1].version : 0;
  // A failed read is left: the next version reads again.
  if (newest < event.detail.version) loadTimeline().catch(() => {});
  renderTimeline();
});
document.addEventListener('viewer:live', () => {
  $('#changes').replaceChildren();
  renderTimeline();
});
for (const name of ['viewer:end', 'viewer:busy']) document.addEventListener(name, renderTimeline);
$('#rewind').addEventListener('click', () => rewind().catch((error) => say('request failed: ' + error, true)));
$('#fork').addEventListener('click', () => fork().catch((error) => say('request failed: ' + error, true)));
