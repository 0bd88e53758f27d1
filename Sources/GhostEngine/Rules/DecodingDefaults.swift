extension KeyedDecodingContainer {
    /// Decodes `key` when present, otherwise keeps `fallback`, so a config file may override only some rules (the
    /// engine's and the scheduling modules' alike).
    public func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}
