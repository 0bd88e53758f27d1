/// The difference between two texts, line by line (longest common subsequence): `-` old, `+` new, `  ` kept.
/// Configuration files are small, so the quadratic table is fine.
enum LineDiff {
    static func lines(from old: String, to new: String) -> [String] {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [String] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append("  " + a[i])
                i += 1
                j += 1
            } else if j < b.count, i == a.count || table[i][j + 1] >= table[i + 1][j] {
                result.append("+ " + b[j])
                j += 1
            } else {
                result.append("- " + a[i])
                i += 1
            }
        }
        return result
    }
}
