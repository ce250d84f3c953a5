import Foundation
import HTTPServer

/// The live session viewer served at `GET /`: one self-contained page (HTML, CSS and JavaScript all inline,
/// nothing fetched from elsewhere) that creates or opens a session, draws its RIB tree beside the window's
/// layers, follows it over `GET /v1/sessions/<id>/stream` (EventSource) and sends the events it accepts, one at a
/// time or as a batch. Its timeline shows any past version (`?version=N`), and rewinds or forks from one; its link
/// box opens the app's deep links.
///
/// The page, its style and its scripts are files of their own (`Embedded/viewer.html`, `viewer.css`, `viewer.js`
/// for the session and its drawing, then one script per part: `viewer-events.js`, `viewer-timeline.js`,
/// `viewer-links.js`, `viewer-batch.js`), compiled in by the EmbedFiles plugin; each goes inline where the page
/// marks it.
///
/// The scripts draw the live state only from the event stream (never from POST answers), so what the page shows
/// is what a watcher sees; a past version is drawn from `GET ?version=N` and marked as past. Text from the server
/// goes in through `textContent` only.
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

    /// The scripts in the order the page runs them: `viewer.js` holds what the others use.
    static let scripts: [(name: String, text: String)] = [
        ("viewer.js", EmbeddedFile.viewerJS), ("viewer-events.js", EmbeddedFile.viewerEventsJS),
        ("viewer-timeline.js", EmbeddedFile.viewerTimelineJS), ("viewer-links.js", EmbeddedFile.viewerLinksJS),
        ("viewer-batch.js", EmbeddedFile.viewerBatchJS),
    ]

    static let html = scripts.reduce(
        EmbeddedFile.viewerHTML
            .replacingOccurrences(of: "<style>/* viewer.css */</style>", with: "<style>\n\(EmbeddedFile.viewerCSS)</style>")
    ) { page, script in
        page.replacingOccurrences(of: "<script>/* \(script.name) */</script>", with: "<script>\n\(script.text)</script>")
    }
}
