import CivilCalendar
import Foundation
import ZIPFoundation

/// One import in progress: feeds chunks to a parser, delivers batches, and turns failures into `HealthImportError`s.
struct ImportRun {
    let file: String
    let format: HealthFileFormat
    private var collector: RecordCollector
    private var bytesRead: Int64 = 0
    private var throttle = ProgressThrottle()
    /// Asked after every chunk or step; true stops the import.
    private let shouldStop: () -> Bool

    init(
        file: String, format: HealthFileFormat, batchSize: Int, deliverFrom: Date? = nil, refuseAfter: Date? = nil,
        shouldStop: @escaping () -> Bool = { false }
    ) {
        self.file = file
        self.format = format
        self.shouldStop = shouldStop
        collector = RecordCollector(batchSize: batchSize, deliverFrom: deliverFrom, refuseAfter: refuseAfter)
    }

    /// Throws `.stopped` when the caller asked the import to stop.
    private func checkStop() throws(ImportFault) {
        if shouldStop() { throw ImportFault(kind: .stopped, line: nil, message: "the import was stopped (vigord is shutting down)") }
    }

    /// A `deliver` failure, kept apart from parser faults.
    private struct DeliveryFailure: Error {
        var underlying: any Error
    }

    mutating func readFile<Parser: ChunkParser>(
        _ url: URL, parser: inout Parser, progress: (Int64, Int64) -> Void, deliver: ([HealthSample]) throws -> Void
    ) throws(HealthImportError) -> HealthImportSummary {
        do {
            var reader = try FileChunkReader(url: url)
            let total = reader.size
            progress(0, total)
            try reader.forEachChunk { chunk in
                try consume(chunk, parser: &parser, total: total, progress: progress, deliver: deliver)
            }
            try parser.finish(into: &collector)
            try flush(all: true, deliver)
            progress(bytesRead, total)
        } catch {
            throw failure(error, deliver: deliver)
        }
        return summary
    }

    mutating func readZip(
        _ url: URL, progress: (Int64, Int64) -> Void, deliver: ([HealthSample]) throws -> Void
    ) throws(HealthImportError) -> HealthImportSummary {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw HealthImportError(
                kind: .badArchive, file: file,
                message: "cannot read the zip archive (\(error)); is the download complete?", summary: summary)
        }
        guard let entry = ZipExportEntry.find(in: archive) else {
            throw HealthImportError(
                kind: .missingExportXML, file: file,
                message: "the zip has no export.xml (Apple's layout is \(ZipExportEntry.applePath)); is this an Apple Health export?",
                summary: summary)
        }
        let total = Int64(clamping: entry.uncompressedSize)
        var parser = AppleHealthXMLParser()
        do {
            progress(0, total)
            _ = try archive.extract(entry, bufferSize: 1 << 18, skipCRC32: true) { data in
                try data.withUnsafeBytes { raw in
                    try consume(raw, parser: &parser, total: total, progress: progress, deliver: deliver)
                }
            }
            try parser.finish(into: &collector)
            try flush(all: true, deliver)
            progress(bytesRead, total)
        } catch let error as ImportFault {
            throw failure(error, deliver: deliver, entry: entry.path)
        } catch let error as DeliveryFailure {
            throw failure(error, deliver: deliver)
        } catch {
            throw failure(
                ImportFault(kind: .badArchive, line: nil, message: "cannot decompress \(entry.path): \(error); the zip is damaged"),
                deliver: deliver)
        }
        return summary
    }

    /// Runs a source that walks the file by itself (a Gadgetbridge database, a FIT file); `open` may throw an
    /// `ImportFault` before anything is read.
    mutating func readSource<Source: RecordSource>(
        open: () throws -> Source, progress: (Int64, Int64) -> Void, deliver: ([HealthSample]) throws -> Void
    ) throws(HealthImportError) -> HealthImportSummary {
        do {
            var source = try open()
            progress(0, source.totalBytes)
            var more = true
            while more {
                defer { bytesRead = source.bytesDone }
                try checkStop()
                more = try source.step(into: &collector)
                bytesRead = source.bytesDone
                try flush(all: false, deliver)
                throttle.report(bytesRead, of: source.totalBytes, to: progress)
            }
            try flush(all: true, deliver)
            progress(bytesRead, source.totalBytes)
        } catch {
            throw failure(error, deliver: deliver)
        }
        return summary
    }

    private var summary: HealthImportSummary {
        collector.summary(format: format, bytesRead: bytesRead)
    }

    private mutating func consume<Parser: ChunkParser>(
        _ chunk: UnsafeRawBufferPointer, parser: inout Parser, total: Int64,
        progress: (Int64, Int64) -> Void, deliver: ([HealthSample]) throws -> Void
    ) throws {
        try checkStop()
        try parser.feed(chunk, into: &collector)
        bytesRead += Int64(chunk.count)
        try flush(all: false, deliver)
        throttle.report(bytesRead, of: total, to: progress)
    }

    private mutating func flush(all: Bool, _ deliver: ([HealthSample]) throws -> Void) throws {
        do {
            try collector.flush(all: all, to: deliver)
        } catch {
            throw DeliveryFailure(underlying: error)
        }
    }

    /// Delivers what was read before a fault (it stands), then describes the fault.
    private mutating func failure(
        _ error: any Error, deliver: ([HealthSample]) throws -> Void, entry: String? = nil
    ) -> HealthImportError {
        if let delivery = error as? DeliveryFailure {
            return HealthImportError(
                kind: .deliveryFailed, file: file,
                message: "storing the records failed: \(delivery.underlying)", summary: summary,
                underlying: delivery.underlying)
        }
        let fault = error as? ImportFault
            ?? ImportFault(kind: .unreadable, line: nil, message: "reading failed: \(error)")
        do {
            try flush(all: true, deliver)
        } catch {
            return failure(error, deliver: deliver)
        }
        let name = entry.map { ($0 as NSString).lastPathComponent } ?? file
        return HealthImportError(kind: fault.kind, file: name, line: fault.line, message: fault.message, summary: summary)
    }
}
