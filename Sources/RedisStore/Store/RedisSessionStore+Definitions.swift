import SessionStorage

/// Definitions, content-addressed (`DefinitionKeys`): each one command, outside any session's script.
extension RedisSessionStore {
    public func keepDefinition(_ definition: StoredDefinition) throws(StoreError) {
        var command = RedisCommand("SET", DefinitionKeys.key(definition.digest))
        command.append(definition.bytes)
        // Another instance may have kept it first: the same bytes under the same digest, left as they are.
        command.append("NX")
        try client.commit { (connection: RedisConnection) throws(RedisError) in
            _ = try connection.send(command).checked()
            return ((), kept: true)
        }
    }

    public func definition(_ digest: String) throws(StoreError) -> StoredDefinition? {
        let bytes = try client.call { (connection: RedisConnection) throws(RedisError) in
            try connection.send(RedisCommand("GET", DefinitionKeys.key(digest))).checked().bytes()
        }
        return bytes.map { StoredDefinition(digest: digest, bytes: $0) }
    }
}
