import Foundation

/// Renders a `ShadowEvent` as a one-event iCalendar file that says only "busy": CLASS:PRIVATE, TRANSP:OPAQUE, no
/// description, location, alarm or X-VIGOR-* property. The PRODID marks the file as vigord's.
enum ShadowICSRenderer {
    static let productID = "-//vigord//Busy time 1.0//EN"

    static func render(_ event: ShadowEvent) -> String {
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productID, "CALSCALE:GREGORIAN", "BEGIN:VEVENT"]
            + BlockICSRenderer.identityLines(event.identity)
            + [
                "DTSTART:" + BlockICSRenderer.utcStamp(event.start),
                "DTEND:" + BlockICSRenderer.utcStamp(event.end),
                "SUMMARY:" + BlockICSRenderer.escape(event.summary),
                "CLASS:PRIVATE",
                "TRANSP:OPAQUE",
                "STATUS:CONFIRMED",
                "END:VEVENT",
                "END:VCALENDAR",
            ]
        return lines.map(BlockICSRenderer.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// Whether `text` is a file this renderer wrote.
    static func isOurs(_ text: String) -> Bool {
        text.contains("\r\nPRODID:" + productID + "\r\n")
    }
}
