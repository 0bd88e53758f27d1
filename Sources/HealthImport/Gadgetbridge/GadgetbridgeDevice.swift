/// A row of Gadgetbridge's `DEVICE` table: the name its records carry as their source, and whether it is
/// a first-generation Mi Band (whose samples code sleep differently from later Huami bands).
struct GadgetbridgeDevice: Equatable {
    let name: String
    let isFirstMiBand: Bool

    /// The source of records from a `DEVICE_ID` the table does not list.
    static func unlisted(_ id: Int64) -> GadgetbridgeDevice {
        GadgetbridgeDevice(name: "Gadgetbridge device \(id)", isFirstMiBand: false)
    }

    /// Reads every device: `ALIAS` (when set) or `NAME`; the model from `TYPE_NAME`, or the older numeric `TYPE`
    /// (10 is `MIBAND`).
    static func readAll(from database: SQLiteDatabase) throws(ImportFault) -> [Int64: GadgetbridgeDevice] {
        let columns = try database.columnNames(of: "DEVICE")
        guard columns.contains("_ID"), columns.contains("NAME") else {
            throw ImportFault(
                kind: .unknownFormat, line: nil,
                message: "the DEVICE table has no _id or NAME column: this is not a Gadgetbridge database")
        }
        let alias = columns.contains("ALIAS") ? "ALIAS" : "NULL"
        let typeName = columns.contains("TYPE_NAME") ? "TYPE_NAME" : "NULL"
        let type = columns.contains("TYPE") ? "TYPE" : "NULL"
        let statement = try database.prepare("SELECT _id, NAME, \(alias), \(typeName), \(type) FROM DEVICE")
        var devices: [Int64: GadgetbridgeDevice] = [:]
        while try statement.step() {
            guard let id = statement.int64(0) else { continue }
            let name = [statement.text(2), statement.text(1)].compactMap { $0?.trimmingSpaces }.first { !$0.isEmpty }
            let firstMiBand = statement.text(3).map { $0 == "MIBAND" } ?? (statement.int64(4) == 10)
            devices[id] = GadgetbridgeDevice(name: name ?? unlisted(id).name, isFirstMiBand: firstMiBand)
        }
        return devices
    }
}
