/// Where definitions are kept (`StoredDefinition`): `ribsd:definition:{<digest>}`, a string holding the
/// definition's bytes, written once (`SET ... NX`) and never expiring. One key per distinct definition, whatever
/// number of sessions (of whichever instance) names it; its own hash tag puts it in the slot of its digest on a
/// cluster, apart from any session's keys. Sessions name their definition in their summary's `app` field
/// (`RecordCoding`); a definition no session names any more stays (a few kilobytes per version of an app file).
enum DefinitionKeys {
    static let prefix = "ribsd:definition:{"

    /// The key of the definition with this digest.
    static func key(_ digest: String) -> String {
        prefix + digest + "}"
    }
}
