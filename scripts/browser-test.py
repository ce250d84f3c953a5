"""The browser half of scripts/browser-test: drives the viewer page in the headless Chromium that the shell
script started, over the DevTools protocol (standard library only).

    python3 scripts/browser-test.py BASE_URL ARTIFACT_DIR PROFILE_DIR SCENARIO

PROFILE_DIR is Chromium's --user-data-dir, where it writes DevToolsActivePort. Prints one JSON line; exit 1
on a failed step. Run it through scripts/browser-test, which starts and stops the browser.
"""
import base64, json, os, socket, sys, threading, time, urllib.request

base_url, artifacts, profile, scenario = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3], sys.argv[4]

def wait_for(what, probe, timeout=15.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(0.1)
    raise RuntimeError("timed out waiting for " + what)

def devtools_port():
    path = os.path.join(profile, "DevToolsActivePort")
    return wait_for("DevToolsActivePort", lambda: os.path.exists(path) and open(path).read().split("\n")[0])

class WebSocket:
    """A minimal RFC 6455 client: masked text frames out, reassembled messages in."""
    def __init__(self, url):
        host_port, path = url[len("ws://"):].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("websocket handshake failed: " + head.decode(errors="replace"))

    def send(self, text, opcode=1):
        payload = text.encode() if isinstance(text, str) else text
        header = bytes([0x80 | opcode])
        if len(payload) < 126: header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536: header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
        else: header += bytes([0x80 | 127]) + len(payload).to_bytes(8, "big")
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def exact(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk: raise RuntimeError("devtools connection closed")
            data += chunk
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self.exact(2)
            length = second & 0x7F
            if length == 126: length = int.from_bytes(self.exact(2), "big")
            elif length == 127: length = int.from_bytes(self.exact(8), "big")
            payload = self.exact(length)
            opcode = first & 0x0F
            if opcode == 9: self.send(payload, opcode=10); continue
            if opcode == 8: raise RuntimeError("devtools closed the websocket")
            message += payload
            if first & 0x80: return message.decode()

class Page:
    def __init__(self, ws_url):
        self.ws, self.next_id, self.errors = WebSocket(ws_url), 0, []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.ws.receive())
            if reply.get("method") == "Runtime.exceptionThrown":  # an error the page's own scripts threw
                details = reply["params"]["exceptionDetails"]
                self.errors.append(details.get("exception", {}).get("description") or details.get("text"))
            if reply.get("id") == self.next_id:
                if "error" in reply: raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def js(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError("script error: " + json.dumps(result["exceptionDetails"])[:400])
        return result["result"].get("value")

    def wait(self, what, expression, timeout=15.0):
        def probe():
            try:
                return self.js(expression)
            except RuntimeError as error:  # e.g. no document.body yet while the page loads
                if not str(error).startswith("script error"): raise
                return None
        return wait_for(what, probe, timeout)

    def click(self, selector):
        """A real mouse click at the centre of the element, as a user would."""
        box = self.wait("enabled " + selector, f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e || e.disabled) return null; e.scrollIntoView({{block: 'center'}});
            const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def type_into(self, selector, text):
        """Focuses the field, selects its text and types over it."""
        self.wait(selector, f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return false; e.focus(); e.select(); return true; }})()""")
        self.call("Input.insertText", text=text)

    def choose(self, selector, value):
        self.wait(selector, f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e || ![...e.options].some(o => o.value === {json.dumps(value)})) return false;
            e.value = {json.dumps(value)}; e.dispatchEvent(new Event('change', {{bubbles: true}})); return true; }})()""")

    def screenshot(self, name):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path = os.path.join(artifacts, name)
        with open(path, "wb") as file: file.write(base64.b64decode(data))
        return path

SNAPSHOT = """(() => {
  const node = (li) => ({ name: li.dataset.name, kind: li.dataset.kind, active: li.dataset.active === 'true',
    children: [...li.querySelectorAll(':scope > ul > li.node')].map(node) });
  const root = document.querySelector('#tree > li.node');
  const viewing = document.body.dataset.viewing;
  return { version: Number(document.body.dataset.version), status: document.querySelector('#status').dataset.status,
    session: document.querySelector('#session').value, viewing: viewing === undefined ? null : Number(viewing),
    tree: root ? node(root) : null,
    layers: [...document.querySelectorAll('#layers .layer')].map((l) => ({ style: l.dataset.style,
      stack: [...l.querySelectorAll('.screen')].map((s) => s.dataset.screen),
      ...(l.querySelector('.tab') ? { tabs: [...l.querySelectorAll('.tab')]
        .map((t) => (t.classList.contains('selected') ? '*' : '') + t.dataset.tab) } : {}) })),
    accepts: [...document.querySelectorAll('#events [data-event]')].map((b) => b.dataset.event),
    message: document.querySelector('#message').textContent,
    leaks: document.querySelector('#leaks').textContent,
    statusText: document.querySelector('#status-text').textContent };
})()"""

