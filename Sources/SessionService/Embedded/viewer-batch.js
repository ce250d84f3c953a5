'use strict';
// The batch: events queued from the event rows (their + button) or typed as JSON, sent as one
// `{"events": [...]}` (POST …/events), all or none. A refusal names the event refused by its `index`: that
// event is marked, and the queue kept to be mended.
const batch = { events: [], failed: null };

function renderBatch() {
  const items = batch.events.map((event, index) => {
    const remove = make('button', { type: 'button', className: 'quiet remove', textContent: '✕',
                                    title: 'remove from the batch', 'aria-label': 'remove event ' + index });
    remove.disabled = busy;
    remove.addEventListener('click', () => {
      batch.events.splice(index, 1);
      batch.failed = null;
      renderBatch();
    });
    return make('li', { 'data-index': String(index), 'data-failed': String(index === batch.failed) },
      make('code', { textContent: JSON.stringify(event) }), remove);
  });
  $('#queue').replaceChildren(...items);
  $('#batch-count').textContent = items.length ? items.length + (items.length === 1 ? ' event' : ' events') : '';
  $('#send-batch').textContent = items.length ? 'Send ' + items.length + ' as one batch' : 'Send batch';
  $('#send-batch').disabled = busy || !current || !items.length;
  $('#clear-batch').disabled = busy || !items.length;
  $('#queue-raw').disabled = busy;
}

function enqueue(event) {
  batch.events.push(event);
  batch.failed = null;
  renderBatch();
  say('queued ' + JSON.stringify(event) + ' (' + batch.events.length + ' in the batch)', false);
}

/** An event typed as JSON: any JSON goes in, for the server to judge with the rest (its refusal names it). */
function queueTyped(event) {
  event.preventDefault();
  const input = $('#raw-event');
  let typed;
  try {
    typed = JSON.parse(input.value);
  } catch (error) {
    return say('not JSON: ' + error.message, true);
  }
  input.value = '';
  enqueue(typed);
}

async function sendBatch() {
  if (!batch.events.length || !current) return;
  const events = batch.events.slice();
  setBusy(true);
  try {
    const { response, body } = await post('/events', { events });
    if (response.ok) {
      batch.events = [];
      batch.failed = null;
      renderBatch();
      say('batch of ' + events.length + ' → version ' + body.version, false);
    } else if (Number.isInteger(body.index)) {
      batch.failed = body.index;
      renderBatch();
      say('batch refused at event ' + body.index + ' ' + JSON.stringify(events[body.index]) + ' → '
        + problemText(body), true);
    } else {
      say('batch → ' + problemText(body), true);
    }
  } finally {
    setBusy(false);
  }
}

document.addEventListener('viewer:queue', (event) => enqueue(event.detail));
document.addEventListener('viewer:session', () => {
  batch.events = [];
  batch.failed = null;
  renderBatch();
});
for (const name of ['viewer:state', 'viewer:busy', 'viewer:end']) document.addEventListener(name, renderBatch);
$('#raw').addEventListener('submit', queueTyped);
$('#send-batch').addEventListener('click', reporting(sendBatch));
$('#clear-batch').addEventListener('click', () => {
  batch.events = [];
  batch.failed = null;
  renderBatch();
});
