/// The OpenAPI 3.1 description of the HTTP contract (docs/CONTRACT.md), served at `GET /openapi.json`.
///
/// A data file: the JSON below is the document, byte for byte (less the four spaces of indentation that the
/// multi-line literal strips). `docs/openapi.json` is a copy of it, and `scripts/check-openapi` fails when the two
/// differ. It documents what the server actually answers, including the statuses that the transport produces
/// (404/405/413 problems, microhttpd's own text/html 400 and 431). Links from the 201 of `POST /v1/sessions` (and
/// from every state response) to the session's operations let schemathesis chain stateful tests;
/// `scripts/check-openapi` runs schemathesis against it, and `OpenAPITests` checks it against the contract's tables.
enum OpenAPIDocument {
    static let json = ##"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "ribsd",
        "version": "0.1.0",
        "summary": "Live Uber-RIBs trees over a headless UIKit model, driven by JSON events over HTTP.",
        "description": "Each session hosts one app's RIB tree. Clients POST events and get the new state back. Errors are RFC 9457 problem details (`application/problem+json`) with a machine-readable `code`. A request that fails changes nothing. When several errors apply, the first in this order wins: `bad_request` and `header_too_large` (the request itself), `not_found`, `method_not_allowed`, `payload_too_large`, `unsupported_media_type`, `session_not_found`, the 400s, `version_mismatch`, `idempotency_key_reused`, `event_limit`, `memory_limit`, the other 409s."
      },
      "tags": [
        {"name": "sessions", "description": "Sessions and their events."},
        {"name": "service", "description": "Liveness, metrics and this document."}
      ],
      "paths": {
        "/healthz": {
          "get": {
            "operationId": "healthz",
            "tags": ["service"],
            "summary": "Liveness",
            "responses": {
              "200": {
                "description": "The server is up.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"}
            }
          }
        },
        "/readyz": {
          "get": {
            "operationId": "readyz",
            "tags": ["service"],
            "summary": "Readiness: the session store answers",
            "responses": {
              "200": {
                "description": "The server is up and its session store answers.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Ready"}}}
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"},
              "503": {"$ref": "#/components/responses/StoreUnavailable"}
            }
          }
        },
        "/metrics": {
          "get": {
            "operationId": "getMetrics",
            "tags": ["service"],
            "summary": "Counters in the Prometheus text format (version 0.0.4)",
            "responses": {
              "200": {
                "description": "Request, session and event counters.",
                "content": {"text/plain": {"schema": {"type": "string"}}}
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"}
            }
          }
        },
        "/openapi.json": {
          "get": {
            "operationId": "getOpenAPI",
            "tags": ["service"],
            "summary": "This document",
            "responses": {
              "200": {
                "description": "The OpenAPI 3.1 description of the service.",
                "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "info", "paths"]}}}
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"}
            }
          }
        },
        "/v1/apps": {
          "get": {
            "operationId": "listApps",
            "tags": ["sessions"],
            "summary": "The hosted apps",
            "responses": {
              "200": {
                "description": "The hosted apps and the event types each handles.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Apps"}}}
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"}
            }
          }
        },
        "/v1/sessions": {
          "post": {
            "operationId": "createSession",
            "tags": ["sessions"],
            "summary": "Start a session",
            "description": "Builds and launches the app's Root RIB. Without a body (or without `app`) the default app `login` starts.",
            "requestBody": {
              "required": false,
              "content": {
                "application/json": {
                  "schema": {"$ref": "#/components/schemas/CreateSession"},
                  "examples": {
                    "navigation": {"summary": "Start `navigation`", "value": {"app": "navigation"}},
                    "login": {"summary": "Start `login`", "value": {"app": "login"}},
                    "todo": {"summary": "Start `todo`", "value": {"app": "todo"}},
                    "flow": {"summary": "Start `flow`", "value": {"app": "flow"}}
                  }
                }
              }
            },
            "responses": {
              "201": {
                "description": "The session started; the body is its state at version 1.",
                "headers": {
                  "Location": {"$ref": "#/components/headers/Location"},
                  "ETag": {"$ref": "#/components/headers/ETag"}
                },
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/State"}}},
                "links": {
                  "GetSession": {"$ref": "#/components/links/GetSession"},
                  "ApplyEvent": {"$ref": "#/components/links/ApplyEvent"},
                  "GetHistory": {"$ref": "#/components/links/GetHistory"},
                  "DeleteSession": {"$ref": "#/components/links/DeleteSession"}
                }
              },
              "400": {
                "description": "The body is not a JSON object with an optional string `app` (`malformed_event`); framing the server cannot trust or an absolute-form target whose authority is not a host (`bad_request`, as `HTTPBadRequest` says); or microhttpd could not parse the request (text/html).",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "allOf": [
                        {"$ref": "#/components/schemas/Problem"},
                        {"type": "object", "properties": {"status": {"const": 400}, "code": {"enum": ["malformed_event", "bad_request"]}}}
                      ]
                    }
                  },
                  "text/html": {"schema": {"type": "string"}}
                }
              },
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
              "422": {
                "description": "No such app (`unknown_app`); `detail` lists the hosted ones.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "allOf": [
                        {"$ref": "#/components/schemas/Problem"},
                        {"type": "object", "properties": {"status": {"const": 422}, "code": {"enum": ["unknown_app"]}}}
                      ]
                    }
                  }
                }
              },
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"},
              "503": {"$ref": "#/components/responses/SessionLimit"}
            }
          }
        },
        "/v1/sessions/{id}": {
          "parameters": [{"$ref": "#/components/parameters/SessionID"}],
          "get": {
            "operationId": "getSession",
            "tags": ["sessions"],
            "summary": "The current state",
            "parameters": [{"$ref": "#/components/parameters/IfMatch"}, {"$ref": "#/components/parameters/IfNoneMatch"}],
            "responses": {
              "200": {
                "description": "The state; the same bytes for every request at this version.",
                "headers": {"ETag": {"$ref": "#/components/headers/ETag"}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/State"}}},
                "links": {
                  "GetSession": {"$ref": "#/components/links/GetSession"},
                  "ApplyEvent": {"$ref": "#/components/links/ApplyEvent"},
                  "GetHistory": {"$ref": "#/components/links/GetHistory"},
                  "DeleteSession": {"$ref": "#/components/links/DeleteSession"}
                }
              },
              "304": {
                "description": "`If-None-Match` names the session's version: nothing was sent but the `ETag`, and the state's length as `Content-Length`.",
                "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "404": {"$ref": "#/components/responses/SessionNotFound"},
              "405": {"$ref": "#/components/responses/MethodNotAllowed"},
              "410": {"$ref": "#/components/responses/SessionNotRestorable"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "412": {"$ref": "#/components/responses/VersionMismatch"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"},
              "503": {"$ref": "#/components/responses/StoreUnavailable"}
            }
          },
          "delete": {
            "operationId": "deleteSession",
            "tags": ["sessions"],
            "summary": "End the session",
            "description": "Detaches the whole tree (every interactor deactivated) and forgets the session.",
            "parameters": [{"$ref": "#/components/parameters/IfMatch"}, {"$ref": "#/components/parameters/IfNoneMatch"}],
            "responses": {
              "204": {
                "description": "The session is gone.",
                "links": {
                  "GetDeletedSession": {
                    "operationId": "getSession",
                    "parameters": {"id": "$request.path.id"},
                    "description": "Now 404 `session_not_found`."
                  },
                  "DeleteDeletedSession": {
                    "operationId": "deleteSession",
                    "parameters": {"id": "$request.path.id"},
                    "description": "Now 404 `session_not_found`."
                  }
                }
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "404": {"$ref": "#/components/responses/SessionNotFound"},
              "405": {"$ref": "#/components/responses/MethodNotAllowed"},
              "410": {"$ref": "#/components/responses/SessionNotRestorable"},
              "412": {"$ref": "#/components/responses/VersionMismatch"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"},
              "503": {"$ref": "#/components/responses/StoreUnavailable"}
            }
          }
        },
        "/v1/sessions/{id}/events": {
          "parameters": [{"$ref": "#/components/parameters/SessionID"}],
          "post": {
            "operationId": "applyEvent",
            "tags": ["sessions"],
            "summary": "Apply one event",
            "description": "The event goes first to the interactor of the RIB on top of the screen; an interactor that does not handle it passes it to its parent, up to Root. If none handles it: 409 `event_not_handled`. An event that changes nothing (an idempotent repeat) answers 200 with the same version.",
            "parameters": [
              {"$ref": "#/components/parameters/IfMatch"}, {"$ref": "#/components/parameters/IfNoneMatch"},
              {"$ref": "#/components/parameters/IdempotencyKey"}
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {"$ref": "#/components/schemas/Event"},
                  "examples": {
                    "login": {"summary": "Log in (login, todo)", "value": {"type": "login", "name": "kim"}},
                    "push": {"summary": "Push A (navigation, login)", "value": {"type": "push", "screen": "A"}},
                    "present": {
                      "summary": "Present Profile as a sheet (login)",
                      "value": {"type": "present", "screen": "Profile", "style": "pageSheet"}
                    },
                    "didDismiss": {
                      "summary": "The sheet was swiped down (login)",
                      "value": {"type": "didDismiss", "screen": "Profile"}
                    },
                    "didPop": {"summary": "Swiped back from A", "value": {"type": "didPop", "screen": "A"}},
                    "pop": {"summary": "Back", "value": {"type": "pop"}},
                    "dismiss": {"summary": "Dismiss the frontmost modal (login)", "value": {"type": "dismiss"}},
                    "logout": {"summary": "Log out (login, todo)", "value": {"type": "logout"}},
                    "step": {"summary": "An RxFlow step (flow)", "value": {"type": "step", "step": "mainIsRequired"}}
                  }
                }
              }
            },
            "responses": {
              "200": {
                "description": "The event applied (or changed nothing); the body is the new state.",
                "headers": {"ETag": {"$ref": "#/components/headers/ETag"}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/State"}}},
                "links": {
                  "GetSession": {"$ref": "#/components/links/GetSession"},
                  "ApplyEvent": {"$ref": "#/components/links/ApplyEvent"},
                  "GetHistory": {"$ref": "#/components/links/GetHistory"},
                  "DeleteSession": {"$ref": "#/components/links/DeleteSession"}
                }
              },
              "400": {
                "description": "`malformed_event`: the body is not a JSON object, `type` is missing, a field is missing, empty, longer than 256 characters or of the wrong type. `unknown_event`: `type` is not one of the event types (`detail` lists them). `invalid_header`: `Idempotency-Key` is empty, longer than 255 bytes or sent more than once. `bad_request`: framing the server cannot trust or an absolute-form target whose authority is not a host (as `HTTPBadRequest` says). text/html: microhttpd could not parse the request.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "allOf": [
                        {"$ref": "#/components/schemas/Problem"},
                        {
                          "type": "object",
                          "properties": {
                            "status": {"const": 400},
                            "code": {"enum": ["malformed_event", "unknown_event", "invalid_header", "bad_request"]}
                          }
                        }
                      ]
                    }
                  },
                  "text/html": {"schema": {"type": "string"}}
                }
              },
              "404": {"$ref": "#/components/responses/SessionNotFound"},
              "405": {"$ref": "#/components/responses/MethodNotAllowed"},
              "410": {"$ref": "#/components/responses/SessionNotRestorable"},
              "409": {
                "description": "`event_not_handled`: no RIB on screen handles the event now. `invalid_navigation`: the move itself is invalid (pop the root of a stack, dismiss with nothing presented, push a screen already on the stack, present while already presenting or from a screen in no window, push a navigation controller, a swipe no user could make: back from a stack's root, from a screen on no stack or from under a presentation, or down on a screen not presented, presented full screen or covered by another sheet). `event_limit`: the session has applied its maximum number of events (`--max-events`); start a new session.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "allOf": [
                        {"$ref": "#/components/schemas/Problem"},
                        {
                          "type": "object",
                          "properties": {
                            "status": {"const": 409},
                            "code": {"enum": ["event_not_handled", "invalid_navigation", "event_limit"]}
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "412": {"$ref": "#/components/responses/VersionMismatch"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
              "422": {
                "description": "This `Idempotency-Key` was used with another body (`idempotency_key_reused`).",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "allOf": [
                        {"$ref": "#/components/schemas/Problem"},
                        {
                          "type": "object",
                          "properties": {"status": {"const": 422}, "code": {"enum": ["idempotency_key_reused"]}}
                        }
                      ]
                    }
                  }
                }
              },
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"},
              "503": {"$ref": "#/components/responses/MemoryLimit"}
            }
          }
        },
        "/v1/sessions/{id}/history": {
          "parameters": [{"$ref": "#/components/parameters/SessionID"}],
          "get": {
            "operationId": "getHistory",
            "tags": ["sessions"],
            "summary": "The events that changed the state",
            "description": "In order, each with the version it produced; a no-op repeat is not listed.",
            "responses": {
              "200": {
                "description": "The history.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/History"}}}
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "404": {"$ref": "#/components/responses/SessionNotFound"},
              "405": {"$ref": "#/components/responses/MethodNotAllowed"},
              "410": {"$ref": "#/components/responses/SessionNotRestorable"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"},
              "503": {"$ref": "#/components/responses/StoreUnavailable"}
            }
          }
        },
        "/v1/sessions/{id}/stream": {
          "parameters": [
            {"$ref": "#/components/parameters/SessionID"},
            {
              "name": "lastEventId", "in": "query", "required": false,
              "description": "The version the client saw last, for clients that cannot send `Last-Event-ID`.",
              "schema": {"type": "string"}
            }
          ],
          "get": {
            "operationId": "watchSession",
            "tags": ["sessions"],
            "summary": "The session's state, live, as server-sent events",
            "description": "`text/event-stream`, open until the session ends or the server stops. First `retry: 1000`, then the current state (unless `Last-Event-ID` names the current version), then one frame per change: `event: state`, `id: <version>`, `data: <the state, the same bytes as GET>`. Idle streams get a `: heartbeat` comment now and then. A client that reads too slowly skips to the newest state (its ids jump). The stream ends with `event: end`, `data: {\"reason\": \"deleted\" | \"expired\" | \"shutdown\" | \"failed\"}` (`failed`: the session's app did not replay its history to the state it showed, and the session was closed). A HEAD answers the headers and closes the connection. A client that closes its connection, or only its sending side, has left: its stream ends and no longer counts against the limit. So does, within about a minute, a client whose network vanished without a close: the server gives up on heartbeats it leaves unacknowledged for 30 s. Watching does not count as activity after it starts.",
            "parameters": [
              {
                "name": "Last-Event-ID", "in": "header", "required": false,
                "description": "The last version the client received; the current state is sent at once unless it is this one.",
                "schema": {"type": "string"}
              }
            ],
            "responses": {
              "200": {
                "description": "The stream.",
                "content": {"text/event-stream": {"schema": {"type": "string"}}}
              },
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "404": {"$ref": "#/components/responses/SessionNotFound"},
              "405": {"$ref": "#/components/responses/MethodNotAllowed"},
              "410": {"$ref": "#/components/responses/SessionNotRestorable"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"},
              "503": {
                "description": "`stream_limit`: the server holds its maximum of open streams (with `Retry-After`); `shutting_down`: the server is stopping; `store_unavailable`: the session was stored before a restart and the store could not be read (with `Retry-After`).",
                "headers": {"Retry-After": {"$ref": "#/components/headers/RetryAfterWhenLimited"}},
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "allOf": [
                        {"$ref": "#/components/schemas/Problem"},
                        {"type": "object", "properties": {"status": {"const": 503}, "code": {"enum": ["stream_limit", "shutting_down", "store_unavailable"]}}}
                      ]
                    }
                  }
                }
              }
            }
          }
        },
        "/": {
          "get": {
            "operationId": "viewer",
            "tags": ["service"],
            "summary": "The live viewer",
            "description": "An HTML page that creates or opens a session, shows its RIB tree and screen layers as they change (through the stream above), and sends the events it accepts.",
            "responses": {
              "200": {"description": "The page.", "content": {"text/html": {"schema": {"type": "string"}}}},
              "400": {"$ref": "#/components/responses/HTTPBadRequest"},
              "405": {"$ref": "#/components/responses/MethodNotAllowed"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "414": {"$ref": "#/components/responses/URITooLong"},
              "431": {"$ref": "#/components/responses/RequestHeaderFieldsTooLarge"},
              "500": {"$ref": "#/components/responses/InternalError"}
            }
          }
        }
      },
      "components": {
        "schemas": {
          "Health": {"type": "object", "required": ["status"], "properties": {"status": {"const": "ok"}}},
          "Ready": {"type": "object", "required": ["status"], "properties": {"status": {"const": "ready"}}},
          "AppID": {
            "type": "string",
            "description": "The id of a hosted app (see `GET /v1/apps`).",
            "examples": ["navigation", "login", "todo", "flow"]
          },
          "EventType": {
            "type": "string",
            "enum": ["login", "logout", "push", "pop", "didPop", "present", "dismiss", "didDismiss", "step"]
          },
          "Apps": {
            "type": "object",
            "required": ["apps"],
            "properties": {
              "apps": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": ["id", "description", "events"],
                  "properties": {
                    "id": {"$ref": "#/components/schemas/AppID"},
                    "description": {"type": "string"},
                    "events": {"type": "array", "items": {"$ref": "#/components/schemas/EventType"}},
                    "screens": {
                      "type": "array", "items": {"type": "string"},
                      "description": "The screens the app can show (each named after its RIB or presentable); a swipe naming another is refused. Absent when the app does not list them."
                    }
                  }
                }
              }
            }
          },
          "CreateSession": {
            "type": "object",
            "description": "Extra fields are ignored.",
            "properties": {
              "app": {
                "description": "The app to start; absent or null: `login`.",
                "enum": ["navigation", "login", "todo", "flow", null]
              }
            }
          },
          "Event": {
            "type": "object",
            "description": "One client event, discriminated by `type`. Extra fields are ignored, but `name`, `screen`, `style` and `step` must be strings (or null, which counts as absent) whatever the type.",
            "required": ["type"],
            "properties": {
              "type": {"$ref": "#/components/schemas/EventType"},
              "name": {"type": ["string", "null"]},
              "screen": {"type": ["string", "null"]},
              "style": {"type": ["string", "null"]},
              "step": {"type": ["string", "null"]}
            },
            "oneOf": [
              {"$ref": "#/components/schemas/LoginEvent"},
              {"$ref": "#/components/schemas/LogoutEvent"},
              {"$ref": "#/components/schemas/PushEvent"},
              {"$ref": "#/components/schemas/PopEvent"},
              {"$ref": "#/components/schemas/DidPopEvent"},
              {"$ref": "#/components/schemas/PresentEvent"},
              {"$ref": "#/components/schemas/DismissEvent"},
              {"$ref": "#/components/schemas/DidDismissEvent"},
              {"$ref": "#/components/schemas/StepEvent"}
            ],
            "discriminator": {
              "propertyName": "type",
              "mapping": {
                "login": "#/components/schemas/LoginEvent",
                "logout": "#/components/schemas/LogoutEvent",
                "push": "#/components/schemas/PushEvent",
                "pop": "#/components/schemas/PopEvent",
                "didPop": "#/components/schemas/DidPopEvent",
                "present": "#/components/schemas/PresentEvent",
                "dismiss": "#/components/schemas/DismissEvent",
                "didDismiss": "#/components/schemas/DidDismissEvent",
                "step": "#/components/schemas/StepEvent"
              }
            }
          },
          "LoginEvent": {
            "type": "object",
            "description": "Log in as `name`.",
            "required": ["type", "name"],
            "properties": {"type": {"const": "login"}, "name": {"type": "string", "minLength": 1, "maxLength": 256}}
          },
          "LogoutEvent": {
            "type": "object",
            "description": "Back to the logged-out screen.",
            "required": ["type"],
            "properties": {"type": {"const": "logout"}}
          },
          "PushEvent": {
            "type": "object",
            "description": "Push `screen` onto the current navigation stack.",
            "required": ["type", "screen"],
            "properties": {"type": {"const": "push"}, "screen": {"type": "string", "minLength": 1, "maxLength": 256}}
          },
          "PopEvent": {
            "type": "object",
            "description": "The user asks to go back: pop the top screen and detach its RIB.",
            "required": ["type"],
            "properties": {"type": {"const": "pop"}}
          },
          "DidPopEvent": {
            "type": "object",
            "description": "The client already popped `screen` (swipe back): detach it and everything above it; if it is already gone, change nothing (200, same version); a name that is none of the app's screens is no swipe that happened (409 `event_not_handled`); a screen on screen that no swipe back reaches (a stack's root, on no stack, under a presentation) is refused with 409 `invalid_navigation`, in every app.",
            "required": ["type", "screen"],
            "properties": {"type": {"const": "didPop"}, "screen": {"type": "string", "minLength": 1, "maxLength": 256}}
          },
          "PresentEvent": {
            "type": "object",
            "description": "Present `screen` modally (default style per app).",
            "required": ["type", "screen"],
            "properties": {
              "type": {"const": "present"},
              "screen": {"type": "string", "minLength": 1, "maxLength": 256},
              "style": {"enum": ["fullScreen", "pageSheet", null]}
            }
          },
          "DismissEvent": {
            "type": "object",
            "description": "Dismiss the frontmost modal and detach its RIB.",
            "required": ["type"],
            "properties": {"type": {"const": "dismiss"}}
          },
          "DidDismissEvent": {
            "type": "object",
            "description": "The client already dismissed `screen` (sheet swiped down); idempotent like `didPop`. Only a sheet (`pageSheet`) on top has that gesture: naming a screen on screen that is not presented, is presented full screen, or is covered by another sheet is refused with 409 `invalid_navigation`, in every app.",
            "required": ["type", "screen"],
            "properties": {"type": {"const": "didDismiss"}, "screen": {"type": "string", "minLength": 1, "maxLength": 256}}
          },
          "StepEvent": {
            "type": "object",
            "description": "Flow app only: an RxFlow step (`introIsRequired`, `mainIsRequired`, `codingIsRequired`).",
            "required": ["type", "step"],
            "properties": {"type": {"const": "step"}, "step": {"type": "string", "minLength": 1, "maxLength": 256}}
          },
          "State": {
            "type": "object",
            "description": "The body of every success but DELETE. Apps may add fields (the `flow` app adds `steps`).",
            "required": ["session", "app", "version", "tree", "layers", "stack", "top", "accepts", "leaks"],
            "properties": {
              "session": {"$ref": "#/components/schemas/SessionID"},
              "app": {"$ref": "#/components/schemas/AppID"},
              "version": {
                "type": "integer",
                "minimum": 1,
                "description": "1 on creation, +1 for every event that changed something."
              },
              "tree": {"$ref": "#/components/schemas/Node"},
              "layers": {
                "type": "array",
                "description": "What is on screen, from the window's root outward.",
                "items": {"$ref": "#/components/schemas/Layer"}
              },
              "stack": {
                "type": "array",
                "description": "The stack of the frontmost layer, bottom to top.",
                "items": {"type": "string"}
              },
              "top": {"type": ["string", "null"], "description": "The last screen of `stack`; null when it is empty."},
              "accepts": {
                "type": "array",
                "description": "The event types that the RIBs now on screen would handle with a change: each listed type has an event that would change the state now (no push once every page is on the stack, no pop at the root of a stack; nothing once the session has applied `--max-events` events).",
                "items": {"$ref": "#/components/schemas/EventType"}
              },
              "leaks": {
                "type": "array",
                "description": "RIBs, interactors or view controllers detached but still alive or on screen, and views still on screen of attached RIBs whose interactor is inactive; empty in a correct app.",
                "items": {"$ref": "#/components/schemas/Leak"}
              },
              "steps": {
                "type": "array",
                "description": "Flow app only: the steps some flow would handle now (none at the event limit).",
                "items": {"type": "string"}
              }
            }
          },
          "SessionID": {
            "type": "string",
            "description": "At least 22 URL-safe characters (128 random bits, base64url).",
            "pattern": "^[A-Za-z0-9_-]{22,}$"
          },
          "Node": {
            "type": "object",
            "description": "An attached RIB (or, in the flow app, a flow or a presentable).",
            "required": ["name", "kind", "active", "children"],
            "properties": {
              "name": {"type": "string"},
              "kind": {"type": "string", "enum": ["launch", "viewable", "viewless", "flow", "presentable"]},
              "active": {"type": "boolean", "description": "Its interactor's state."},
              "state": {
                "type": "object",
                "description": "Data the RIB holds worth showing (Home: `{\"name\": \"kim\"}`).",
                "additionalProperties": {"type": "string"}
              },
              "children": {
                "type": "array",
                "description": "In attach order.",
                "items": {"$ref": "#/components/schemas/Node"}
              }
            }
          },
          "Layer": {
            "type": "object",
            "required": ["style", "stack"],
            "properties": {
              "style": {
                "type": "string",
                "enum": ["root", "fullScreen", "pageSheet"],
                "description": "Layer 0 is `root`; each further layer a modal presentation."
              },
              "stack": {
                "type": "array",
                "description": "The screens of the layer's navigation stack, bottom to top.",
                "items": {"type": "string"}
              }
            }
          },
          "Leak": {
            "type": "object",
            "required": ["name", "kind", "reason"],
            "properties": {
              "name": {"type": "string"},
              "kind": {"type": "string", "enum": ["router", "interactor", "viewController", "flow", "presentable"]},
              "reason": {"type": "string", "enum": ["stillAlive", "stillOnScreen"]}
            }
          },
          "History": {
            "type": "object",
            "required": ["events"],
            "properties": {
              "events": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": ["version", "event", "at"],
                  "properties": {
                    "version": {"type": "integer", "minimum": 2, "description": "The version the event produced."},
                    "event": {"$ref": "#/components/schemas/Event"},
                    "at": {"type": "string", "format": "date-time", "description": "RFC 3339, UTC; never before the entry before it, though the server's clock may be set back."}
                  }
                }
              }
            }
          },
          "Problem": {
            "type": "object",
            "description": "RFC 9457 problem details.",
            "required": ["type", "title", "status", "detail", "code"],
            "properties": {
              "type": {"type": "string", "format": "uri", "description": "`urn:ribsd:problem:<code>`."},
              "title": {"type": "string", "description": "A short, fixed summary of the code."},
              "status": {"type": "integer", "minimum": 400, "maximum": 599},
              "detail": {"type": "string", "description": "What exactly went wrong with this request."},
              "code": {
                "type": "string",
                "description": "Machine-readable.",
                "enum": [
                  "malformed_event",
                  "unknown_event",
                  "invalid_header",
                  "session_not_found",
                  "not_found",
                  "method_not_allowed",
                  "event_not_handled",
                  "invalid_navigation",
                  "event_limit",
                  "version_mismatch",
                  "payload_too_large",
                  "unsupported_media_type",
                  "unknown_app",
                  "idempotency_key_reused",
                  "session_limit",
                  "memory_limit",
                  "stream_limit",
                  "shutting_down",
                  "store_unavailable",
                  "session_not_restorable",
                  "bad_request",
                  "header_too_large",
                  "internal_error"
                ]
              }
            }
          }
        },
        "responses": {
          "HTTPBadRequest": {
            "description": "microhttpd's own answer to a request it cannot parse (a malformed header line, a bad `Content-Length`, a request line without a version; an HTML body sent without a `Content-Type` header, no handler runs), or the server's `bad_request` problem for framing it cannot trust (`Content-Length` headers that disagree, `Content-Length` beside `Transfer-Encoding`, a `Transfer-Encoding` other than `chunked`, `Transfer-Encoding` in an HTTP/1.0 request, a head whose lines cannot be read as sent: a header name that is not a token, a line folded onto the one before it, a line starting with `:` or a NUL, a NUL or control character in a value, a line not ending in CRLF; the connection is closed), for a request past HTTP/1.0 without `Host`, more than one `Host`, a `Host` that is not a host with an optional port, more than one `Content-Type` line, a target with a space or a control character, or an absolute-form target (`http://host/path`, routed by its path) whose authority is not a host and port, is percent-encoded or has userinfo.",
            "content": {
              "text/html": {"schema": {"type": "string"}},
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 400}, "code": {"enum": ["bad_request"]}}}
                  ]
                }
              }
            }
          },
          "SessionNotFound": {
            "description": "`session_not_found`: no such session (or it expired, or was deleted). `not_found`: the id, once percent-decoded, makes a path no route has.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {
                      "type": "object",
                      "properties": {"status": {"const": 404}, "code": {"enum": ["session_not_found", "not_found"]}}
                    }
                  ]
                }
              }
            }
          },
          "MethodNotAllowed": {
            "description": "`method_not_allowed`: the path names a resource that does not take this method (see `Allow`).",
            "headers": {"Allow": {"$ref": "#/components/headers/Allow"}},
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 405}, "code": {"enum": ["method_not_allowed"]}}}
                  ]
                }
              }
            }
          },
          "PayloadTooLarge": {
            "description": "`payload_too_large`: the body is over the limit (`--max-body`, default 65536 bytes). The body is read and dropped first, so the connection stays open, unless its declared length is more than 1 MiB past the limit: then the answer comes at once and the connection closes. A chunked body, which declares no length, is cut off once it runs more than 1 MiB past the limit or comes in more than 65,536 pieces: the connection closes without an answer (microhttpd takes none in the middle of a body). text/html: microhttpd's own answer to a chunk size too large to read (no handler runs; HTML sent without a `Content-Type` header).",
            "content": {
              "text/html": {"schema": {"type": "string"}},
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 413}, "code": {"enum": ["payload_too_large"]}}}
                  ]
                }
              }
            }
          },
          "UnsupportedMediaType": {
            "description": "`unsupported_media_type`: a body that is not `application/json` (or `application/*+json`), a `charset` other than UTF-8 (or parameters with a quote out of place), a body without `Content-Type`, or a content-coded body (`Content-Encoding` other than `identity`).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {
                      "type": "object",
                      "properties": {"status": {"const": 415}, "code": {"enum": ["unsupported_media_type"]}}
                    }
                  ]
                }
              }
            }
          },
          "MemoryLimit": {
            "description": "`memory_limit`: the sessions' histories and remembered answers fill their part of `--max-held-bytes` (seven eighths: history documents, which a read writes again when none is kept, have the last eighth to themselves and never refuse an event); every event is refused until sessions are deleted or expire (with `Retry-After`), since whether one would add to a history is only known by applying it. A swipe of a screen already gone, a no-op, still answers 200 unless it brings a new `Idempotency-Key` (whose answer would have to be remembered). `store_unavailable`: the session store could not record the event (a full disk or `--max-store-bytes`, an I/O error); the session is as it was.",
            "headers": {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 503}, "code": {"enum": ["memory_limit", "store_unavailable"]}}}
                  ]
                }
              }
            }
          },
          "VersionMismatch": {
            "description": "`If-Match` does not match the session's version, or `If-None-Match` names it on an event or a DELETE (`version_mismatch`).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 412}, "code": {"enum": ["version_mismatch"]}}}
                  ]
                }
              }
            }
          },
          "SessionLimit": {
            "description": "`session_limit`: the server holds its maximum number of sessions (`--max-sessions`). `store_unavailable`: the session store could not record the new session (a full disk or `--max-store-bytes`, an I/O error); no session was made.",
            "headers": {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 503}, "code": {"enum": ["session_limit", "store_unavailable"]}}}
                  ]
                }
              }
            }
          },
          "StoreUnavailable": {
            "description": "`store_unavailable`: the session store could not record the change (a full disk or `--max-store-bytes`, an I/O error) or read a session stored before a restart; nothing changed. Retry after `Retry-After` seconds.",
            "headers": {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 503}, "code": {"enum": ["store_unavailable"]}}}
                  ]
                }
              }
            }
          },
          "SessionNotRestorable": {
            "description": "`session_not_restorable`: the session was stored before a restart, and its events no longer replay to the state recorded (its app changed between releases, or is no longer hosted). It is closed: later requests answer 404; start a new session.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 410}, "code": {"enum": ["session_not_restorable"]}}}
                  ]
                }
              }
            }
          },
          "InternalError": {
            "description": "`internal_error`: a fault of the server, not of the request; the detail says no more than that. An event whose session's app did not replay its history to the state it showed closes that session.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "allOf": [
                    {"$ref": "#/components/schemas/Problem"},
                    {"type": "object", "properties": {"status": {"const": 500}, "code": {"enum": ["internal_error"]}}}
                  ]
                }
              }
            }
          },
          "RequestHeaderFieldsTooLarge": {
            "description": "microhttpd's own answer when the request headers do not fit in a connection's memory (an HTML body, sent without a `Content-Type` header), or the server's `header_too_large` problem when they fit but leave under 2 KiB of it for the answer. No handler runs; the connection is closed.",
            "content": {"text/html": {"schema": {"type": "string"}}, "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
          },
          "URITooLong": {
            "description": "microhttpd's own answer when the request line does not fit in a connection's memory; no handler runs. Its body is HTML, sent without a `Content-Type` header.",
            "content": {"text/html": {"schema": {"type": "string"}}}
          }
        },
        "parameters": {
          "SessionID": {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The session id from `POST /v1/sessions`.",
            "schema": {"$ref": "#/components/schemas/SessionID"}
          },
          "IfNoneMatch": {
            "name": "If-None-Match",
            "in": "header",
            "required": false,
            "description": "When the session is at one of these versions (`\"<version>\"` or `W/\"<version>\"`: weak comparison), or for `*`: a GET answers 304 Not Modified instead of the state; an event or a DELETE answers 412 `version_mismatch` and changes nothing. Read after `If-Match`.",
            "schema": {"type": "string"},
            "examples": {"version": {"summary": "A client holding version 3", "value": "\"3\""}}
          },
          "IfMatch": {
            "name": "If-Match",
            "in": "header",
            "required": false,
            "description": "Only if the session is at this version (`\"<version>\"`, a list of them, or `*`; weak tags never match): apply the event, answer the state, delete the session. Else 412 `version_mismatch`, and nothing changes.",
            "schema": {"type": "string"},
            "examples": {
              "any": {"summary": "Whatever the version", "value": "*"},
              "version": {"summary": "Only at version 3", "value": "\"3\""}
            }
          },
          "IdempotencyKey": {
            "name": "Idempotency-Key",
            "in": "header",
            "required": false,
            "description": "A retried request with the same key and the same body, byte for byte, returns the first answer and applies nothing again; the same key with another body (even one that parses to the same JSON) is 422 `idempotency_key_reused`. Keys belong to their session; at least the last 1,000 are kept; a key whose first request failed is not remembered. 1 to 255 bytes.",
            "schema": {"type": "string", "minLength": 1, "maxLength": 255}
          }
        },
        "links": {
          "GetSession": {
            "operationId": "getSession",
            "parameters": {"id": "$response.body#/session"},
            "description": "The state of the session."
          },
          "ApplyEvent": {
            "operationId": "applyEvent",
            "parameters": {"id": "$response.body#/session", "header.If-Match": "$response.header.ETag"},
            "description": "Send an event to the session, conditional on the version just seen."
          },
          "GetHistory": {
            "operationId": "getHistory",
            "parameters": {"id": "$response.body#/session"},
            "description": "The session's history."
          },
          "DeleteSession": {
            "operationId": "deleteSession",
            "parameters": {"id": "$response.body#/session"},
            "description": "End the session."
          }
        },
        "headers": {
          "ETag": {
            "description": "The state's version as a strong entity tag: `\"<version>\"`.",
            "required": true,
            "schema": {"type": "string", "pattern": "^\"[0-9]+\"$"}
          },
          "Location": {
            "description": "`/v1/sessions/<id>`.",
            "required": true,
            "schema": {"type": "string", "pattern": "^/v1/sessions/[A-Za-z0-9_-]{22,}$"}
          },
          "Allow": {
            "description": "The methods the resource supports (HEAD wherever GET is).",
            "required": true,
            "schema": {"type": "string"}
          },
          "RetryAfter": {
            "description": "Seconds to wait before trying again.",
            "required": true,
            "schema": {"type": "integer", "minimum": 1}
          },
          "RetryAfterWhenLimited": {
            "description": "Seconds to wait before trying again: sent with `stream_limit`, not with `shutting_down`.",
            "required": false,
            "schema": {"type": "integer", "minimum": 1}
          }
        }
      }
    }
    """##
}
