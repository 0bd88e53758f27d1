import Foundation
import Synchronization

/// Turns an SVG into PNG with `rsvg-convert` (librsvg) from PATH: vigorctl draws no pixels itself.
enum SVGRasterizer {
    /// Why no PNG came out, in words.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The PNG of `svg`, at the SVG's own size.
    static func png(from svg: Data) throws -> Data {
        let searched = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let tool = searched.map({ "\($0)/rsvg-convert" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "--png needs rsvg-convert (Debian package librsvg2-bin); --svg works without it")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // rsvg-convert reads the whole SVG (a few kilobytes, under a pipe's buffer) before it writes the PNG.
        input.fileHandleForWriting.write(svg)
        try input.fileHandleForWriting.close()
        // Both pipes are drained at once, so a chatty stderr cannot stall the PNG (or the PNG the stderr).
        let stderrData = Mutex(Data())
        let stderrRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            stderrData.withLock { $0 = data }
            stderrRead.signal()
        }
        let png = output.fileHandleForReading.readDataToEndOfFile()
        stderrRead.wait()
        let message = String(decoding: stderrData.withLock { $0 }, as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw Failure(description: "rsvg-convert failed (status \(process.terminationStatus)): \(message)")
        }
        return png
    }
}
