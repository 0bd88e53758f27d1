import Foundation
import Testing

@testable import VigorRPC

@Test func documentDescribesEveryCatalogMethodOnce() {
    let document = OpenRPCDocument.make(methods: MethodCatalog.all, version: "test")
    guard case .array(let methods)? = document.objectValue?["methods"] else {
        Issue.record("methods must be an array")
        return
    }
    let names = methods.compactMap { $0.objectValue?["name"]?.stringValue }
    #expect(names.sorted() == MethodCatalog.all.map { $0.name }.sorted())
    #expect(Set(names).count == names.count)
    #expect(document.objectValue?["openrpc"] == "1.2.6")
}

@Test func everyApplicationErrorCodeIsInTheServerRange() {
    let standard: Set<Int> = [-32700, -32600, -32601, -32602, -32603]
    for code in RPCErrorCode.allCases where !standard.contains(code.rawValue) {
        #expect((-32099...(-32000)).contains(code.rawValue), "\(code) is outside -32000...-32099")
    }
}

@Test func statusResultEncodesExactlyTheFieldsItsSchemaNames() throws {
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    let status = DaemonStatus(
        version: "1", pid: 1, startedAt: RPCTimestamp(Date(timeIntervalSince1970: 0), in: zone), uptimeSeconds: 0,
        socket: "/s", socketOrigin: "bound", configPath: "/c", configSource: "defaults", timezone: "Europe/Berlin",
        lastReload: ReloadOutcome(at: RPCTimestamp(Date(timeIntervalSince1970: 0), in: zone), ok: false, configPath: "/c", error: "e"),
        database: DatabaseStatus(path: "/d", schemaVersion: "v1"),
        ghost: GhostStatus(
            trustPhase: "observer", trustPhaseName: "Observer", trustScore: 0, pinnedByUser: false, capabilities: [],
            healthPhase: "baseline", healthPhaseName: "Baseline", healthConfidence: 0.3, ghostHealth: "healthy",
            ghostHealthName: "Healthy", breakerDeletions: 0),
        nextCycles: NextCycles(
            morning: RPCTimestamp(Date(timeIntervalSince1970: 0), in: zone), evening: RPCTimestamp(Date(timeIntervalSince1970: 0), in: zone)),
        emergency: RecoveryTimeStatus(active: false),
        plan: PlanStatus(today: [], tomorrow: [], proposals: [], pendingTriage: [], apology: nil),
        sources: [SourceFreshnessView(name: "work", ok: true, freshness: "fresh", ageSeconds: 5)],
        travel: TravelStatus(travellingToday: false, ranges: []), streak: 2, profile: ProfileStatus(equipment: ["mat"], injuries: []),
        healthSources: [HealthSourceView(
            name: "phone", path: "/p", format: nil, present: true, ok: true, files: 0, lastReadAt: nil, newestSampleAt: nil,
            error: nil, failingSince: nil)])
    let encoded = try RPCCoding.encodeValue(status)
    let schema = StatusMethod.resultSchema.objectValue
    let properties = Set(schema?["properties"]?.objectValue?.keys.map { $0 } ?? [])
    let present = Set(encoded.objectValue?.keys.map { $0 } ?? [])
    #expect(present == properties)
    guard case .array(let required)? = schema?["required"] else {
        Issue.record("required must be an array")
        return
    }
    #expect(Set(required.compactMap(\.stringValue)).isSubset(of: present))
}
