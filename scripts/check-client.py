"""The walkthrough through a client generated from GET /openapi.json (scripts/check-client runs it).

    python check-client.py BASE_URL PACKAGE_PARENT

PACKAGE_PARENT holds `ribsd_client`, the package openapi-python-client generated (`--meta none`). Every call
goes through an `api` module's `sync_detailed`, and every answer is checked as the generated model it parses
to: the states, the history, and the problems (404 `session_not_found`, 409 `invalid_navigation`, 412
`version_mismatch`, 422 `idempotency_key_reused`, ...), each as its status's own problem class with its code.
The client raises on a status the document does not list, so an answer the document leaves out fails too.
Prints one line per check and `check-client: N passed, N failed` last; exits 1 if any failed.
"""

import sys
import traceback

base_url, package_parent = sys.argv[1], sys.argv[2]
sys.path.insert(0, package_parent)

from ribsd_client import Client  # noqa: E402
from ribsd_client.api.sessions import (  # noqa: E402
    apply_event,
    create_session,
    delete_session,
    get_history,
    get_session,
    list_apps,
    open_link,
    rewind_session,
)
from ribsd_client.models import (  # noqa: E402
    Apps,
    CreateSession,
    CreateSessionAppType1,
    DismissEvent,
    History,
    LoginEvent,
    PopEvent,
    PresentEvent,
    Problem400Event,
    Problem400EventCode,
    Problem404,
    Problem404Code,
    Problem404Version,
    Problem404VersionCode,
    Problem409,
    Problem409Code,
    Problem409Event,
    Problem409EventCode,
    Problem409Link,
    Problem409LinkCode,
    Problem412,
    Problem412Code,
    Problem422Create,
    Problem422CreateCode,
    Problem422Event,
    Problem422EventCode,
    Problem422Link,
    Problem422LinkCode,
    OpenLink,
    PushEvent,
    Rewind,
    State,
)

client = Client(base_url=base_url, raise_on_unexpected_status=True, timeout=10.0)
passed, failed = 0, 0


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def parsed(response, status, model):
    """The parsed body of `response`, which must have `status` and parse to `model`."""
    expect(int(response.status_code) == status,
           f"status {int(response.status_code)}, expected {status}: {response.content[:300]!r}")
    expect(isinstance(response.parsed, model),
           f"parsed as {type(response.parsed).__name__}, expected {model.__name__}: {response.content[:300]!r}")
    return response.parsed


def problem(response, status, model, code):
    """A problem answer: the status's own generated class, with `code` (a member of its code enum)."""
    body = parsed(response, status, model)
    expect(body.status == status, f"problem status {body.status}, expected {status}")
    expect(body.code is code, f"code {body.code!r}, expected {code!r}")
    expect(type(body.code).__name__ == f"{model.__name__}Code", f"code is a {type(body.code).__name__}")
    expect(body.type_ == f"urn:ribsd:problem:{code.value}", f"type {body.type_!r}")
    expect(bool(body.title) and bool(body.detail), "no title or detail")
    expect(response.headers.get("content-type", "").startswith("application/problem+json"),
           f"Content-Type {response.headers.get('content-type')!r}")
    return body


def check(name, function):
    global passed, failed
    try:
        detail = function()
    except Exception as error:  # a failed expectation, or the client raising on an answer it cannot read
        failed += 1
        print(f"FAIL {name}: {error}")
        if not isinstance(error, CheckFailed):
            traceback.print_exc(limit=3)
        return
    passed += 1
    print(f"ok   {name}" + (f": {detail}" if detail else ""))


session = {}


def top(state):
    return f"version {state.version}, stack {state.stack}, top {state.top}"


def event(body, **headers):
    return apply_event.sync_detailed(session["id"], client=client, body=body, **headers)


def list_the_apps():
    apps = parsed(list_apps.sync_detailed(client=client), 200, Apps)
    ids = [app.id for app in apps.apps]
    expect("login" in ids, f"apps {ids}")
    return ", ".join(ids)


def create_a_login_session():
    response = create_session.sync_detailed(client=client, body=CreateSession(app=CreateSessionAppType1.LOGIN))
    state = parsed(response, 201, State)
    expect(state.app == "login" and state.version == 1 and state.top == "Login", top(state))
    expect(response.headers.get("etag") == '"1"', f"ETag {response.headers.get('etag')!r}")
    expect(response.headers.get("location") == f"/v1/sessions/{state.session}", "Location")
    session["id"] = state.session
    return f"{state.session}: {top(state)}"


