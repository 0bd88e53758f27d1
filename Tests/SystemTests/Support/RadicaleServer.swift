import CHTTP
import Foundation
import TestPrograms
#if canImport(Glibc)
import Glibc
#endif

/// A throw-away Radicale (the CalDAV server Debian packages) on 127.0.0.1: a free port, one user with a random
/// password, its own storage folder; stopped when the value goes.
final class RadicaleServer {
    let user = "ana"
    let password = UUID().uuidString
    let port: Int
    private var process: ChildProcess?
    private let logPath: String

    /// `http://127.0.0.1:PORT/`.
    var root: String { "http://127.0.0.1:\(port)/" }

    /// Starts Radicale with its files under `folder` and waits (at most 120 s, a loaded machine) until it answers.
    /// Everything here blocks the calling thread and needs no other.
    init(folder: String, executable: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/collections", withIntermediateDirectories: true)
        port = try freeLoopbackPort()
        try "\(user):\(password)\n".write(toFile: folder + "/users", atomically: true, encoding: .utf8)
        try """
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = htpasswd
            htpasswd_filename = \(folder)/users
            htpasswd_encryption = plain
            [storage]
            filesystem_folder = \(folder)/collections
            [rights]
            type = owner_only
            [logging]
            level = info

            """.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
        logPath = folder + "/radicale.log"
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else { throw CalDAVError.server("cannot create \(logPath)") }
        // Its log goes through a pipe, copied to the log file as it comes, so the start is an event: the
        // "Radicale server ready" line, or the end of the log when Radicale exits.
        let logFile = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        let output = Pipe()
        let started = DispatchSemaphore(value: 0)
        let process = try ChildProcess(
            executable: executable, arguments: ["--config", folder + "/config"],
            environment: ["HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
            standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor), standardError: .standardOutput,
            newProcessGroup: true)
        self.process = process
        try output.fileHandleForWriting.close()
        // A thread of its own reads the pipe with blocking reads: no dispatch read source (`readabilityHandler`),
        // whose setup and teardown on several threads can crash libdispatch's manager thread on Linux.
        let reading = output.fileHandleForReading
        Thread.detachNewThread {
            while true {
                let data = reading.availableData
                guard !data.isEmpty else {
                    started.signal()  // Radicale closed its log: it exited
                    return
                }
                logFile.write(data)
                if String(decoding: data, as: UTF8.self).contains("Radicale server ready") { started.signal() }
            }
        }
        guard started.wait(timeout: .now() + 120) == .success else {
            throw CalDAVError.server("radicale did not start within 120 s: \(log)")
        }
        guard process.isRunning, try request("PROPFIND", "/\(user)/", headers: ["Depth": "0"]).status == 207 else {
            throw CalDAVError.server("radicale is not serving: \(log)")
        }
    }

    deinit {
        // Its storage is thrown away with the test, so there is nothing to shut down gracefully.
        process?.signal(SIGKILL)
        process?.waitForExit()
    }

    var log: String {
        do {
            return try String(contentsOfFile: logPath, encoding: .utf8)
        } catch {
            return "(cannot read \(logPath): \(error))"
        }
    }

