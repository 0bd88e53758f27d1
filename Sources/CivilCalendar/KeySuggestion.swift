/// Suggests the known key a typo was probably meant to be: the closest one within two edits, for a misspelt key in
/// the configuration file and in a request's params alike.
public enum KeySuggestion {
    public static func closest(to key: String, in candidates: Set<String>) -> String? {
        nearest(to: key, in: candidates, within: 2)
    }

    /// The candidate fewest edits away from `key` (ties: the first in order), however far; nil only for no candidates.
    public static func nearest(to key: String, in candidates: Set<String>, within limit: Int = .max) -> String? {
        let scored = candidates.map { ($0, distance(Array(key), Array($0))) }.filter { $0.1 <= limit }
        return scored.min { $0.1 == $1.1 ? $0.0 < $1.0 : $0.1 < $1.1 }?.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
