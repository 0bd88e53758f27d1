/// A definition message: how the data messages of one local type are laid out.
struct FITDefinition {
    /// One field: its number in the global message, its size in bytes and where it starts in the data message.
    struct Field {
        let number: UInt8
        let size: Int
        let offset: Int
    }

    let globalNumber: UInt16
    let bigEndian: Bool
    let fields: [Field]
    /// Bytes of a data message after its header: the fields, then any developer fields (skipped).
    let dataSize: Int

    /// The field with this number, if the definition has one.
    func field(_ number: UInt8) -> Field? {
        fields.first { $0.number == number }
    }
}
