import Foundation

/// Reads a FIT activity file: one `workout` per `session` message. The whole file is read (activity files are
/// small; more than `largestFile` is refused) and its CRC checked before any record is made: a file whose CRC
/// does not match is refused as damaged. A file cut short gives the sessions that were complete, then `.truncated`.
struct FITSource: RecordSource {
    let totalBytes: Int64
    private(set) var bytesDone: Int64 = 0
    private let url: URL

    /// FIT timestamps count seconds from 1989-12-31T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 631_065_600)
    static let largestFile = 64 << 20

    init(url: URL) throws(ImportFault) {
        self.url = url
        let size = try WholeFile.size(of: url, atMost: Self.largestFile) { size in
            "\(size / 1_000_000) MB is more than any FIT activity file (at most \(Self.largestFile >> 20) MiB are read)"
        }
        totalBytes = Int64(size)
    }

    mutating func step(into collector: inout RecordCollector) throws(ImportFault) -> Bool {
        let bytes = [UInt8](try WholeFile.data(of: url))
        var decoder = FITDecoder()
        var offset = 0
        var stop: ImportFault?
        repeat {
            let header = try FITHeader(bytes, at: offset)
            let dataEnd = offset + header.size + header.dataSize
            if dataEnd + 2 <= bytes.count {
                let stored = UInt16(FITBytes.unsigned(bytes, at: dataEnd, size: 2, bigEndian: false))
                let computed = FITChecksum.crc(bytes[offset..<dataEnd])
                guard stored == computed else {
                    throw ImportFault(
                        kind: .malformed, line: nil,
                        message: "the FIT file's checksum does not match (stored \(Self.hex(stored)), computed \(Self.hex(computed))): "
                            + "the file is damaged; copy it from the device again")
                }
                try decoder.decode(bytes, offset + header.size..<dataEnd, fileEnds: false)
                offset = dataEnd + 2
            } else {
                do {
                    try decoder.decode(bytes, offset + header.size..<bytes.count, fileEnds: true)
                    stop = ImportFault(
                        kind: .truncated, line: nil,
                        message: "the file ends at byte \(bytes.count) before its checksum (the header promises \(dataEnd + 2)): "
                            + "the FIT file is truncated")
                } catch {
                    stop = error
                }
                offset = bytes.count
            }
        } while offset < bytes.count
        let source = FITManufacturer.name(decoder.manufacturer)
        for session in decoder.sessions {
            collector.add(Self.workout(session, source: source), line: session.messageNumber)
        }
        bytesDone = totalBytes
        if let stop {
            let kept = decoder.sessions.count
            throw ImportFault(kind: stop.kind, line: nil, message: "\(stop.message) (\(kept) complete session\(kept == 1 ? "" : "s") kept)")
        }
        return false
    }

    private static func workout(_ session: FITSession, source: String) -> RecordOutcome {
        let place = "session message \(session.messageNumber) at byte \(session.byteOffset)"
        guard let startTime = session.startTime else {
            return .skipped(.missingField, "\(place): no start_time")
        }
        let start = epoch.addingTimeInterval(Double(startTime))
        guard HealthBounds.numericTimestampSeconds.contains(Int64(start.timeIntervalSince1970)) else {
            return .skipped(.badDate, "\(place): start_time \(startTime) is not a time between 2000 and 2100")
        }
        let elapsed: Double
        if let milliseconds = session.totalElapsedMilliseconds ?? session.totalTimerMilliseconds {
            elapsed = Double(milliseconds) / 1000
        } else if let end = session.timestamp {
            guard end >= startTime else { return .skipped(.endBeforeStart, "\(place): timestamp is before start_time") }
            elapsed = Double(end - startTime)
        } else {
            return .skipped(.missingField, "\(place): no total_elapsed_time, total_timer_time or timestamp")
        }
        let active = session.totalTimerMilliseconds.map { Double($0) / 1000 } ?? elapsed
        return MeasuredRecords.workout(
            source: source, start: start, end: start.addingTimeInterval(elapsed),
            activity: FITSport.activity(sport: session.sport, subSport: session.subSport),
            kilocalories: session.totalCalories.map(Double.init), minutes: active / 60, place: place)
    }

    private static func hex(_ value: UInt16) -> String {
        "0x" + String(value, radix: 16, uppercase: true)
    }
}
