import Foundation
import Synchronization

/// What a subscription can offer right now: its last good copy on disk (if any), how old it
/// is, and why the latest download failed (if it did).
struct SubscriptionSnapshot: Sendable {
    var path: String?
    var ageSeconds: Int?
    var failure: CalendarError?
}

/// Downloads an http(s)/webcal calendar with conditional GET (ETag / Last-Modified), a timeout
/// and a size limit, and keeps the last good copy on disk so a network failure still answers.
final class SubscriptionFetcher: @unchecked Sendable {
    private struct Validators: Codable {
        var etag: String?
        var lastModified: String?
        var fetchedAt: Date
    }

    let name: String
    let url: URL
    private let settings: CalendarSettings
    private let copyPath: String
    private let metaPath: String
    /// When a download was last tried and how it failed (nil: it worked).
    private let attempts = Mutex<(last: Date?, failure: CalendarError?)>((nil, nil))

    init(name: String, url: URL, settings: CalendarSettings) {
        self.name = name
        self.url = Self.httpURL(for: url)
        self.settings = settings
        let directory = settings.subscriptionCacheDirectory
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("vigord-subscriptions")
        let safe = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
        copyPath = (directory as NSString).appendingPathComponent(String(safe) + ".ics")
        metaPath = (directory as NSString).appendingPathComponent(String(safe) + ".meta.json")
    }

    /// webcal:// and webcals:// are https:// by convention (Apple, Google and Outlook links).
    static func httpURL(for url: URL) -> URL {
        guard let scheme = url.scheme?.lowercased(), scheme == "webcal" || scheme == "webcals",
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.scheme = "https"
        return components.url ?? url
    }

    /// Downloads when the refresh interval has passed (blocking, up to the timeout).
    /// Concurrent callers do not download twice.
    func refreshIfDue(now: Date = Date()) {
        let due = attempts.withLock { attempts -> Bool in
            let due = attempts.last.map { now.timeIntervalSince($0) >= settings.refreshInterval } ?? true
            if due { attempts.last = now }
            return due
        }
        guard due else { return }
        let failure = download()
        attempts.withLock { $0.failure = failure }
    }

    /// The usable copy on disk, its age and the latest download failure (no network).
    func snapshot(now: Date = Date()) -> SubscriptionSnapshot {
        var (failure, tried) = attempts.withLock { ($0.failure, $0.last != nil) }
        let validators = readValidators()
        let hasCopy = FileManager.default.fileExists(atPath: copyPath)
        if !tried && !hasCopy {
            failure = .network(source: name, reason: "not downloaded yet")
        }
        return SubscriptionSnapshot(
            path: hasCopy ? copyPath : nil,
            ageSeconds: validators.map { max(0, Int(now.timeIntervalSince($0.fetchedAt))) },
            failure: failure)
    }

    private func download() -> CalendarError? {
        let old = readValidators()
        var headers: [String: String] = [:]
        if FileManager.default.fileExists(atPath: copyPath) {
            if let etag = old?.etag { headers["If-None-Match"] = etag }
            if let modified = old?.lastModified { headers["If-Modified-Since"] = modified }
        }
        let reply = BlockingRequest.get(url, headers: headers, timeout: settings.downloadTimeout, maxBodyBytes: settings.maxDownloadBytes)
        switch reply {
        case .failure(let reason):
            return .network(source: name, reason: reason)
        case .tooLarge:
            return .tooLarge(source: name, limit: settings.maxDownloadBytes)
        case .success(let status, let headers, let body):
            if status == 304 {
                return save(validators: Validators(etag: old?.etag, lastModified: old?.lastModified, fetchedAt: Date()))
            }
            guard (200..<300).contains(status) else {
                return .network(source: name, reason: "HTTP \(status) from \(url.absoluteString)")
            }
            do {
                try VdirFile.write(body, to: copyPath)
            } catch {
                return error
            }
            return save(validators: Validators(etag: headers["etag"], lastModified: headers["last-modified"], fetchedAt: Date()))
        }
    }

    private func readValidators() -> Validators? {
        guard let data = FileManager.default.contents(atPath: metaPath) else { return nil }
        do {
            return try JSONDecoder().decode(Validators.self, from: data)
        } catch {
            // A damaged validator file only costs one unconditional download; it is rewritten after it.
            return nil
        }
    }

    private func save(validators: Validators) -> CalendarError? {
        do {
            let data = try JSONEncoder().encode(validators)
            try VdirFile.write(data, to: metaPath)
            return nil
        } catch let error as CalendarError {
            return error
        } catch {
            return .writeFailed(path: metaPath, reason: "\(error)")
        }
    }
}
