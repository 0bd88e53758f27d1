/// The clean weekly receipt as a shareable SVG image: a dark gradient (black to #1a1a2e), the achievements in
/// white, one circle per day and a small "vigor" wordmark at half opacity. Text carries no digits: the
/// achievements and dots come from the daemon's clean receipt, the day initials are letters.
struct CleanReceiptSVG {
    /// Achievements, e.g. "4 weeks strong", "On track".
    let achievements: [String]
    /// Monday first: `●` done, `○` planned and not done, anything else nothing planned.
    let dots: String

    /// Side of the square image, in pixels.
    static let size = 1080
    private static let dayInitials = ["M", "T", "W", "T", "F", "S", "S"]

    /// The SVG document.
    var document: String {
        let size = Self.size
        var body: [String] = [
            ##"<?xml version="1.0" encoding="UTF-8"?>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(size)" height="\##(size)" viewBox="0 0 \##(size) \##(size)">"##,
            ##"<defs><linearGradient id="background" x1="0" y1="0" x2="0" y2="1">"##
                + ##"<stop offset="0" stop-color="#000000"/><stop offset="1" stop-color="#1a1a2e"/></linearGradient></defs>"##,
            ##"<rect width="\##(size)" height="\##(size)" fill="url(#background)"/>"##,
            ##"<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#ffffff" text-anchor="middle">"##,
            ##"<text x="540" y="200" font-size="40" fill-opacity="0.7">This week</text>"##,
        ]
        let lineHeight = 84
        let firstLine = 330
        for (index, achievement) in achievements.prefix(4).enumerated() {
            let weight = index == 0 ? "bold" : "normal"
            let fontSize = index == 0 ? 76 : 60
            body.append(
                ##"<text x="540" y="\##(firstLine + index * lineHeight)" font-size="\##(fontSize)" font-weight="\##(weight)">"##
                    + Self.escaped(achievement) + "</text>")
        }
        body.append("</g>")
        body += circles()
        body.append(
            ##"<text x="1000" y="1010" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="36" "##
                + ##"fill="#ffffff" fill-opacity="0.5" text-anchor="end">vigor</text>"##)
        body.append("</svg>")
        return body.joined(separator: "\n") + "\n"
    }

    /// Seven circles with the day initials under them: filled when done, a ring when planned and not done,
    /// a faint small circle when nothing was planned.
    private func circles() -> [String] {
        let marks = Array(dots.prefix(7)) + Array(repeating: Character("·"), count: max(0, 7 - dots.count))
        let spacing = 120, first = 540 - 3 * 120, y = 760
        var shapes: [String] = []
        for (index, mark) in marks.enumerated() {
            let x = first + index * spacing
            switch mark {
            case "●": shapes.append(##"<circle cx="\##(x)" cy="\##(y)" r="36" fill="#ffffff"/>"##)
            case "○":
                shapes.append(##"<circle cx="\##(x)" cy="\##(y)" r="33" fill="none" stroke="#ffffff" stroke-width="6"/>"##)
            default: shapes.append(##"<circle cx="\##(x)" cy="\##(y)" r="12" fill="#ffffff" fill-opacity="0.3"/>"##)
            }
            shapes.append(
                ##"<text x="\##(x)" y="\##(y + 90)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="30" "##
                    + ##"fill="#ffffff" fill-opacity="0.6" text-anchor="middle">\##(Self.dayInitials[index])</text>"##)
        }
        return shapes
    }

    /// `text` safe inside an XML element.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