def has(selector):
    return f"!!document.querySelector({json.dumps(selector)})"

port = devtools_port()
targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
page = Page(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
page.call("Page.enable")
page.call("Runtime.enable")
page.call("Emulation.setDeviceMetricsOverride", width=1400, height=900, deviceScaleFactor=1, mobile=False)
result, current = {"apps": {}}, "start"

def open_app(app):
    global current
    current = app
    page.call("Page.navigate", url=base_url + "/")
    page.wait("the app list", "document.body.dataset.ready === 'true'")
    page.choose("#app", app)
    page.click("#new-session")
    page.wait(app + " state from the stream",
              f"document.body.dataset.app === {json.dumps(app)} && document.querySelector('#status').dataset.status === 'live'")

def settle(version):
    page.wait(f"version {version}", f"Number(document.body.dataset.version) === {version}")

def walkthrough():
    # login → push A → present Profile, each through the page's own buttons.
    open_app("login")
    page.wait("Login in the tree", has('#tree [data-name="Login"]'))
    page.type_into('[data-event-row="login"] [data-field="name"]', "kim")
    page.click('[data-event="login"]')
    page.wait("Home in the tree", has('#tree [data-name="Home"]'))
    page.type_into('[data-event-row="push"] [data-field="screen"]', "A")
    page.click('[data-event="push"]')
    page.wait("A on the stack", has('.layer[data-layer="0"] [data-screen="A"]'))
    page.type_into('[data-event-row="present"] [data-field="screen"]', "Profile")
    page.click('[data-event="present"]')
    page.wait("Profile presented", has('.layer[data-layer="1"] [data-screen="Profile"]'))
    settle(4)
    result["apps"]["login"] = page.js(SNAPSHOT)
    result["apps"]["login"]["screenshot"] = page.screenshot("viewer-login.png")

    # One event in each other app, to show the page handles their trees, kinds and fields.
    for app, steps, ready in [
        ("navigation", [("push", "screen", "A")], '.layer[data-layer="1"] [data-screen="A"]'),
        ("todo", [("login", "name", "kim")], '#tree [data-name="Todo"]'),
        ("flow", [("step", "step", "mainIsRequired")], '.layer[data-layer="0"] [data-screen="Main"]'),
    ]:
        open_app(app)
        for event, field, value in steps:
            selector = f'[data-event-row="{event}"] [data-field="{field}"]'
            if page.js(f"document.querySelector({json.dumps(selector)})?.tagName") == "SELECT":
                page.choose(selector, value)
            else:
                page.type_into(selector, value)
            page.click(f'[data-event="{event}"]')
        page.wait(app + " after its event", has(ready))
        settle(2)
        result["apps"][app] = page.js(SNAPSHOT)
        result["apps"][app]["screenshot"] = page.screenshot(f"viewer-{app}.png")

    # Apps with event types of their own (none of the built-in ones; a test may host some): each declared type
    # the screen accepts, in turn, through the form the page makes from its declaration.
    for app in declared_apps():
        open_app(app["id"])
        sent, version = [], 1
        for declaration in app["declaredEvents"]:
            if not page.js(has(f'[data-event="{declaration["type"]}"]')): continue
            fill_declared(declaration)
            page.click(f'[data-event="{declaration["type"]}"]')
            version += 1
            settle(version)
            page.wait(f"the answer to {declaration['type']}",
                      f"document.querySelector('#message').textContent.endsWith('→ version {version}')")
            sent.append(page.js("document.querySelector('#message').textContent"))
        result["apps"][app["id"]] = page.js(SNAPSHOT)
        result["apps"][app["id"]]["sent"] = sent
        result["apps"][app["id"]]["states"] = page.js(NODE_STATES)
        result["apps"][app["id"]]["screenshot"] = page.screenshot(f"viewer-{app['id']}.png")

NODE_STATES = """Object.fromEntries([...document.querySelectorAll('#tree li.node')]
  .filter((li) => li.querySelector(':scope > .rib > code'))
  .map((li) => [li.dataset.name, li.querySelector(':scope > .rib > code').textContent]))"""

def declared_apps():
    apps = json.load(urllib.request.urlopen(base_url + "/v1/apps", timeout=10))["apps"]
    return [app for app in apps if app.get("declaredEvents")]

def fill_declared(declaration):
    """Fills a declared event's form: a list's last choice (`true` for a boolean), else text its kind takes."""
    for field in declaration["fields"]:
        selector = f'[data-event-row="{declaration["type"]}"] [data-field="{field["name"]}"]'
        if page.js(f"document.querySelector({json.dumps(selector)})?.tagName") == "SELECT":
            options = page.js(f"[...document.querySelector({json.dumps(selector)}).options].map((o) => o.value)")
            page.choose(selector, "true" if field["type"] == "boolean" else options[-1])
        elif field["type"] == "integer":
            page.type_into(selector, str(min(max(1, field["minimum"]), field["maximum"])))
        else:
            page.type_into(selector, "kim")

def leaks():
    # A lab app whose router keeps a dismissed child: the page lists what leaked, by name, kind and reason.
    open_app("leaky")
    page.type_into('[data-event-row="present"] [data-field="screen"]', "Sheet")
    page.click('[data-event="present"]')
    settle(2)
    page.click('[data-event="dismiss"]')
    settle(3)
    result["leaks"] = page.js(SNAPSHOT)

def tabs():
    # A lab app with a tab bar: the layer shows the tabs, the selected one marked, and the selected tab's stack.
    open_app("tabs")
    page.type_into('[data-event-row="push"] [data-field="screen"]', "A")
    page.click('[data-event="push"]')
    settle(2)
    result["feed"] = page.js(SNAPSHOT)
    page.choose('[data-event-row="selectTab"] [data-field="tab"]', "Settings")
    page.click('[data-event="selectTab"]')
    settle(3)
    result["settings"] = page.js(SNAPSHOT)
    result["settings"]["screenshot"] = page.screenshot("viewer-tabs.png")

TIMELINE = """[...document.querySelectorAll('#timeline .entry')].map((li) => ({ version: Number(li.dataset.version),
  type: li.dataset.type, label: li.querySelector('.label').textContent, live: li.dataset.live === 'true',
  chosen: li.dataset.chosen === 'true', time: li.querySelector('time').textContent,
  at: li.querySelector('.pick').title }))"""

QUEUE = "[...document.querySelectorAll('#queue li')].map((li) => li.querySelector('code').textContent)"

def timetravel():
    steps = result["steps"] = {}
    open_app("login")
    session = page.js("document.querySelector('#session').value")

    # The link box lists the app's patterns; a link refused from here and one no pattern matches show their problem.
    steps["patterns"] = page.js(
        "[...document.querySelectorAll('#link-examples [data-pattern]')].map((b) => b.dataset.pattern)")
    steps["datalist"] = page.js("[...document.querySelectorAll('#link-patterns option')].map((o) => o.value)")
    for name, url in [("refusedLink", "app://home/A"), ("unknownLink", "app://nope")]:
        page.type_into("#link-url", url)
        page.click("#open-link")
        page.wait("the answer to " + url,
                  f"document.querySelector('#message').textContent.startsWith({json.dumps(url + ' → ')})")
        steps[name] = page.js(SNAPSHOT)
        steps[name]["error"] = page.js("document.querySelector('#message').className === 'error'")
    # A link that opens: its example clicked, its parameter (selected by the click) typed over.
    page.click('#link-examples [data-pattern="welcome?name={name}"]')
    page.call("Input.insertText", text="kim")
    steps["typedLink"] = page.js("document.querySelector('#link-url').value")
    page.click("#open-link")
    settle(2)
    page.wait("the link's answer", "document.querySelector('#message').textContent.startsWith('app://welcome?name=kim → ')")
    steps["linked"] = page.js(SNAPSHOT)

    # Two pushes queued from the push row, sent as one batch: two versions.
    for screen in ["A", "B"]:
        page.type_into('[data-event-row="push"] [data-field="screen"]', screen)
        page.click('[data-queue="push"]')
    steps["queued"] = page.js(QUEUE)
    page.click("#send-batch")
    settle(4)
    page.wait("the batch's answer", "document.querySelector('#message').textContent.startsWith('batch of')")
    steps["batch"] = page.js(SNAPSHOT)
    steps["batch"]["queue"] = page.js(QUEUE)

    # A batch refused at its second event (typed as JSON: A is on the stack already): nothing changes, the event
    # refused is marked and the queue kept.
    page.type_into('[data-event-row="push"] [data-field="screen"]', "C")
    page.click('[data-queue="push"]')
    page.type_into("#raw-event", '{"type": "push", "screen": "A"}')
    page.click("#queue-raw")
    page.click("#send-batch")
    page.wait("the batch refused", has('#queue [data-failed="true"]'))
    steps["refusedBatch"] = page.js(SNAPSHOT)
    steps["refusedBatch"]["queue"] = page.js(QUEUE)
    steps["refusedBatch"]["failed"] = page.js(
        "[...document.querySelectorAll('#queue li')].findIndex((li) => li.dataset.failed === 'true')")
    steps["refusedBatch"]["serverVersion"] = get(f"/v1/sessions/{session}")["version"]
    page.click("#clear-batch")

    # The timeline lists the four versions; choosing version 2 draws it, marked as past, and the session stays.
    page.wait("four versions on the timeline", "document.querySelectorAll('#timeline .entry').length === 4")
    steps["timeline"] = page.js(TIMELINE)
    page.click('#timeline [data-version="2"] .pick')
    page.wait("version 2 shown", "document.body.dataset.viewing === '2'")
    page.wait("its changes", has("#changes li"))
    steps["past"] = page.js(SNAPSHOT)
    steps["past"].update(page.js("""({ pastText: document.querySelector('#past-text').textContent,
        banner: !document.querySelector('#past').hidden, actionsDisabled: document.querySelector('#actions').disabled,
        versionLabel: document.querySelector('#version').textContent,
        changes: document.querySelectorAll('#changes li').length })"""))
    steps["past"]["timeline"] = page.js(TIMELINE)
    steps["past"]["serverVersion"] = get(f"/v1/sessions/{session}")["version"]
    steps["past"]["screenshot"] = page.screenshot("viewer-timeline.png")

    # Another client pops B meanwhile: the timeline and the banner follow the live session, version 2 stays drawn.
    post(f"/v1/sessions/{session}/events", {"type": "pop"})
    page.wait("five versions on the timeline", "document.querySelectorAll('#timeline .entry').length === 5")
    settle(5)
    steps["pastWhileLive"] = page.js(SNAPSHOT)
    steps["pastWhileLive"]["pastText"] = page.js("document.querySelector('#past-text').textContent")
    steps["pastWhileLive"]["timeline"] = page.js(TIMELINE)

    # Rewound to it: a new version, and the page is live again.
    page.click("#rewind")
    settle(6)
    page.wait("live with six versions", "document.body.dataset.viewing === undefined && "
              "document.querySelectorAll('#timeline .entry').length === 6")
    steps["rewound"] = page.js(SNAPSHOT)
    steps["rewound"]["timeline"] = page.js(TIMELINE)

    # Forked at version 4: a new session, which the page follows.
    page.click('#timeline [data-version="4"] .pick')
    page.wait("version 4 shown", "document.body.dataset.viewing === '4'")
    page.click("#fork")
    page.wait("the fork followed", f"document.querySelector('#session').value !== {json.dumps(session)} && "
              + status_is("live") + " && Number(document.body.dataset.version) === 4 && "
              "document.querySelectorAll('#timeline .entry').length === 4")
    steps["forked"] = page.js(SNAPSHOT)
    steps["forked"]["timeline"] = page.js(TIMELINE)
    steps["forked"]["source"] = session
    steps["forked"]["sourceVersion"] = get(f"/v1/sessions/{session}")["version"]

def get(path):
    """Another client's GET; returns the decoded JSON answer (an HTTP error raises)."""
    return json.load(urllib.request.urlopen(base_url + path, timeout=10))

def post(path, body):
    """Another client's request; returns the decoded JSON answer (an HTTP error raises)."""
    request = urllib.request.Request(base_url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request, timeout=10))

