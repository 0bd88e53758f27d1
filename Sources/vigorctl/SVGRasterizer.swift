#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Turns an SVG into PNG with `rsvg-convert` (librsvg) from PATH: vigorctl draws no pixels itself.
enum SVGRasterizer {
    /// Why no PNG came out, in words.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The PNG of `svg`, at the SVG's own size. The SVG, the PNG and rsvg-convert's messages pass through
    /// files in a private scratch folder, so no pipe can stall either side.
    static func png(from svg: [UInt8]) throws -> [UInt8] {
        let searched = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let candidates: [String] = searched.map { "\($0)/rsvg-convert" }
        guard let tool = candidates.first(where: { (path: String) in access(path, X_OK) == 0 }) else {
            throw Failure(description: "--png needs rsvg-convert (Debian package librsvg2-bin); --svg works without it")
        }
        let scratch = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(scratch)/vigorctl-png-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "cannot make a scratch folder: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        let input = folder + "/in.svg", output = folder + "/out.png", messages = folder + "/messages"
        defer {
            for file in [input, output, messages] { unlink(file) }
            rmdir(folder)
        }
        try Data(svg).write(to: URL(fileURLWithPath: input))
        let status = try run(tool, ["--format", "png", "--output", output, input], messagesTo: messages)
        let png = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        guard status == 0, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            let message = (try? Data(contentsOf: URL(fileURLWithPath: messages))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw Failure(description: "rsvg-convert failed (status \(status)): \(message)")
        }
        return Array(png)
    }

    /// Runs `tool` with stdin from /dev/null and stdout and stderr into `messages`; its exit status.
    private static func run(_ tool: String, _ arguments: [String], messagesTo messages: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        _ = "/dev/null".withCString { posix_spawn_file_actions_addopen(&actions, 0, $0, O_RDONLY, 0) }
        _ = messages.withCString { posix_spawn_file_actions_addopen(&actions, 1, $0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, tool, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(tool): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "cannot wait for \(tool): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
