/// Splits a chunked byte stream into RFC 4180 rows: quoted fields may hold commas, quotes ("") and newlines.
struct CSVRowSplitter {
    private var fields: [[UInt8]] = []
    private var field: [UInt8] = []
    private var inQuotes = false
    private var quotePending = false
    private var fieldStarted = false
    private var physicalLine = 1
    private var rowLine = 1

    /// True when the input ended inside a quoted field.
    var endsInsideQuotes: Bool { inQuotes && !quotePending }
    /// The line where the unfinished row starts.
    var pendingRowLine: Int { rowLine }

    /// Calls `body` with each complete row's raw fields and the line it starts on.
    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: ([[UInt8]], Int) throws(ImportFault) -> Void) throws(ImportFault) {
        for byte in chunk {
            if inQuotes {
                if quotePending {
                    quotePending = false
                    if byte == UInt8(ascii: "\"") {
                        field.append(byte)
                        continue
                    }
                    inQuotes = false
                } else {
                    if byte == UInt8(ascii: "\"") {
                        quotePending = true
                    } else {
                        if byte == 0x0A { physicalLine += 1 }
                        field.append(byte)
                    }
                    continue
                }
            }
            switch byte {
            case UInt8(ascii: ","):
                endField()
            case 0x0A:
                endField()
                try endRow(body)
                physicalLine += 1
                rowLine = physicalLine
            case UInt8(ascii: "\"") where !fieldStarted:
                inQuotes = true
                fieldStarted = true
            default:
                field.append(byte)
                fieldStarted = true
            }
        }
    }

    /// Hands out the last row when the input does not end with a newline.
    mutating func finish(_ body: ([[UInt8]], Int) throws(ImportFault) -> Void) throws(ImportFault) {
        if quotePending {
            quotePending = false
            inQuotes = false
        }
        guard !inQuotes, fieldStarted || !fields.isEmpty || !field.isEmpty else { return }
        endField()
        try endRow(body)
    }

    private mutating func endField() {
        fields.append(field)
        field.removeAll(keepingCapacity: true)
        fieldStarted = false
    }

    private mutating func endRow(_ body: ([[UInt8]], Int) throws(ImportFault) -> Void) throws(ImportFault) {
        if var last = fields.last, last.last == 0x0D {
            last.removeLast()
            fields[fields.count - 1] = last
        }
        let row = fields
        fields.removeAll(keepingCapacity: true)
        try body(row, rowLine)
    }
}
