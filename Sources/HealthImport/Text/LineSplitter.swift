/// Splits a chunked byte stream into lines (LF or CRLF), keeping only the unfinished last line between chunks.
struct LineSplitter {
    private var carry: [UInt8] = []
    /// 1-based number of the last line handed out.
    private(set) var lineNumber = 0

    /// Calls `body` with each complete line in `chunk` (without its line ending) and its 1-based number.
    mutating func feed(
        _ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) throws(ImportFault) -> Void
    ) throws(ImportFault) {
        var start = 0
        while let newline = chunk[start...].firstIndex(of: 0x0A) {
            if carry.isEmpty {
                try emit(UnsafeRawBufferPointer(rebasing: chunk[start..<newline]), body)
            } else {
                carry.append(contentsOf: chunk[start..<newline])
                let line = carry
                carry.removeAll(keepingCapacity: true)
                try line.withBytes { (raw: UnsafeRawBufferPointer) throws(ImportFault) in try emit(raw, body) }
            }
            start = newline + 1
        }
        carry.append(contentsOf: chunk[start...])
    }

    /// Hands out the last line when the input does not end with a newline.
    mutating func finish(_ body: (UnsafeRawBufferPointer, Int) throws(ImportFault) -> Void) throws(ImportFault) {
        guard !carry.isEmpty else { return }
        let line = carry
        carry.removeAll()
        try line.withBytes { (raw: UnsafeRawBufferPointer) throws(ImportFault) in try emit(raw, body) }
    }

    private mutating func emit(
        _ line: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) throws(ImportFault) -> Void
    ) throws(ImportFault) {
        lineNumber += 1
        var range = 0..<line.count
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
            range = 3..<line.count
        }
        if !range.isEmpty, line[range.upperBound - 1] == 0x0D {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        try body(UnsafeRawBufferPointer(rebasing: line[range]), lineNumber)
    }
}
