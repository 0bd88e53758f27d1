/// The configuration read by vigord's own checker (`vigord --check-config`) before setup puts it in place.
enum ConfigCheck {
    /// True when vigord accepts the file at `path`; false (with vigord's words printed) when it refuses it. Without a
    /// vigord beside vigorctl or on `$PATH` the check is skipped, and setup says so.
    static func passes(_ path: String, shownAs shown: String) throws(CommandFailure) -> Bool {
        guard let vigord = ProgramRun.find("vigord") else {
            print("note: vigord is not installed beside vigorctl or on PATH, so the configuration was not checked.")
            return true
        }
        let outcome: ProgramRun.Outcome
        do {
            outcome = try ProgramRun.run(vigord, ["--check-config", "--config", path])
        } catch {
            throw CommandFailure(.failed, error.description)
        }
        if outcome.status == 0 {
            print("vigord --check-config: the configuration is valid.")
            // What vigord keeps but does not understand (an injury it has no word for) is said, not hidden.
            for line in outcome.output.split(separator: "\n") where line.contains("note: ") {
                print("  " + line.replacing("vigord: ", with: ""))
            }
            return true
        }
        print("vigord refuses the configuration setup made (exit \(outcome.status)); \(shown) was not changed:")
        print(outcome.output.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        throw CommandFailure(.failed, "the configuration did not pass vigord --check-config")
    }
}