def log_in():
    state = parsed(event(LoginEvent(type_="login", name="kim")), 200, State)
    expect(state.top == "Home" and state.stack == ["Home"], top(state))
    return top(state)


def push_a():
    state = parsed(event(PushEvent(type_="push", screen="A")), 200, State)
    expect(state.top == "A" and state.stack == ["Home", "A"], top(state))
    return top(state)


def present_profile():
    state = parsed(event(PresentEvent(type_="present", screen="Profile")), 200, State)
    expect(state.top == "Profile" and len(state.layers) == 2, top(state))
    expect(state.layers[1].style == "pageSheet" and state.layers[1].stack == ["Profile"], f"layers {state.layers}")
    return top(state) + f", layer 1 {state.layers[1].style}"


def dismiss():
    state = parsed(event(DismissEvent(type_="dismiss")), 200, State)
    expect(state.top == "A" and len(state.layers) == 1, top(state))
    session["version"] = state.version
    return top(state)


def get_it():
    response = get_session.sync_detailed(session["id"], client=client)
    state = parsed(response, 200, State)
    expect(state.version == session["version"] and state.top == "A", top(state))
    expect(response.headers.get("etag") == f'"{state.version}"', f"ETag {response.headers.get('etag')!r}")
    return top(state)


def read_history():
    history = parsed(get_history.sync_detailed(session["id"], client=client), 200, History)
    types = [entry.event.type_ for entry in history.events]
    versions = [entry.version for entry in history.events]
    expect(types == ["login", "push", "present", "dismiss"], f"events {types}")
    expect(versions == [2, 3, 4, 5], f"versions {versions}")
    return ", ".join(f"{v} {t}" for v, t in zip(versions, types))


def a_past_version():
    state = parsed(get_session.sync_detailed(session["id"], client=client, version=3), 200, State)
    expect(state.version == 3 and state.top == "A", top(state))
    problem(get_session.sync_detailed(session["id"], client=client, version=99), 404, Problem404Version,
            Problem404VersionCode.VERSION_NOT_FOUND)
    return top(state)


def rewind_to_2():
    state = parsed(rewind_session.sync_detailed(session["id"], client=client, body=Rewind(version=2)), 200, State)
    expect(state.version > session["version"] and state.top == "Home", top(state))
    session["version"] = state.version
    return top(state)


def links():
    problem(open_link.sync_detailed(session["id"], client=client, body=OpenLink(url="app://nowhere")), 422,
            Problem422Link, Problem422LinkCode.UNKNOWN_LINK)
    state = parsed(open_link.sync_detailed(session["id"], client=client, body=OpenLink(url="app://home/B")), 200, State)
    expect(state.stack == ["Home", "B"], top(state))
    session["version"] = state.version
    fresh = parsed(create_session.sync_detailed(client=client, body=CreateSession(app=CreateSessionAppType1.LOGIN)), 201, State)
    refused = problem(open_link.sync_detailed(fresh.session, client=client, body=OpenLink(url="app://profile")), 409,
                      Problem409Link, Problem409LinkCode.LINK_NOT_ROUTABLE)
    expect(refused.step == 1, f"step {refused.step!r}, expected 1 (logged in)")
    return top(state)


def unknown_session_404():
    body = problem(get_session.sync_detailed("A" * 22, client=client), 404, Problem404Version,
                   Problem404VersionCode.SESSION_NOT_FOUND)
    problem(apply_event.sync_detailed("A" * 22, client=client, body=PopEvent(type_="pop")), 404, Problem404,
            Problem404Code.SESSION_NOT_FOUND)
    return body.detail


def pop_at_the_root_409():
    state = parsed(event(PopEvent(type_="pop")), 200, State)
    expect(state.stack == ["Home"], top(state))
    body = problem(event(PopEvent(type_="pop")), 409, Problem409Event, Problem409EventCode.INVALID_NAVIGATION)
    session["version"] = state.version
    return body.detail


