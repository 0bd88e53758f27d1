/// A producer as it appears in the export (raw XML attribute text) and as an importer should decode it.
struct ExportSource {
    let rawName: StaticString
    let decodedName: String
    let version: StaticString
    let device: StaticString

    static let watch = ExportSource(
        rawName: "Tom’s Apple Watch", decodedName: "Tom’s Apple Watch", version: "10.2",
        device: "&lt;&lt;HKDevice: 0x2838e4a00&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.2, creation date:2023-12-12 08:02:11 +0000&gt;")
    static let phone = ExportSource(
        rawName: "Tom’s iPhone", decodedName: "Tom’s iPhone", version: "17.2.1",
        device: "&lt;&lt;HKDevice: 0x2838e6b20&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.2.1, creation date:2023-12-14 10:00:01 +0000&gt;")
    static let ring = ExportSource(
        rawName: "Oura &amp; Co", decodedName: "Oura & Co", version: "4.9", device: "")
}