def hold_stream(session):
    """Opens the session's stream on a raw socket and reads until its first state: the server's one stream."""
    host, port = base_url.split("//")[1].split(":")
    held = socket.create_connection((host, int(port)), timeout=10)
    held.sendall(f"GET /v1/sessions/{session}/stream HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    seen = b""
    while b"event: state" not in seen:
        chunk = held.recv(4096)
        if not chunk: raise RuntimeError("the held stream closed: " + seen[:200].decode(errors="replace"))
        seen += chunk
    if not seen.startswith(b"HTTP/1.1 200"): raise RuntimeError("the held stream was refused")
    return held

def status_is(status):
    return f"document.querySelector('#status').dataset.status === {json.dumps(status)}"

class Relay:
    """A TCP relay in front of the server, so the page's connections can be cut as a network would cut them."""
    def __init__(self, host, port):
        self.upstream, self.lock, self.open = (host, port), threading.Lock(), []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.listener.accept()
            try:
                server = socket.create_connection(self.upstream, timeout=5)
                server.settimeout(None)
            except OSError:
                client.close()  # the page sees a network error, as it would without the relay
                continue
            with self.lock: self.open += [client, server]
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=self.pump, args=(source, target), daemon=True).start()

    @staticmethod
    def pump(source, target):
        try:
            while chunk := source.recv(65536): target.sendall(chunk)
        except OSError: pass
        for end in (source, target):
            try: end.shutdown(socket.SHUT_RDWR)
            except OSError: pass

    def cut(self):
        """Ends every connection open now, both ways; later ones pass."""
        with self.lock: cutting, self.open = self.open, []
        for end in cutting:
            # shutdown, not just close: a pump thread blocked in recv keeps a closed socket alive.
            try: end.shutdown(socket.SHUT_RDWR)
            except OSError: pass
            end.close()

