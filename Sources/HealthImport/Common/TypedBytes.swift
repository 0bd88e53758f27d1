extension Array where Element == UInt8 {
    /// `withUnsafeBytes` that keeps the typed `ImportFault` of its body.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(ImportFault) -> R) throws(ImportFault) -> R {
        let result: Result<R, ImportFault> = withUnsafeBytes { raw in
            Result { () throws(ImportFault) -> R in try body(raw) }
        }
        return try result.get()
    }
}
