/// Push-based scanner for Apple Health `export.xml`: feed it chunks of any size (file or zip),
/// it keeps only the unfinished tail of the previous chunk, and adds records to a `RecordCollector`.
struct AppleHealthXMLParser {
    /// What an open element is to us.
    private enum Role: UInt8 {
        case root, record, workout, correlation, other
    }

    private var buffer: [UInt8] = []
    private var attributes = XMLAttributes()
    private var mapper = AppleRecordMapper()
    private var workout: PendingWorkout?
    private var stackNames: [UInt8] = []
    private var stackEnds: [Int] = []
    private var stackRoles: [Role] = []
    private var checkedEncoding = false
    private var rootSeen = false
    private var rootClosed = false
    /// Line number of `buffer[countedUpTo]`.
    private var line = 1
    private var countedUpTo = 0

    init() {
        buffer.reserveCapacity(1 << 20)
    }

    /// Scans `chunk` after whatever was left over from the previous one.
    mutating func feed(_ chunk: UnsafeRawBufferPointer, into collector: inout RecordCollector) throws(ImportFault) {
        buffer.append(contentsOf: chunk)
        try scanBuffer(into: &collector, final: false)
    }

    /// Ends the document: throws if it is truncated or never had a `<HealthData>` root.
    mutating func finish(into collector: inout RecordCollector) throws(ImportFault) {
        try scanBuffer(into: &collector, final: true)
        var bytes: [UInt8] = []
        swap(&bytes, &buffer)
        defer { swap(&bytes, &buffer) }
        let rest = bytes.firstIndex { !XMLBytes.isSpace($0) }
        try bytes.withBytes { (raw: UnsafeRawBufferPointer) throws(ImportFault) in
            if let rest {
                let lineOfRest = line + XMLBytes.countNewlines(raw, countedUpTo..<rest)
                throw ImportFault(
                    kind: .truncated, line: lineOfRest,
                    message: "the file ends inside \(Self.describeConstruct(raw, at: rest)): the export is truncated (\(collector.recordsRead) records read before it)")
            }
            let lastLine = line + XMLBytes.countNewlines(raw, countedUpTo..<raw.count)
            guard rootSeen else {
                throw ImportFault(kind: .malformed, line: lastLine, message: "no <HealthData> element: this is not an Apple Health export")
            }
            guard stackRoles.isEmpty else {
                let innermost = String(decoding: stackNames[(stackEnds.count > 1 ? stackEnds[stackEnds.count - 2] : 0)...], as: UTF8.self)
                let place = stackRoles.count == 1 ? "before </HealthData> closes" : "inside <\(innermost)>"
                throw ImportFault(
                    kind: .truncated, line: lastLine,
                    message: "the file ends \(place): the export is truncated (\(collector.recordsRead) records read before it)")
            }
        }
    }

    private mutating func scanBuffer(into collector: inout RecordCollector, final: Bool) throws(ImportFault) {
        if !checkedEncoding {
            guard buffer.count >= 4 || final else { return }
            try checkEncoding()
        }
        var bytes: [UInt8] = []
        swap(&bytes, &buffer)
        defer { swap(&bytes, &buffer) }
        let consumed = try bytes.withBytes { (raw: UnsafeRawBufferPointer) throws(ImportFault) -> Int in
            let consumed = try scan(raw, into: &collector)
            line += XMLBytes.countNewlines(raw, countedUpTo..<consumed)
            countedUpTo = 0
            return consumed
        }
        bytes.removeSubrange(0..<consumed)
    }

