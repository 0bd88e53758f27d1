import Foundation

/// Writes realistic Apple Health `export.xml` documents of a chosen size, deterministically from a seed,
/// and reports exactly which records an importer should find in them.
public struct HealthExportGenerator: Sendable {
    /// The seed; the same seed and size give identical bytes.
    public var seed: UInt64
    /// UTC instant of the first day's local midnight is derived from this day number (days since 1970-01-01).
    public var firstDay: Int

    /// Creates a generator; `firstDay` 16801 is 2016-01-01.
    public init(seed: UInt64 = 1, firstDay: Int = 16_801) {
        self.seed = seed
        self.firstDay = firstDay
    }

    /// Generates about `targetBytes` (whole days, at least one) and passes the bytes to `write` in chunks of about 1 MiB.
    /// With `days`, exactly that many days are written, whatever their size.
    public func generate(
        targetBytes: Int64, days: Int? = nil, write: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows -> GeneratedExportReport {
        var builder = ExportDocumentBuilder(seed: seed)
        var written: Int64 = 0
        func drain(_ force: Bool) throws {
            guard force || builder.writer.bytes.count >= 1 << 20 else { return }
            try builder.writer.bytes.withUnsafeBytes { try write($0) }
            written += Int64(builder.writer.bytes.count)
            builder.writer.bytes.removeAll(keepingCapacity: true)
        }
        builder.writePreamble(exportDay: firstDay)
        var day = firstDay
        repeat {
            builder.writeDay(day)
            day += 1
            try drain(false)
        } while days.map { day - firstDay < $0 } ?? (written + Int64(builder.writer.bytes.count) < targetBytes)
        builder.writer.text("</HealthData>\n")
        try drain(true)
        return builder.report(bytes: written, days: day - firstDay)
    }

    /// Writes a generated export to `url` (replacing it); with `days`, exactly that many days.
    public func write(to url: URL, targetBytes: Int64, days: Int? = nil) throws -> GeneratedExportReport {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        let report: GeneratedExportReport
        do {
            report = try generate(targetBytes: targetBytes, days: days) { chunk in
                try handle.write(contentsOf: Data(chunk))
            }
        } catch {
            try handle.close()
            throw error
        }
        try handle.close()
        return report
    }

    /// A generated export in memory (for tests).
    public func data(targetBytes: Int64) -> (Data, GeneratedExportReport) {
        var data = Data()
        let report = generate(targetBytes: targetBytes) { data.append(contentsOf: $0) }
        return (data, report)
    }
}
