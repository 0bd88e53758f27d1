/// The user's words for a health file's format, for the import summary; the wire's name when vigorctl does not know it.
enum HealthFormatName {
    private static let names = [
        "appleHealthZip": "Apple Health export", "appleHealthXML": "Apple Health export.xml", "jsonLines": "JSON Lines",
        "csv": "CSV", "gadgetbridge": "Gadgetbridge database", "fit": "FIT activity file",
        "healthAutoExport": "Health Auto Export JSON",
    ]

    static func text(_ format: String) -> String {
        names[format] ?? format
    }
}
