/// Walks the messages of one FIT file (header to CRC) and keeps what workouts need: the manufacturer from
/// `file_id` (0) and every `session` (18). Definitions may use either byte order; developer fields and
/// messages of other types are skipped by their declared sizes, so every message moves forward.
struct FITDecoder {
    private var definitions = [FITDefinition?](repeating: nil, count: 16)
    private var lastTimestamp: UInt32?
    private(set) var manufacturer: UInt16?
    private(set) var sessions: [FITSession] = []
    /// Messages read so far in the whole file (chained files included).
    private(set) var messageCount = 0

    static let fileIDMessage: UInt16 = 0
    static let sessionMessage: UInt16 = 18
    static let timestampField: UInt8 = 253

    /// Decodes the messages in `bytes[range]`. When the range ends inside a message, throws a `.truncated`
    /// fault naming the byte; what came before stays in `sessions`.
    mutating func decode(_ bytes: [UInt8], _ range: Range<Int>, fileEnds: Bool) throws(ImportFault) {
        var position = range.lowerBound
        while position < range.upperBound {
            let start = position
            let header = bytes[position]
            position += 1
            messageCount += 1
            if header & 0x80 != 0 {
                let local = Int(header >> 5 & 0x3)
                let offset = UInt32(header & 0x1F)
                guard let previous = lastTimestamp else {
                    throw fault(.malformed, "message \(messageCount) at byte \(start) has a compressed timestamp but no full timestamp came before it")
                }
                var time = previous & ~0x1F | offset
                if offset < previous & 0x1F { time &+= 0x20 }
                lastTimestamp = time
                position = try data(bytes, local: local, at: position, end: range.upperBound, start: start, time: time, fileEnds: fileEnds)
            } else if header & 0x40 != 0 {
                position = try definition(bytes, header: header, at: position, end: range.upperBound, start: start, fileEnds: fileEnds)
            } else {
                position = try data(bytes, local: Int(header & 0x0F), at: position, end: range.upperBound, start: start, time: nil, fileEnds: fileEnds)
            }
        }
    }

    private mutating func definition(
        _ bytes: [UInt8], header: UInt8, at position: Int, end: Int, start: Int, fileEnds: Bool
    ) throws(ImportFault) -> Int {
        var cursor = position
        guard end - cursor >= 5 else { throw cut(start, fileEnds) }
        let bigEndian: Bool
        switch bytes[cursor + 1] {
        case 0: bigEndian = false
        case 1: bigEndian = true
        default: throw fault(.malformed, "definition message \(messageCount) at byte \(start) names architecture \(bytes[cursor + 1]), not 0 or 1")
        }
        let global = UInt16(FITBytes.unsigned(bytes, at: cursor + 2, size: 2, bigEndian: bigEndian))
        let fieldCount = Int(bytes[cursor + 4])
        cursor += 5
        guard end - cursor >= fieldCount * 3 else { throw cut(start, fileEnds) }
        var fields: [FITDefinition.Field] = []
        fields.reserveCapacity(fieldCount)
        var size = 0
        for index in 0..<fieldCount {
            let fieldSize = Int(bytes[cursor + index * 3 + 1])
            guard fieldSize > 0 else {
                throw fault(.malformed, "definition message \(messageCount) at byte \(start) has a field of 0 bytes")
            }
            fields.append(FITDefinition.Field(number: bytes[cursor + index * 3], size: fieldSize, offset: size))
            size += fieldSize
        }
        cursor += fieldCount * 3
        if header & 0x20 != 0 {
            guard end - cursor >= 1 else { throw cut(start, fileEnds) }
            let developerCount = Int(bytes[cursor])
            cursor += 1
            guard end - cursor >= developerCount * 3 else { throw cut(start, fileEnds) }
            for index in 0..<developerCount {
                size += Int(bytes[cursor + index * 3 + 1])
            }
            cursor += developerCount * 3
        }
        definitions[Int(header & 0x0F)] = FITDefinition(globalNumber: global, bigEndian: bigEndian, fields: fields, dataSize: size)
        return cursor
    }

    private mutating func data(
        _ bytes: [UInt8], local: Int, at position: Int, end: Int, start: Int, time: UInt32?, fileEnds: Bool
    ) throws(ImportFault) -> Int {
        guard let definition = definitions[local] else {
            throw fault(.malformed, "data message \(messageCount) at byte \(start) uses local type \(local) before any definition of it")
        }
        guard end - position >= definition.dataSize else { throw cut(start, fileEnds) }
        let reader = FITFieldReader(bytes: bytes, base: position, definition: definition)
        if let stamp = reader.unsigned32(Self.timestampField) { lastTimestamp = stamp }
        switch definition.globalNumber {
        case Self.fileIDMessage:
            manufacturer = reader.unsigned16(1)
        case Self.sessionMessage:
            sessions.append(FITSession(
                startTime: reader.unsigned32(2), timestamp: reader.unsigned32(Self.timestampField) ?? time,
                totalElapsedMilliseconds: reader.unsigned32(7), totalTimerMilliseconds: reader.unsigned32(8),
                sport: reader.unsigned8(5), subSport: reader.unsigned8(6), totalCalories: reader.unsigned16(11),
                messageNumber: messageCount, byteOffset: start))
        default:
            break
        }
        return position + definition.dataSize
    }

    /// The message at `start` is cut off: the file ended (truncated) or the header's size was wrong (damaged).
    private func cut(_ start: Int, _ fileEnds: Bool) -> ImportFault {
        fileEnds
            ? fault(.truncated, "the file ends inside message \(messageCount) at byte \(start): the FIT file is truncated")
            : fault(.malformed, "message \(messageCount) at byte \(start) runs past the data size in the FIT header: the file is damaged")
    }

    private func fault(_ kind: HealthImportError.Kind, _ message: String) -> ImportFault {
        ImportFault(kind: kind, line: nil, message: message)
    }
}
