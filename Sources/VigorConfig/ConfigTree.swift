import TOMLKit

/// A parsed TOML document as plain Swift values, so validation needs no C++ handles.
indirect enum ConfigTree: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case array([ConfigTree])
    case table([String: ConfigTree])
    /// A date or time: valid TOML, but no vigord key takes one.
    case other(String)

    /// Parses TOML text; a syntax error names its line.
    static func parse(_ text: String, file: String) throws(ConfigError) -> [String: ConfigTree] {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, message: "TOML syntax error: \(error.description)")
        } catch {
            throw ConfigError(file: file, message: "TOML syntax error: \(error)")
        }
        return convert(table)
    }

    private static func convert(_ table: TOMLTable) -> [String: ConfigTree] {
        var members: [String: ConfigTree] = [:]
        for key in table.keys {
            if let value = table[key] { members[key] = convert(value) }
        }
        return members
    }

    private static func convert(_ value: any TOMLValueConvertible) -> ConfigTree {
        switch value.type {
        case .string: return .string(value.string ?? "")
        case .int: return .integer(value.int ?? 0)
        case .double: return .double(value.double ?? 0)
        case .bool: return .bool(value.bool ?? false)
        case .table: return .table(value.table.map(convert) ?? [:])
        case .array: return .array(value.array.map { $0.map(convert) } ?? [])
        default: return .other("\(value.type)")
        }
    }

    /// The type name used in messages: "a string", "an integer", …
    var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .double: "a floating-point number"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .other(let name): "a \(name)"
        }
    }
}
