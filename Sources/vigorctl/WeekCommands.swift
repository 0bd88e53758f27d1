import ArgumentParser
import CivilCalendar
import SafeFiles
import VigorRPC

struct WeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week", abstract: "The weekly value receipt: what the Ghost planned, what you did, what it saved you.",
        discussion: """
            Built every Sunday evening (or now with `vigorctl cycle weekly`). --clean prints the shareable receipt: \
            achievements and week dots, no numbers at all; --svg / --png write it as a square image.
            """)
    @Flag(name: .long, help: "No numbers at all: \"4 weeks strong · On track  ●●·○●··\".") var clean = false
    @Option(name: .long, help: "With --clean: write the receipt as an SVG image to this file.") var svg: String?
    @Option(name: .long, help: "With --clean: write it as a PNG image (needs rsvg-convert, Debian package librsvg2-bin).") var png: String?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if !clean, svg != nil || png != nil { throw ValidationError("--svg and --png write the clean receipt: add --clean") }
    }

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(WeeklyReceiptMethod.self, .init()) }
        if connection.json { return try JSONOutput.print(result) }
        guard let receipt = result.receipt else {
            if svg != nil || png != nil {
                throw CommandFailure(.failed, "no weekly receipt yet to draw: the first comes on Sunday evening (or run `vigorctl cycle weekly`)")
            }
            print("No weekly receipt yet: the first comes on Sunday evening (or run `vigorctl cycle weekly`).")
            print("Where you start from: vigorctl absolution")
            return
        }
        if clean { return try writeClean(receipt) }
        let trust = receipt.trustChange.map { " (\(TextFormat.fixed($0 * 100, places: 0, signed: true)) points this week)" } ?? ""
        var lines = [
            // The dots of the receipt vigord sends (`●` done, `○` planned and not done, `·` nothing planned).
            "Week of \(DayText.label(iso: receipt.weekStart))   \(receipt.cleanDots)",
        ]
        if receipt.beforeGhost == true {
            lines.append("  before     this week began before vigord was set up: shown, not counted in the streak")
        }
        if let asked = receipt.asked {
            lines.append("  asked      \(receipt.completed + receipt.unplannedWorkouts) workout(s) done of the \(asked) you asked for")
        }
        lines += [
            "  sessions   \(receipt.completed) done of \(receipt.scheduled) planned; \(receipt.missed) missed, \(receipt.removed) removed, "
                + "\(receipt.moved) moved, \(receipt.transformed) changed by the morning rules; \(receipt.unplannedWorkouts) on your own",
            "  saved      about \(receipt.planningMinutesSaved) minutes of planning",
            "  trust      \(Percent.text(receipt.trustScore))\(trust), \(KebabName.kebab(receipt.trustPhase))",
            "  streak     \(receipt.strongWeeks) strong week(s) in a row",
        ]
        lines += receipt.patterns.map { "  pattern    \($0)" }
        print(lines.joined(separator: "\n"))
    }

    /// Prints the clean line, or writes the images asked for.
    private func writeClean(_ receipt: WeeklyReceiptView) throws {
        guard svg != nil || png != nil else { return print(receipt.clean) }
        let image = Array(CleanReceiptSVG(achievements: receipt.cleanAchievements, dots: receipt.cleanDots).document.utf8)
        do {
            if let svg {
                try AtomicFile.write(image, to: svg)
                CallFailure.printError("wrote the clean receipt to \(svg)")
            }
            if let png {
                try AtomicFile.write(try SVGRasterizer.png(from: image), to: png)
                CallFailure.printError("wrote the clean receipt to \(png)")
            }
        } catch {
            throw CommandFailure(.failed, "\(error)")
        }
    }
}

struct AbsolutionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "absolution", abstract: "What held you back before the Ghost, from your calendars and health data, with the numbers.")
    @Option(name: .long, help: "Days to look back, \(AbsolutionMethod.days.bounds.lowerBound)-\(AbsolutionMethod.days.bounds.upperBound).") var days = AbsolutionMethod.days.defaultValue
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard AbsolutionMethod.days.allows(days) else { throw ValidationError("--days must be \(AbsolutionMethod.days.allowed)") }
    }

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(AbsolutionMethod.self, .init(days: days)) }
        if connection.json { return try JSONOutput.print(result) }
        guard let absolution = result.absolution else { return print("Not yet: \(result.reason ?? "not enough history").") }
        print(absolution.text)
    }
}
