/// A fatal problem found by a parser, before the importer adds the file name and the summary.
struct ImportFault: Error {
    var kind: HealthImportError.Kind
    var line: Int?
    var message: String
}
