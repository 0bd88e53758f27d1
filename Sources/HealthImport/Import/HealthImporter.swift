import CivilCalendar
import Foundation
import ZIPFoundation

/// Imports Apple Health exports (zip or export.xml), JSON Lines and CSV files, Gadgetbridge databases, FIT
/// activity files and Health Auto Export JSON files as streams of `HealthSample` batches.
public struct HealthImporter: Sendable {
    /// Records per `deliver` call (the last batch may be smaller).
    public let batchSize: Int

    /// Creates an importer that delivers records in batches of `batchSize`.
    public init(batchSize: Int = 4096) {
        self.batchSize = max(1, batchSize)
    }

    /// Detects the format by content (zip or SQLite magic, `.FIT`, `<`, `{`, CSV header line); the extension breaks ties.
    public static func detectFormat(of url: URL) throws(HealthImportError) -> HealthFileFormat {
        let name = url.lastPathComponent
        let prefix: [UInt8]
        do {
            prefix = try FileChunkReader.prefix(of: url, limit: 4096)
        } catch {
            throw HealthImportError(kind: error.kind, file: name, line: error.line, message: error.message)
        }
        guard let format = FormatDetector.detect(prefix: prefix, fileName: name) else {
            let what = prefix.isEmpty
                ? "the file is empty"
                : "the content is not an Apple Health export (zip or XML), JSON Lines, CSV, a Gadgetbridge database, a FIT file "
                    + "or a Health Auto Export JSON file"
            throw HealthImportError(kind: .unknownFormat, file: name, message: what)
        }
        return format
    }

    /// How much earlier than a window's start a database is read, so that what is summed or joined across rows (an
    /// hour's steps, a night's stages) is whole at the window's start.
    public static let windowContext: TimeInterval = 24 * 3600

    /// Streams the file; calls `deliver` with batches of records (in file order) and `progress(bytesRead, totalBytes)`
    /// about ten times a second and once at the end. Throws on a fatal problem; batches delivered before it stand.
    /// `shouldStop` is asked after every chunk or step: true ends the import with a `.stopped` error.
    /// With `since` (a re-read of a source), only records starting at or after it are delivered; a Gadgetbridge
    /// database is read from `windowContext` before it, so a re-read costs the new rows, not the whole file.
    /// With `now` (the time of the import), a record starting after it is skipped as `future`; the rest is read.
    public func importFile(
        at url: URL, since: Date? = nil, now: Date? = nil, shouldStop: @escaping () -> Bool = { false },
        progress: (Int64, Int64) -> Void = { _, _ in }, deliver: ([HealthSample]) throws -> Void
    ) throws(HealthImportError) -> HealthImportSummary {
        let format = try Self.detectFormat(of: url)
        var run = ImportRun(
            file: url.lastPathComponent, format: format, batchSize: batchSize, deliverFrom: since, refuseAfter: now,
            shouldStop: shouldStop)
        switch format {
        case .appleHealthXML:
            var parser = AppleHealthXMLParser()
            return try run.readFile(url, parser: &parser, progress: progress, deliver: deliver)
        case .jsonLines:
            var parser = JSONLinesParser()
            return try run.readFile(url, parser: &parser, progress: progress, deliver: deliver)
        case .csv:
            var parser = CSVParser()
            return try run.readFile(url, parser: &parser, progress: progress, deliver: deliver)
        case .appleHealthZip:
            return try run.readZip(url, progress: progress, deliver: deliver)
        case .gadgetbridge:
            return try run.readSource(open: { () throws(ImportFault) in try GadgetbridgeSource(
                url: url, readFrom: since.map { $0.addingTimeInterval(-Self.windowContext) }) }, progress: progress, deliver: deliver)
        case .fit:
            return try run.readSource(open: { () throws(ImportFault) in try FITSource(url: url) }, progress: progress, deliver: deliver)
        case .healthAutoExport:
            return try run.readSource(
                open: { () throws(ImportFault) in try HealthAutoExportSource(url: url) }, progress: progress, deliver: deliver)
        }
    }
}
