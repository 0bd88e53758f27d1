import Foundation
import GhostEngine

extension PopulationReport {
    /// The share of users in each trust phase at the end of each day, as stacked areas (Observer at the bottom), in
    /// SVG written by hand: axes, day and percent ticks, a legend with each phase's median first day.
    public func phaseChartSVG() -> String {
        let width = 880.0, height = 400.0
        let left = 60.0, right = 300.0, top = 40.0, bottom = 50.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let colours = ["#c8c8c8", "#9ecae1", "#4292c6", "#2171b5", "#08306b"]
        let span = Double(max(days - 1, 1))
        func x(_ dayIndex: Int) -> Double { left + plotWidth * (days <= 1 ? 0.5 : Double(dayIndex) / span) }
        func y(_ share: Double) -> Double { top + plotHeight * (1 - share) }
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        var parts = [
            ##"<?xml version="1.0" encoding="UTF-8"?>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="sans-serif" font-size="12">"##,
            ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
            ##"<text x="\##(number(left))" y="24" font-size="15">Trust phase per day: \##(users) users, seed \##(seed)</text>"##,
        ]
        let totals = phaseCounts.map { max($0.reduce(0, +), 1) }
        var below = Array(repeating: 0.0, count: days)
        for (phaseIndex, phase) in TrustPhase.allCases.enumerated() {
            let above = (0..<days).map { below[$0] + Double(phaseCounts[$0][phaseIndex]) / Double(totals[$0]) }
            let upper = (0..<days).map { "\(number(x($0))),\(number(y(above[$0])))" }
            let lower = (0..<days).reversed().map { "\(number(x($0))),\(number(y(below[$0])))" }
            parts.append(##"<polygon points="\##((upper + lower).joined(separator: " "))" fill="\##(colours[phaseIndex])"><title>\##(phase.displayName)</title></polygon>"##)
            below = above
            let reach = phases.first { $0.phase == phase }
            let median = reach?.medianDay.map { String(format: "median first day %g", $0) } ?? "not reached"
            let legendY = top + 20 * Double(TrustPhase.allCases.count - 1 - phaseIndex)
            parts.append(##"<rect x="\##(number(width - right + 15))" y="\##(number(legendY))" width="12" height="12" fill="\##(colours[phaseIndex])"/>"##)
            parts.append(##"<text x="\##(number(width - right + 32))" y="\##(number(legendY + 10))">\##(phase.displayName) (\##(median))</text>"##)
        }
        parts.append(##"<line x1="\##(number(left))" y1="\##(number(y(0)))" x2="\##(number(left + plotWidth))" y2="\##(number(y(0)))" stroke="#000"/>"##)
        parts.append(##"<line x1="\##(number(left))" y1="\##(number(y(0)))" x2="\##(number(left))" y2="\##(number(y(1)))" stroke="#000"/>"##)
        for percent in stride(from: 0, through: 100, by: 25) {
            let at = y(Double(percent) / 100)
            parts.append(##"<line x1="\##(number(left - 4))" y1="\##(number(at))" x2="\##(number(left))" y2="\##(number(at))" stroke="#000"/>"##)
            parts.append(##"<text x="\##(number(left - 8))" y="\##(number(at + 4))" text-anchor="end">\##(percent) %</text>"##)
        }
        let step = days <= 14 ? 1 : days <= 70 ? 7 : 30
        for day in stride(from: 1, through: days, by: step) {
            let at = x(day - 1)
            parts.append(##"<line x1="\##(number(at))" y1="\##(number(y(0)))" x2="\##(number(at))" y2="\##(number(y(0) + 4))" stroke="#000"/>"##)
            parts.append(##"<text x="\##(number(at))" y="\##(number(y(0) + 18))" text-anchor="middle">\##(day)</text>"##)
        }
        parts.append(##"<text x="\##(number(left + plotWidth / 2))" y="\##(number(height - 10))" text-anchor="middle">day</text>"##)
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }
}