    /// One authenticated request (at most 60 s); the status and the body as text. Through libcurl on this thread
    /// (vigord's `CHTTP`), not URLSession, whose dispatch sources can crash the test process on Linux.
    func request(_ method: String, _ path: String, body: String = "", headers: [String: String] = [:]) throws -> (status: Int, body: String) {
        var lines = ["Authorization: Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
        lines += headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let owned = lines.map { strdup($0) }
        defer { owned.forEach { free($0) } }
        var reply = vigor_http_reply()
        defer { vigor_http_reply_free(&reply) }
        let bytes = Array(body.utf8)
        let outcome = (owned.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { list in
            bytes.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { text in
                    vigor_http_request(
                        method, "http://127.0.0.1:\(port)" + path, list.baseAddress, bytes.isEmpty ? nil : text.baseAddress,
                        bytes.count, 60_000, 64 << 20, 0, &reply)
                }
            }
        }
        guard outcome == 0 else {
            throw CalDAVError.server("\(method) \(path): " + withUnsafeBytes(of: reply.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        let text = reply.body.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: reply.body_length), as: UTF8.self) } ?? ""
        return (reply.status, text)
    }

    /// Creates a calendar collection (`MKCALENDAR /ana/personal/`).
    func makeCalendar(_ name: String) throws {
        let status = try request("MKCALENDAR", "/\(user)/\(name)/").status
        guard status == 201 else { throw CalDAVError.server("MKCALENDAR \(name): HTTP \(status)") }
    }

    /// Stores an event as a phone would (`PUT /ana/personal/<name>.ics`).
    func put(_ ics: String, calendar: String, name: String) throws {
        let status = try request("PUT", "/\(user)/\(calendar)/\(name).ics", body: ics, headers: ["Content-Type": "text/calendar"]).status
        guard status == 201 || status == 204 else { throw CalDAVError.server("PUT \(name): HTTP \(status)") }
    }

    /// Deletes an item by its href, as a phone does when the user deletes the event.
    func delete(href: String) throws {
        let status = try request("DELETE", href).status
        guard status == 200 || status == 204 else { throw CalDAVError.server("DELETE \(href): HTTP \(status)") }
    }

    /// Every event of a calendar, through a CalDAV `REPORT` (calendar-query), with its href and its iCalendar text.
    func events(in calendar: String) throws -> [CalDAVItem] {
        let query = """
            <?xml version="1.0" encoding="utf-8" ?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop><D:getetag/><C:calendar-data/></D:prop>
              <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"/></C:comp-filter></C:filter>
            </C:calendar-query>
            """
        let (status, body) = try request(
            "REPORT", "/\(user)/\(calendar)/", body: query, headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"])
        guard status == 207 else { throw CalDAVError.server("REPORT \(calendar): HTTP \(status): \(body)") }
        return CalDAVItem.parse(multistatus: body)
    }

    /// A collection's `displayname` (PROPFIND).
    func displayName(of calendar: String) throws -> String? {
        let body = """
            <?xml version="1.0" encoding="utf-8" ?>
            <D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop></D:propfind>
            """
        let answer = try request("PROPFIND", "/\(user)/\(calendar)/", body: body, headers: ["Depth": "0"]).body
        return CalDAVItem.firstElement("displayname", in: answer)
    }
}

/// One event on the server: its href and its iCalendar text (lines unfolded).
struct CalDAVItem {
    var href: String
    var ics: String

    /// The value of the first `NAME:` or `NAME;…:` line.
    func property(_ name: String) -> String? {
        for line in ics.components(separatedBy: "\r\n") where line.hasPrefix(name + ":") || line.hasPrefix(name + ";") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return String(line[line.index(after: colon)...])
        }
        return nil
    }

    /// The responses of a multistatus body that carry calendar data.
    static func parse(multistatus body: String) -> [CalDAVItem] {
        body.components(separatedBy: "<response>").dropFirst().compactMap { response in
            guard let href = firstElement("href", in: response), let data = firstElement("calendar-data", in: response) else { return nil }
            let text = data.replacingOccurrences(of: "&#13;", with: "\r").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&amp;", with: "&")
            return CalDAVItem(href: href, ics: text.replacingOccurrences(of: "\r\n ", with: ""))
        }
    }

    /// The text of the first element with this local name (any namespace prefix).
    static func firstElement(_ name: String, in xml: String) -> String? {
        let open = "<(?:[A-Za-z0-9]+:)?\(name)>", close = "</(?:[A-Za-z0-9]+:)?\(name)>"
        guard let start = xml.range(of: open, options: .regularExpression),
              let end = xml.range(of: close, options: .regularExpression, range: start.upperBound..<xml.endIndex) else { return nil }
        return String(xml[start.upperBound..<end.lowerBound])
    }
}

enum CalDAVError: Error, CustomStringConvertible {
    case server(String)
    var description: String {
        switch self {
        case .server(let detail): detail
        }
    }
}