def stale_if_match_412():
    stale = f'"{session["version"] - 1}"'
    body = problem(event(PushEvent(type_="push", screen="B"), if_match=stale), 412, Problem412,
                   Problem412Code.VERSION_MISMATCH)
    problem(get_session.sync_detailed(session["id"], client=client, if_match=stale), 412, Problem412,
            Problem412Code.VERSION_MISMATCH)
    problem(delete_session.sync_detailed(session["id"], client=client, if_match=stale), 412, Problem412,
            Problem412Code.VERSION_MISMATCH)
    # The current version still passes.
    state = parsed(event(PushEvent(type_="push", screen="B"), if_match=f'"{session["version"]}"'), 200, State)
    expect(state.top == "B", top(state))
    session["version"] = state.version
    return body.detail


def idempotency_key_reused_422():
    key = "check-client-1"
    first = parsed(event(PopEvent(type_="pop"), idempotency_key=key), 200, State)
    again = parsed(event(PopEvent(type_="pop"), idempotency_key=key), 200, State)
    expect(again.version == first.version and again.top == first.top, "a retry with the same key applied again")
    body = problem(event(PushEvent(type_="push", screen="C"), idempotency_key=key), 422, Problem422Event,
                   Problem422EventCode.IDEMPOTENCY_KEY_REUSED)
    return body.detail


def malformed_event_400():
    body = problem(event(PushEvent(type_="push", screen="")), 400, Problem400Event,
                   Problem400EventCode.MALFORMED_EVENT)
    return body.detail


def unknown_app_422():
    # The generated enum lists the hosted apps; an id outside it goes through as a plain string.
    response = create_session.sync_detailed(client=client, body=CreateSession(app="no-such-app"))
    body = problem(response, 422, Problem422Create, Problem422CreateCode.UNKNOWN_APP)
    return body.detail


def create_at_a_deep_point_409():
    # A creation with events, all or none: accepted whole, or refused with the event's index and no session.
    deep = CreateSession(app=CreateSessionAppType1.LOGIN,
                         events=[LoginEvent(type_="login", name="kim"), PushEvent(type_="push", screen="A")])
    state = parsed(create_session.sync_detailed(client=client, body=deep), 201, State)
    expect(state.version == 3 and state.stack == ["Home", "A"], top(state))
    refused = CreateSession(app=CreateSessionAppType1.LOGIN,
                            events=[LoginEvent(type_="login", name="kim"), PopEvent(type_="pop")])
    body = problem(create_session.sync_detailed(client=client, body=refused), 409, Problem409,
                   Problem409Code.INVALID_NAVIGATION)
    expect(body.index == 1, f"index {body.index!r}")
    return body.detail


def delete_it():
    response = delete_session.sync_detailed(session["id"], client=client)
    expect(int(response.status_code) == 204, f"status {int(response.status_code)}")
    problem(get_session.sync_detailed(session["id"], client=client), 404, Problem404Version,
            Problem404VersionCode.SESSION_NOT_FOUND)
    problem(get_history.sync_detailed(session["id"], client=client), 404, Problem404, Problem404Code.SESSION_NOT_FOUND)
    return "then 404 session_not_found"


steps = [
    ("list apps", list_the_apps),
    ("create a login session (201)", create_a_login_session),
    ("log in", log_in),
    ("push A", push_a),
    ("present Profile", present_profile),
    ("dismiss", dismiss),
    ("GET the session", get_it),
    ("read the history", read_history),
    ("404 session_not_found", unknown_session_404),
    ("409 invalid_navigation (pop at the root)", pop_at_the_root_409),
    ("412 version_mismatch (stale If-Match)", stale_if_match_412),
    ("422 idempotency_key_reused (same key, other body)", idempotency_key_reused_422),
    ("400 malformed_event (empty screen)", malformed_event_400),
    ("422 unknown_app", unknown_app_422),
    ("creation with events: 201, then 409 with index", create_at_a_deep_point_409),
    ("a past version (?version=3), and 404 version_not_found", a_past_version),
    ("rewind to version 2", rewind_to_2),
    ("links: 422 unknown_link, one opened, 409 link_not_routable", links),
    ("DELETE the session", delete_it),
]
for index, (name, function) in enumerate(steps):
    # The walkthrough builds on itself: once a step fails, the ones after it would only repeat the failure.
    if failed and index > 0 and "id" not in session:
        break
    check(name, function)

print(f"check-client: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
