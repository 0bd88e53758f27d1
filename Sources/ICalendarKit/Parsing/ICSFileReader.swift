import Foundation

/// Reads one file from disk and parses it; never throws, the outcome says what happened.
enum ICSFileReader {
    static func read(path: String) -> Result<ParsedFile, CalendarError> {
        let data: Data
        switch VdirFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let error): return .failure(error)
        }
        if let text = String(data: data, encoding: .utf8) {
            return ICSParser.parse(text: text, path: path)
        }
        guard let latin = String(data: data, encoding: .isoLatin1) else {
            return .failure(.malformed(path: path, reason: "text is neither UTF-8 nor Latin-1"))
        }
        return ICSParser.parse(text: latin, path: path).map { parsed in
            var withNote = parsed
            withNote.issues.append(ParseIssue(file: path, line: nil, component: nil, message: "not UTF-8; read as Latin-1"))
            return withNote
        }
    }
}
