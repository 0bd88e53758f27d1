/// A result already written as JSON, so a server can keep the bytes of a hot result (`status`) and send them
/// again without building and writing it anew. `Result` ties the bytes to the method's result type.
public struct PrewrittenJSON<Result: JSONWritable>: JSONWritable, Sendable {
    public let bytes: [UInt8]

    public init(_ result: Result) {
        var json = JSONWriter()
        result.write(to: &json)
        bytes = json.bytes
    }

    public func write(to json: inout JSONWriter) {
        json.prewritten(bytes)
    }

    /// The generic path (inside a batch) re-reads the bytes: slower, the same JSON.
    public func encode(to encoder: any Encoder) throws {
        try JSONParser.parse(bytes).encode(to: encoder)
    }
}
