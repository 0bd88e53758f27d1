import CivilCalendar
import Foundation
import GhostScheduling
import Testing

/// The injury and equipment tables, row by row and word by word, against the tables Docs/engine.md shows ("Session
/// kinds"): the doc's markdown is parsed here, so a word added, dropped or moved on either side fails.

/// The rows of the markdown table that follows `heading` (a bold paragraph start such as `**Injuries.**`), cells trimmed,
/// header and rule line dropped.
private func docTable(after heading: String) throws -> [[String]] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let page = try String(contentsOf: root.appendingPathComponent("Docs/engine.md"), encoding: .utf8)
    let section = try #require(page.components(separatedBy: heading).dropFirst().first, "engine.md has no \(heading)")
    let lines = section.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("|") }
    let table = lines.prefix { $0.hasPrefix("|") }.map { line in
        line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    try #require(table.count > 2, "engine.md's \(heading) has no table")
    return Array(table.dropFirst(2))
}

/// "hamstring(s), shin(s), calf" → hamstring, hamstrings, shin, shins, calf.
private func words(_ cell: String) -> [String] {
    cell.split(separator: ",").flatMap { item -> [String] in
        let word = item.trimmingCharacters(in: .whitespaces)
        guard word.hasSuffix("(s)") else { return [word] }
        let stem = String(word.dropLast(3))
        return [stem, stem + "s"]
    }
}

private func kinds(_ cell: String) throws -> [SessionKind] {
    try cell.split(separator: ",").map { name in
        try #require(SessionKind(rawValue: name.trimmingCharacters(in: .whitespaces)), "engine.md names no kind \(name)")
    }
}

@Test func theInjuryTableIsTheOneEngineDocShowsRowByRow() throws {
    let rows = try docTable(after: "**Injuries.**")
    #expect(rows.map { $0[0] } == InjuryTable.parts.map(\.part), "the parts and their order")
    for (row, part) in zip(rows, InjuryTable.parts) {
        #expect(words(row[1]) == part.words, "the words of \(part.part)")
        #expect(try kinds(row[2]) == part.rulesOut, "what \(part.part) rules out")
    }
}

@Test func everyInjuryWordRulesOutItsPartsKindsWhateverTheCaseAndTheWordsAround() throws {
    let rows = try docTable(after: "**Injuries.**")
    #expect(rows.count == 10)
    // Everything to ride and swim with, so only the injury rules a kind out.
    let equipped = TrainingProfile(equipment: ["bike", "pool"])
    #expect(equipped.ruledOut(minutes: 45).isEmpty)
    for row in rows {
        let expected = Set(try kinds(row[2]))
        for word in words(row[1]) {
            for injury in [word, "left " + word.uppercased(), "sore " + word.capitalized + " (old)"] {
                #expect(InjuryTable.rulesOut(injury) == expected, "'\(injury)' is a \(row[0])")
                #expect(InjuryTable.understands(injury), "'\(injury)'")
                let profile = TrainingProfile(equipment: ["bike", "pool"], injuries: [injury])
                #expect(Set(profile.ruledOut(minutes: 45).map(\.kind)) == expected, "the profile with '\(injury)'")
                #expect(profile.unknownInjuries.isEmpty)
                #expect(Set(profile.fitting(minutes: 45)) == Set(SessionKind.allCases).subtracting(expected))
            }
        }
    }
    #expect(InjuryTable.rulesOut("sciatica").isEmpty && !InjuryTable.understands("sciatica"))
    #expect(InjuryTable.rulesOut("kneeling").isEmpty, "a word is read whole: 'kneeling' is no knee")
    #expect(InjuryTable.rulesOut("acl and achilles") == [.run, .ride, .walk], "two parts rule out the union of their kinds")
}

@Test func theEquipmentTableIsTheOneEngineDocShowsAndEachWordOpensItsKind() throws {
    let rows = try docTable(after: "**Equipment.**")
    let opening = rows.filter { $0[0] != "nothing" }
    #expect(try opening.map { try kinds($0[0]) } == EquipmentTable.needs.map { [$0.kind] })
    for (row, need) in zip(opening, EquipmentTable.needs) {
        #expect(words(row[1]) == need.words, "the words that open \(need.kind)")
    }
    let nothing = try #require(rows.first { $0[0] == "nothing" })
    #expect(Set(words(nothing[1])) == EquipmentTable.otherWords)

    let bare = Set(TrainingProfile().fitting(minutes: 45))
    #expect(bare == [.run, .strength, .mobility, .walk])
    for need in EquipmentTable.needs {
        for word in need.words {
            for item in [word, "my " + word.uppercased()] {
                #expect(EquipmentTable.provides([item]) == [need.kind], "'\(item)' opens \(need.kind)")
                #expect(EquipmentTable.understands(item))
                #expect(Set(TrainingProfile(equipment: [item]).fitting(minutes: 45)) == bare.union([need.kind]))
            }
        }
    }
    for word in words(nothing[1]) {
        #expect(EquipmentTable.understands(word), "'\(word)'")
        #expect(EquipmentTable.provides([word]).isEmpty, "'\(word)' opens nothing")
        #expect(Set(TrainingProfile(equipment: [word]).fitting(minutes: 45)) == bare)
    }
    #expect(!EquipmentTable.understands("hula hoop") && EquipmentTable.provides(["hula hoop"]).isEmpty)
}
