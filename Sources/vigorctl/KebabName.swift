/// Enum values on the command line are kebab-case (`auto-scheduler`); the wire keeps the API's camelCase
/// (`autoScheduler`), which the command line still accepts.
enum KebabName {
    /// `autoScheduler` → `auto-scheduler`.
    static func kebab(_ camel: String) -> String {
        var result = ""
        for character in camel {
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The camelCase name among `names` that `typed` spells, in either form and any letter case; nil for none.
    static func match(_ typed: String, in names: [String]) -> String? {
        let wanted = typed.lowercased()
        return names.first { $0.lowercased() == wanted || kebab($0) == wanted }
    }
}