    private mutating func checkEncoding() throws(ImportFault) {
        checkedEncoding = true
        let head = Array(buffer.prefix(4))
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
            || head.starts(with: [0x3C, 0x00]) || head.starts(with: [0x00, 0x3C]) {
            throw ImportFault(
                kind: .unsupportedEncoding, line: nil,
                message: "the file is UTF-16; Apple writes UTF-8 — re-export it, or convert it with: iconv -f UTF-16 -t UTF-8 export.xml > export-utf8.xml")
        }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) {
            buffer.removeFirst(3)
        }
    }

    /// The line of byte `index` (indices only move forward while one buffer is scanned).
    private mutating func lineAt(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Int {
        if index > countedUpTo {
            line += XMLBytes.countNewlines(bytes, countedUpTo..<index)
            countedUpTo = index
        }
        return line
    }

    private mutating func malformed(_ message: String, at index: Int, _ bytes: UnsafeRawBufferPointer) -> ImportFault {
        ImportFault(kind: .malformed, line: lineAt(index, bytes), message: message)
    }

    /// Scans complete constructs; returns the index of the first byte not consumed (an unfinished construct).
    private mutating func scan(_ bytes: UnsafeRawBufferPointer, into collector: inout RecordCollector) throws(ImportFault) -> Int {
        let count = bytes.count
        var index = 0
        while true {
            guard let open = XMLBytes.find(UInt8(ascii: "<"), in: bytes, from: index, to: count) else { return count }
            index = open
            guard index + 1 < count else { return index }
            switch bytes[index + 1] {
            case UInt8(ascii: "/"):
                guard let close = XMLBytes.find(UInt8(ascii: ">"), in: bytes, from: index + 2, to: count) else { return index }
                try endElement(bytes, nameFrom: index + 2, to: close, at: index, into: &collector)
                index = close + 1
            case UInt8(ascii: "?"):
                guard let close = XMLBytes.find("?>", in: bytes, from: index + 2) else { return index }
                index = close + 2
            case UInt8(ascii: "!"):
                guard let next = try markupDeclarationEnd(bytes, at: index) else { return index }
                index = next
            default:
                switch XMLTagScanner.scan(bytes, at: index, attributes: &attributes) {
                case .needMore:
                    return index
                case .malformed(let message, let at):
                    throw malformed(message, at: at, bytes)
                case .tag(let name, let end, let selfClosing):
                    try startElement(bytes, name: name, selfClosing: selfClosing, at: index, into: &collector)
                    index = end
                }
            }
        }
    }

    /// End of a comment, CDATA section or DOCTYPE starting at `index`; nil when the buffer ends first.
    private mutating func markupDeclarationEnd(_ bytes: UnsafeRawBufferPointer, at index: Int) throws(ImportFault) -> Int? {
        let available = index..<bytes.count
        if XMLBytes.hasPrefix(bytes, available, "<!--") {
            return XMLBytes.find("-->", in: bytes, from: index + 4).map { $0 + 3 }
        }
        if XMLBytes.hasPrefix(bytes, available, "<![CDATA[") {
            return XMLBytes.find("]]>", in: bytes, from: index + 9).map { $0 + 3 }
        }
        if XMLBytes.hasPrefix(bytes, available, "<!DOCTYPE") {
            return doctypeEnd(bytes, from: index + 9)
        }
        let candidates: [StaticString] = ["<!--", "<![CDATA[", "<!DOCTYPE"]
        let couldStillMatch = candidates.contains { literal in
            available.count < literal.utf8CodeUnitCount
                && XMLBytes.slice(bytes, available).elementsEqual(
                    UnsafeBufferPointer(start: literal.utf8Start, count: available.count))
        }
        if couldStillMatch { return nil }
        throw malformed("expected a comment, CDATA section or DOCTYPE after '<!'", at: index, bytes)
    }

    /// Finds the `>` closing a DOCTYPE, skipping its internal subset (declarations, quoted strings, comments).
    private func doctypeEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        var depth = 0
        var quote: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: "<"), XMLBytes.hasPrefix(bytes, index..<bytes.count, "<!--") {
                guard let close = XMLBytes.find("-->", in: bytes, from: index + 4) else { return nil }
                index = close + 3
                continue
            } else if byte == UInt8(ascii: "<"), bytes.count - index < 4 {
                return nil
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    private mutating func startElement(
        _ bytes: UnsafeRawBufferPointer, name: Range<Int>, selfClosing: Bool, at index: Int,
        into collector: inout RecordCollector
    ) throws(ImportFault) {
        let role: Role
        switch stackRoles.last {
        case nil:
            guard !rootClosed else {
                throw malformed("unexpected <\(XMLBytes.text(bytes, name))> after </HealthData>", at: index, bytes)
            }
            guard XMLBytes.equals(bytes, name, "HealthData") else {
                throw malformed(
                    "expected <HealthData> as the root element but found <\(XMLBytes.text(bytes, name))>: this is not an Apple Health export",
                    at: index, bytes)
            }
            rootSeen = true
            rootClosed = selfClosing
            role = .root
        case .root:
            if XMLBytes.equals(bytes, name, "Record") {
                role = .record
                handle(mapper.mapRecord(attributes, bytes), at: index, bytes, into: &collector)
            } else if XMLBytes.equals(bytes, name, "Workout") {
                role = .workout
                workout = mapper.startWorkout(attributes, bytes, line: lineAt(index, bytes))
                if selfClosing { finishWorkout(into: &collector) }
            } else {
                role = XMLBytes.equals(bytes, name, "Correlation") ? .correlation : .other
                collector.ignore()
            }
        case .workout:
            role = .other
            if XMLBytes.equals(bytes, name, "WorkoutStatistics"), var pending = workout {
                mapper.applyStatistics(attributes, bytes, to: &pending)
                workout = pending
            }
        default:
            role = .other
        }
        if !selfClosing {
            stackNames.append(contentsOf: XMLBytes.slice(bytes, name))
            stackEnds.append(stackNames.count)
            stackRoles.append(role)
        }
    }

    private mutating func endElement(
        _ bytes: UnsafeRawBufferPointer, nameFrom start: Int, to end: Int, at index: Int,
        into collector: inout RecordCollector
    ) throws(ImportFault) {
        var nameEnd = end
        while nameEnd > start, XMLBytes.isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
        let name = start..<nameEnd
        guard let role = stackRoles.last, let top = stackEnds.last else {
            throw malformed("unexpected </\(XMLBytes.text(bytes, name))>: no element is open", at: index, bytes)
        }
        let topStart = stackEnds.count > 1 ? stackEnds[stackEnds.count - 2] : 0
        let matches = stackNames.withUnsafeBytes { names in
            XMLBytes.slice(names, topStart..<top).elementsEqual(XMLBytes.slice(bytes, name))
        }
        guard matches else {
            let expected = String(decoding: stackNames[topStart..<top], as: UTF8.self)
            throw malformed("expected </\(expected)> but found </\(XMLBytes.text(bytes, name))>", at: index, bytes)
        }
        stackNames.removeSubrange(topStart..<top)
        stackEnds.removeLast()
        stackRoles.removeLast()
        switch role {
        case .workout: finishWorkout(into: &collector)
        case .root: rootClosed = true
        default: break
        }
    }

    private mutating func finishWorkout(into collector: inout RecordCollector) {
        guard let pending = workout else { return }
        workout = nil
        collector.add(pending.finish(), line: pending.line)
    }

    private mutating func handle(
        _ outcome: AppleRecordMapper.Outcome, at index: Int, _ bytes: UnsafeRawBufferPointer,
        into collector: inout RecordCollector
    ) {
        if case .skipped = outcome {
            collector.add(outcome, line: lineAt(index, bytes))
        } else {
            collector.add(outcome, line: 0)
        }
    }

    /// "<Record>", "a comment", "the DOCTYPE" — what an unfinished construct at `index` is, for the truncation message.
    private static func describeConstruct(_ bytes: UnsafeRawBufferPointer, at index: Int) -> String {
        let rest = index..<bytes.count
        if XMLBytes.hasPrefix(bytes, rest, "<!--") { return "a comment" }
        if XMLBytes.hasPrefix(bytes, rest, "<!DOCTYPE") { return "the DOCTYPE" }
        if XMLBytes.hasPrefix(bytes, rest, "<?") { return "the XML declaration" }
        var nameStart = index + 1
        var prefix = "<"
        if nameStart < bytes.count, bytes[nameStart] == UInt8(ascii: "/") {
            nameStart += 1
            prefix = "</"
        }
        var nameEnd = nameStart
        while nameEnd < bytes.count, XMLTagScanner.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
        return "\(prefix)\(XMLBytes.text(bytes, nameStart..<nameEnd))>"
    }
}
