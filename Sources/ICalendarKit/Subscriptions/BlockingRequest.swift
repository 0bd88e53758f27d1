import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A synchronous HTTP GET on URLSession (the service's calls are synchronous) that reads the body as it
/// arrives and stops at `maxBodyBytes`: an oversized or endless response is cut off at the limit instead of
/// being held in memory until it ends. An error status returns at once, without its body.
enum BlockingRequest {
    enum Reply: Sendable, Equatable {
        case success(status: Int, headers: [String: String], body: Data)
        /// The body (or its announced Content-Length) passed the limit; nothing of it is kept.
        case tooLarge
        case failure(String)
    }

    static func send(_ request: URLRequest, timeout: TimeInterval, maxBodyBytes: Int) -> Reply {
        let download = StreamingDownload(maxBodyBytes: maxBodyBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        let task = session.dataTask(with: request)
        task.resume()
        guard let reply = download.wait(timeout: timeout) else {
            task.cancel()
            session.invalidateAndCancel()
            return .failure("timed out after \(Int(timeout)) s")
        }
        // The delegate holds no reference back; cancelling ends a task cut short at the limit.
        session.invalidateAndCancel()
        return reply
    }

    /// Collects one response; the first outcome (a reply, the limit, an error) wins and later callbacks are ignored.
    private final class StreamingDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let maxBodyBytes: Int
        private struct Progress {
            var status = 0
            var headers: [String: String] = [:]
            var body = Data()
            var outcome: Reply?
        }

        private let progress = Mutex(Progress())
        private let done = DispatchSemaphore(value: 0)

        init(maxBodyBytes: Int) {
            self.maxBodyBytes = maxBodyBytes
        }

        func wait(timeout: TimeInterval) -> Reply? {
            guard done.wait(timeout: .now() + timeout) == .success else { return nil }
            return progress.withLock { $0.outcome }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            guard let http = response as? HTTPURLResponse else {
                finish(.failure("not an HTTP response"))
                completionHandler(.cancel)
                return
            }
            var fields: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                fields[String(describing: key).lowercased()] = String(describing: value)
            }
            guard (200..<300).contains(http.statusCode) else {
                finish(.success(status: http.statusCode, headers: fields, body: Data()))
                completionHandler(.cancel)
                return
            }
            if http.expectedContentLength > Int64(maxBodyBytes) {
                finish(.tooLarge)
                completionHandler(.cancel)
                return
            }
            progress.withLock {
                $0.status = http.statusCode
                $0.headers = fields
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = progress.withLock { progress -> Bool in
                let over = progress.outcome == nil && progress.body.count + data.count > maxBodyBytes
                if progress.outcome == nil && !over { progress.body.append(data) }
                return over
            }
            if over {
                finish(.tooLarge)
                dataTask.cancel()
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let error {
                finish(.failure(error.localizedDescription))
                return
            }
            finish(progress.withLock { Reply.success(status: $0.status, headers: $0.headers, body: $0.body) })
        }

        private func finish(_ reply: Reply) {
            let first = progress.withLock { progress -> Bool in
                guard progress.outcome == nil else { return false }
                progress.outcome = reply
                progress.body = Data()
                return true
            }
            if first { done.signal() }
        }
    }
}
