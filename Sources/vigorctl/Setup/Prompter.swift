#if canImport(Glibc)
import Glibc
#endif

/// Asks on the terminal: the question with its default in brackets; Enter (or the end of input) takes the default.
/// Under `--yes` nothing is asked and every default is taken. Counts the questions asked, each once however often it
/// is asked again after an answer it could not take (the choice of calendars is not one of them: it is part of finding
/// them).
final class Prompter {
    let assumeYes: Bool
    private(set) var asked = 0

    init(assumeYes: Bool) {
        self.assumeYes = assumeYes
    }

    /// The answer to `question`, or `fallback` on Enter, at the end of input or under `--yes`; `counted: false` for a
    /// question asked again.
    func ask(_ question: String, default fallback: String, counted: Bool = true) -> String {
        guard !assumeYes else { return fallback }
        if counted { asked += 1 }
        print("\(question) [\(fallback)] ", terminator: "")
        fflush(nil)
        let read = readLine(strippingNewline: true)
        // A terminal shows what was typed; an answer from a pipe or file is shown here, so each question keeps its line.
        if isatty(STDIN_FILENO) != 1 { print(read ?? "") }
        guard let line = read?.trimmingSpaces, !line.isEmpty else { return fallback }
        return line
    }

    /// Yes or no; `fallback` on Enter. Anything else is asked again (three times at most, then the default).
    func confirm(_ question: String, default fallback: Bool) -> Bool {
        if assumeYes { return true }
        let hint = fallback ? "Y/n" : "y/N"
        for attempt in 0..<3 {
            let answer = ask(question, default: hint, counted: attempt == 0)
            if answer == hint { return fallback }
            switch answer.lowercased() {
            case "y", "yes": return true
            case "n", "no": return false
            default: print("Please answer y or n.")
            }
        }
        return fallback
    }
}
