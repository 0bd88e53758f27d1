import Foundation
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
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var status = 0
        private var headers: [String: String] = [:]
        private var body = Data()
        private var outcome: Reply?

        init(maxBodyBytes: Int) {
            self.maxBodyBytes = maxBodyBytes
        }

        func wait(timeout: TimeInterval) -> Reply? {
            guard done.wait(timeout: .now() + timeout) == .success else { return nil }
            lock.lock()
            defer { lock.unlock() }
            return outcome
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
            lock.lock()
            status = http.statusCode
            headers = fields
            lock.unlock()
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.lock()
            let over = outcome == nil && body.count + data.count > maxBodyBytes
            if outcome == nil && !over { body.append(data) }
            lock.unlock()
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
            lock.lock()
            let reply = Reply.success(status: status, headers: headers, body: body)
            lock.unlock()
            finish(reply)
        }

        private func finish(_ reply: Reply) {
            lock.lock()
            let first = outcome == nil
            if first {
                outcome = reply
                body = Data()
            }
            lock.unlock()
            if first { done.signal() }
        }
    }
}
