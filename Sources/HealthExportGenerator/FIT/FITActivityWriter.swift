import Foundation

/// Writes valid FIT activity files: `file_id`, optional `record` messages (every 10 s, compressed timestamps,
/// and a developer field on the first), one `session` per workout, `activity`, and the CRCs; for tests and benchmarks.
public struct FITActivityWriter: Sendable {
    /// `file_id.manufacturer`: 1 Garmin, 32 Wahoo, 294 COROS.
    public var manufacturer: UInt16
    /// Write the definitions in big-endian byte order (architecture 1).
    public var bigEndian: Bool
    /// Write `record` messages (heart rate every 10 s) before each session.
    public var includeRecords: Bool

    public init(manufacturer: UInt16 = 1, bigEndian: Bool = false, includeRecords: Bool = false) {
        self.manufacturer = manufacturer
        self.bigEndian = bigEndian
        self.includeRecords = includeRecords
    }

    /// FIT timestamps count seconds from 1989-12-31T00:00:00Z.
    public static let epoch = Date(timeIntervalSince1970: 631_065_600)

    /// The bytes of a FIT activity file holding `workouts` (at least one).
    public func file(_ workouts: [FITWorkout]) -> Data {
        var writer = FITMessageWriter(bigEndian: bigEndian)
        let first = Self.fitTime(workouts.first?.start ?? Self.epoch)
        writer.define(local: 0, global: 0, fields: [.enumeration(0), .uint16(1), .uint16(2), .uint32z(3), .uint32(4)])
        writer.data(local: 0, [(4, 1), (UInt64(manufacturer), 2), (3113, 2), (3_900_000_001, 4), (UInt64(first), 4)])
        if includeRecords {
            writer.define(local: 4, global: 20, fields: [.uint32(253), .uint8(3)], developerFieldSizes: [2])
            writer.define(local: 1, global: 20, fields: [.uint8(3)])
        }
        writer.define(local: 2, global: 18, fields: [
            .uint32(253), .enumeration(0), .enumeration(1), .uint32(2), .uint32(7), .uint32(8), .enumeration(5),
            .enumeration(6), .uint16(11),
        ])
        var timer: UInt64 = 0
        var last = first
        for workout in workouts {
            let start = Self.fitTime(workout.start)
            let end = start + UInt32(workout.elapsedSeconds)
            if includeRecords { writeRecords(&writer, from: start, to: end) }
            writer.data(local: 2, [
                (UInt64(end), 4), (8, 1), (1, 1), (UInt64(start), 4), (UInt64(workout.elapsedSeconds) * 1000, 4),
                (UInt64(workout.timerSeconds) * 1000, 4), (UInt64(workout.sport), 1), (UInt64(workout.subSport), 1),
                (workout.calories.map(UInt64.init) ?? 0xFFFF, 2),
            ])
            timer += UInt64(workout.timerSeconds) * 1000
            last = end
        }
        writer.define(local: 3, global: 34, fields: [.uint32(253), .uint32(0), .uint16(1), .enumeration(2), .enumeration(3), .enumeration(4)])
        writer.data(local: 3, [(UInt64(last), 4), (timer, 4), (UInt64(workouts.count), 2), (0, 1), (26, 1), (1, 1)])
        return Data(writer.file())
    }

    /// Wraps hand-made message bytes in a 14-byte header and the file CRC, for tests of broken or hostile files.
    public static func file(messages: [UInt8]) -> Data {
        Data(FITMessageWriter(bigEndian: false, bytes: messages).file())
    }

    /// A full-timestamp record, then compressed ones every 10 s (each within 31 s of the one before).
    private func writeRecords(_ writer: inout FITMessageWriter, from start: UInt32, to end: UInt32) {
        writer.data(local: 4, [(UInt64(start), 4), (90, 1)], developerBytes: [0x12, 0x34])
        var time = start + 10
        while time < end {
            writer.compressedData(local: 1, timeOffset: UInt8(time & 0x1F), [(UInt64(100 + time % 60), 1)])
            time += 10
        }
    }

    static func fitTime(_ date: Date) -> UInt32 {
        UInt32(clamping: Int64(date.timeIntervalSince(epoch)))
    }
}
