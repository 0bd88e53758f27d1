import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A synchronous HTTP request on URLSession (the service's calls are synchronous).
enum BlockingRequest {
    enum Reply: Sendable {
        case success(status: Int, headers: [String: String], body: Data)
        case failure(String)
    }

    private final class Box: @unchecked Sendable {
        var reply: Reply = .failure("no reply")
    }

    static func send(_ request: URLRequest, timeout: TimeInterval) -> Reply {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                box.reply = .failure(error.localizedDescription)
            } else if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (key, value) in http.allHeaderFields {
                    headers[String(describing: key).lowercased()] = String(describing: value)
                }
                box.reply = .success(status: http.statusCode, headers: headers, body: data ?? Data())
            } else {
                box.reply = .failure("not an HTTP response")
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            task.cancel()
            session.invalidateAndCancel()
            return .failure("timed out after \(Int(timeout)) s")
        }
        session.finishTasksAndInvalidate()
        return box.reply
    }
}
