import Foundation
import HTTPServer

/// The live session viewer served at `GET /`: one self-contained page (HTML, CSS and JavaScript all inline,
/// nothing fetched from elsewhere) that creates or opens a session, draws its RIB tree beside the window's
/// layers, follows it over `GET /v1/sessions/<id>/stream` (EventSource) and sends the events it accepts.
///
/// The page, its script and its style are files of their own (`Embedded/viewer.html`, `viewer.js`,
/// `viewer.css`), compiled in by the EmbedFiles plugin; the style and script go inline where the page marks them.
///
/// The script draws the state only from the event stream (never from POST answers), so what the page shows is
/// what a watcher sees; text from the state goes in through `textContent` only.
enum ViewerPage {
    /// The whole page, built once.
    static let response = HTTPResponse(
        status: 200,
        headers: [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Cache-Control", "no-cache"),
            // The page is self-contained: forbid loading anything from elsewhere.
            (
                "Content-Security-Policy",
                "default-src 'none'; connect-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"
            ),
        ],
        body: Array(html.utf8))

    static let html = EmbeddedFile.viewerHTML
        .replacingOccurrences(of: "<style>/* viewer.css */</style>", with: "<style>\n\(EmbeddedFile.viewerCSS)</style>")
        .replacingOccurrences(of: "<script>/* viewer.js */</script>", with: "<script>\n\(EmbeddedFile.viewerJS)</script>")
}
