import Foundation
import FoundationXML
import TestPrograms
import Testing

/// `vigorctl week --clean` against a running vigord: no digit in the line or the image, the SVG well-formed, written
/// without following a planted link, and rendered by a real renderer (rsvg-convert) to the dark, high-contrast
/// picture the receipt describes.
@Suite(.removesScratchFolders)
struct CleanReceiptImageTests {
    private static let tools = ["rsvg-convert", "pngtopnm"]

    /// A daemon whose weekly cycle ran, and the socket arguments for vigorctl.
    private func daemonWithAReceipt(_ label: String) throws -> (DaemonHarness, [String]) {
        let daemon = try DaemonHarness(label: label)
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let cycle = try runCommand(Binaries.vigorctl, ["cycle", "weekly"] + socket)
        #expect(cycle.status == 0, "\(cycle.stderr)")
        return (daemon, socket)
    }

    @Test func theCleanLineCarriesNoDigit() throws {
        let (daemon, socket) = try daemonWithAReceipt("clean-line")
        defer { withExtendedLifetime(daemon) {} }
        let shown = try runCommand(Binaries.vigorctl, ["week", "--clean"] + socket)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stdout.isEmpty && shown.stdout.rangeOfCharacter(from: .decimalDigits) == nil, "\(shown.stdout)")
        #expect(shown.stdout.contains("·"))
    }

    @Test func theCleanSVGIsWellFormedWithoutDigitsAndReplacesAPlantedLinkWithoutFollowingIt() throws {
        let (daemon, socket) = try daemonWithAReceipt("clean-svg")
        defer { withExtendedLifetime(daemon) {} }
        let victim = daemon.folder + "/victim.txt"
        try "keep me".write(toFile: victim, atomically: true, encoding: .utf8)
        let image = daemon.folder + "/week.svg"
        try FileManager.default.createSymbolicLink(atPath: image, withDestinationPath: victim)
        let written = try runCommand(Binaries.vigorctl, ["week", "--clean", "--svg", image] + socket)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        let attributes = try FileManager.default.attributesOfItem(atPath: image)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: image), options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        let texts = try root.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.contains("vigor") && texts.contains("This week"), "\(texts)")
        #expect(texts.joined().rangeOfCharacter(from: .decimalDigits) == nil, "\(texts)")
        #expect(try root.nodes(forXPath: "//*[local-name()='circle']").count == 7)
    }

    @Test(.enabled(if: TestTools.runnable(tools), "needs \(TestTools.missing(tools)) (Scripts/bootstrap installs them)"))
    func theCleanSVGRendersAsADarkHighContrastSquare() throws {
        let (daemon, socket) = try daemonWithAReceipt("clean-render")
        defer { withExtendedLifetime(daemon) {} }
        let svg = daemon.folder + "/week.svg", png = daemon.folder + "/week.png"
        #expect(try runCommand(Binaries.vigorctl, ["week", "--clean", "--svg", svg] + socket).status == 0)
        let rendered = try runCommand(try #require(Binaries.tool("rsvg-convert")), ["--format", "png", "--output", png, svg])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let picture = try Pixmap(png: png)
        #expect(picture.width == 1080 && picture.height == 1080)
        let top = picture.pixel(x: 5, y: 5), bottom = picture.pixel(x: 5, y: 1075)
        #expect(top.r < 8 && top.g < 8 && top.b < 8, "top left \(top)")
        #expect(abs(bottom.r - 0x1a) < 8 && abs(bottom.g - 0x1a) < 8 && abs(bottom.b - 0x2e) < 8, "bottom left \(bottom)")
        var white = 0
        for y in stride(from: 0, to: picture.height, by: 2) {
            for x in stride(from: 0, to: picture.width, by: 2) where picture.pixel(x: x, y: y).r > 200 { white += 1 }
        }
        #expect(white > 500, "only \(white) bright pixels: the text and circles are missing")
    }

    @Test(.enabled(if: TestTools.runnable(["rsvg-convert"]), "needs rsvg-convert (Scripts/bootstrap installs it)"))
    func vigorctlWritesThePNGItselfWithRsvgConvert() throws {
        let (daemon, socket) = try daemonWithAReceipt("clean-png")
        defer { withExtendedLifetime(daemon) {} }
        let png = daemon.folder + "/week.png"
        let written = try runCommand(Binaries.vigorctl, ["week", "--clean", "--png", png] + socket)
        #expect(written.status == 0, "\(written.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1080 && height == 1080)
    }

    @Test func svgWithoutCleanIsRefused() throws {
        let refused = try runCommand(Binaries.vigorctl, ["week", "--svg", "/tmp/never.svg", "--socket", "/nonexistent/vigord.sock"])
        #expect(refused.status == 64 && refused.stderr.contains("add --clean"), "\(refused.stderr)")
    }
}

/// A PNG's pixels, read through netpbm's pngtopnm (binary PPM, 8 bits per channel).
private struct Pixmap {
    let width: Int
    let height: Int
    private let pixels: [UInt8]

    init(png path: String) throws {
        let tool = try #require(Binaries.tool("pngtopnm"))
        let ppm = path + ".ppm"
        let converted = try runCommand("/bin/sh", ["-c", "\"$0\" \"$1\" > \"$2\"", tool, path, ppm])
        guard converted.status == 0 else { throw PixmapError(description: "pngtopnm failed: \(converted.stderr)") }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ppm)))
        // Header: "P6" width height maxval, separated by whitespace, then one whitespace byte.
        var fields: [String] = [], index = 0, current = ""
        while fields.count < 4, index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
            index += 1
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255" else {
            throw PixmapError(description: "not an 8-bit PPM: \(fields)")
        }
        self.width = width
        self.height = height
        pixels = Array(bytes[index...])
        guard pixels.count >= width * height * 3 else { throw PixmapError(description: "short PPM: \(pixels.count) bytes") }
    }

    func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = (y * width + x) * 3
        return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
    }
}

private struct PixmapError: Error, CustomStringConvertible {
    let description: String
}
