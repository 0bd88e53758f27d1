/// A push parser fed with chunks of a file (or of a zip entry) in order; shared by every format.
protocol ChunkParser {
    /// Consumes the next chunk (any size, boundaries anywhere).
    mutating func feed(_ chunk: UnsafeRawBufferPointer, into collector: inout RecordCollector) throws(ImportFault)
    /// Signals the end of input; throws when the input is incomplete.
    mutating func finish(into collector: inout RecordCollector) throws(ImportFault)
}

extension AppleHealthXMLParser: ChunkParser {}
