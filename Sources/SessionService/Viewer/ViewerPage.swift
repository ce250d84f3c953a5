import HTTPServer

/// The live session viewer served at `GET /`: one self-contained page (HTML, CSS and JavaScript all inline,
/// nothing fetched from elsewhere) that creates or opens a session, draws its RIB tree beside the window's
/// layers, follows it over `GET /v1/sessions/<id>/stream` (EventSource) and sends the events it accepts.
enum ViewerPage {
    /// The whole page, built once.
    static let response = HTTPResponse(
        status: 200,
        headers: [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Cache-Control", "no-cache"),
            // The page is self-contained: forbid loading anything from elsewhere.
            ("Content-Security-Policy",
             "default-src 'none'; connect-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"),
        ],
        body: Array(html.utf8))

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>ribsd · live session</title>
        <style>\#(style)</style>
        </head>
        <body>
        <header>
          <h1>ribsd <span>live session</span></h1>
          <form id="create">
            <label>app <select id="app" aria-label="app"></select></label>
            <button type="submit" id="new-session">New session</button>
          </form>
          <form id="open">
            <input id="session" placeholder="session id" aria-label="session id" autocomplete="off" spellcheck="false">
            <button type="submit" id="open-session">Open</button>
            <button type="button" id="delete-session" disabled>Delete</button>
          </form>
          <div id="status" data-status="idle"><span class="light"></span><span id="status-text">no session</span></div>
        </header>
        <p id="app-description"></p>
        <main>
          <section id="tree-panel">
            <h2>RIB tree <small id="version"></small></h2>
            <div class="legend">
              <span><i class="dot on"></i>active</span><span><i class="dot"></i>inactive</span>
              <span class="kind" data-kind="launch">launch</span><span class="kind" data-kind="viewable">viewable</span>
              <span class="kind" data-kind="viewless">viewless</span><span class="kind" data-kind="flow">flow</span>
              <span class="kind" data-kind="presentable">presentable</span>
            </div>
            <ul id="tree" class="tree"><li class="empty">Create or open a session.</li></ul>
          </section>
          <section id="screen-panel">
            <h2>On screen <small id="top"></small></h2>
            <div id="layers"></div>
            <div id="leaks"></div>
          </section>
          <section id="events-panel">
            <h2>Events</h2>
            <div id="events"><p class="empty">No session.</p></div>
            <div id="message" role="status"></div>
          </section>
        </main>
        <script>\#(script)</script>
        </body>
        </html>
        """#
}