def resilience():
    global current
    current = "login"
    steps = result["steps"] = {}
    session = post("/v1/sessions", {"app": "login"})["session"]
    post(f"/v1/sessions/{session}/events", {"type": "login", "name": "kim"})

    # Another client holds the only stream: the page's is refused, and it says so and tries again.
    held = hold_stream(session)
    host, port = base_url.split("//")[1].split(":")
    relay = Relay(host, int(port))
    page.call("Page.navigate", url=f"{relay.url}/?session={session}")
    page.wait("the refusal shown", status_is("reconnecting") + " && /retrying/.test(document.querySelector('#status-text').textContent)")
    steps["refused"] = page.js(SNAPSHOT)
    held.close()
    page.wait("live after the retry", status_is("live"), timeout=20)
    settle(2)
    steps["retried"] = page.js(SNAPSHOT)

    # Text typed but not sent survives another client's event.
    page.type_into('[data-event-row="push"] [data-field="screen"]', "B")
    post(f"/v1/sessions/{session}/events", {"type": "push", "screen": "A"})
    settle(3)
    steps["typed"] = page.js(SNAPSHOT)
    steps["typed"]["fields"] = page.js("""Object.fromEntries([...document.querySelectorAll('#events [data-field]')]
        .map((e) => [e.closest('[data-event-row]').dataset.eventRow + '.' + e.dataset.field, e.value]))""")

    # The stream dropped and resumed at the same version: no state event comes (the page renders nothing), and
    # the page is live again. Renders are counted as writes of the body's data-version.
    page.js("""window.renders = 0; new MutationObserver((records) => { window.renders += records.length; })
        .observe(document.body, { attributes: true, attributeFilter: ['data-version'] }); true""")
    relay.cut()
    page.wait("the drop noticed", status_is("reconnecting"))
    steps["dropped"] = page.js(SNAPSHOT)
    page.wait("live after resuming", status_is("live"), timeout=20)
    steps["resumed"] = page.js(SNAPSHOT)
    steps["resumed"]["renders"] = page.js("window.renders")

    # Dropped again while another client moves on (the page waits a second before it reconnects): the
    # resumed stream brings the new version.
    relay.cut()
    page.wait("the second drop noticed", status_is("reconnecting"))
    post(f"/v1/sessions/{session}/events", {"type": "pop"})
    page.wait("live after catching up", status_is("live") + " && Number(document.body.dataset.version) === 4", timeout=20)
    steps["caughtUp"] = page.js(SNAPSHOT)
    page.screenshot("viewer-resilience.png")
    relay.cut()

try:
    {"walkthrough": walkthrough, "resilience": resilience, "leaks": leaks, "timetravel": timetravel,
     "tabs": tabs}[scenario]()
    result["scriptErrors"] = page.errors
    print(json.dumps(result))
except Exception as error:
    try:
        failure = page.screenshot(f"failure-{scenario}.png")
        result["failure"] = {"app": current, "error": str(error), "screenshot": failure, "dom": page.js(SNAPSHOT)}
        result["scriptErrors"] = page.errors
    except Exception:
        result["failure"] = {"app": current, "error": str(error)}
    print(json.dumps(result))
    sys.exit(1)
finally:
    try: page.call("Browser.close")
    except Exception: pass
