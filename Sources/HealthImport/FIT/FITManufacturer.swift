/// The producer of a FIT file (`file_id.manufacturer`) as the records' source.
enum FITManufacturer {
    static func name(_ id: UInt16?) -> String {
        guard let id else { return "FIT file" }
        return names[id] ?? "FIT manufacturer \(id)"
    }

    private static let names: [UInt16: String] = [
        1: "Garmin", 32: "Wahoo", 255: "FIT development", 289: "Hammerhead", 294: "COROS",
    ]
}
