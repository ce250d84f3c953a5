'use strict';
// The link box: a URL for the session's app to open (POST …/links), with the app's link patterns (GET /v1/apps)
// offered as a datalist and as examples to click. A refusal (409 link_not_routable, 422 unknown_link) is shown
// with its detail.
let linksOf = null; // the app whose patterns are listed

/** A pattern as a URL to start from. Any scheme but http(s) reads the host as the path's first segment. */
function exampleURL(pattern) {
  return 'app://' + pattern;
}

function renderLinks() {
  $('#open-link').disabled = busy || !current;
  const app = current ? apps.get(current.app) : null;
  if (!app || linksOf === app.id) return;
  linksOf = app.id;
  const links = app.links || [];
  $('#link-patterns').replaceChildren(...links.map((link) =>
    make('option', { value: exampleURL(link.pattern), label: link.description })));
  $('#link-examples').replaceChildren(...(links.length ? links.map(exampleButton)
    : [make('p', { className: 'empty', textContent: app.id + ' declares no links.' })]));
}

function exampleButton(link) {
  const button = make('button', { type: 'button', className: 'example', textContent: link.pattern,
                                  title: link.description, 'data-pattern': link.pattern });
  button.addEventListener('click', () => {
    const input = $('#link-url');
    input.value = exampleURL(link.pattern);
    input.focus();
    // The first parameter is selected, to be typed over.
    const start = input.value.indexOf('{');
    if (start >= 0) input.setSelectionRange(start, input.value.indexOf('}', start) + 1);
  });
  return button;
}

async function openLink(event) {
  event.preventDefault();
  const url = $('#link-url').value.trim();
  if (!url || !current) return;
  setBusy(true);
  try {
    const { response, body } = await post('/links', { url });
    if (response.ok) say(url + ' → version ' + body.version, false);
    else say(url + ' → ' + problemText(body), true);
  } finally {
    setBusy(false);
  }
}

document.addEventListener('viewer:session', () => { linksOf = null; });
for (const name of ['viewer:apps', 'viewer:state', 'viewer:busy', 'viewer:end']) {
  document.addEventListener(name, renderLinks);
}
$('#link').addEventListener('submit', reporting(openLink));
