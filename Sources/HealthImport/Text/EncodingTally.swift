/// Counts data lines and lines that are not UTF-8, to tell a few bad lines from a file in another encoding.
struct EncodingTally {
    private(set) var dataLines = 0
    private(set) var badLines = 0

    mutating func countLine(valid: Bool) {
        dataLines += 1
        if !valid { badLines += 1 }
    }

    /// Throws when most data lines were not UTF-8 (e.g. a Latin-1 file); a few bad lines are only skipped.
    func check() throws(ImportFault) {
        guard badLines > 0, badLines * 2 > dataLines else { return }
        throw ImportFault(
            kind: .unsupportedEncoding, line: nil,
            message: "\(badLines) of \(dataLines) lines are not UTF-8; save the file as UTF-8, or convert it with: iconv -f LATIN1 -t UTF-8 in.csv > out.csv")
    }
}
