/// A reader that walks a whole file by itself (a database, a FIT file) rather than being fed chunks;
/// `ImportRun` calls `step` until it returns false, delivering batches and progress in between.
protocol RecordSource {
    /// The file's size in bytes.
    var totalBytes: Int64 { get }
    /// Bytes of the file accounted for so far, for progress.
    var bytesDone: Int64 { get }
    /// Reads the next piece (a few thousand rows, a FIT file's messages); returns false when nothing is left.
    mutating func step(into collector: inout RecordCollector) throws(ImportFault) -> Bool
}
