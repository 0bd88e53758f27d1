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
        guard let tool = ProgramRun.find("rsvg-convert") else {
            throw Failure(description: "--png needs rsvg-convert (Debian package librsvg2-bin); --svg works without it")
        }
        let scratch = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(scratch)/vigorctl-png-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "cannot make a scratch folder: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        let input = folder + "/in.svg", output = folder + "/out.png"
        defer {
            for file in [input, output] { unlink(file) }
            rmdir(folder)
        }
        try Data(svg).write(to: URL(fileURLWithPath: input))
        let run: ProgramRun.Outcome
        do {
            run = try ProgramRun.run(tool, ["--format", "png", "--output", output, input])
        } catch {
            throw Failure(description: error.description)
        }
        let png = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        guard run.status == 0, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw Failure(description: "rsvg-convert failed (status \(run.status)): \(run.output)")
        }
        return Array(png)
    }
}
