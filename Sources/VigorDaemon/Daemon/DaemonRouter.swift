import Calendar
import Foundation
import Logging
import GhostEngine
import Store
import VigorRPC

/// The daemon's local API: which handler answers each method of the catalog.
public enum DaemonRouter {
    public struct Context: Sendable {
        public var state: DaemonState
        public var socket: ListeningSocket
        public var database: AppDatabase
        public var ghost: GhostHost
        public var calendars: CalendarHost
        public var cycles: CycleRunner
        public var output: CalendarOutput
        public var health: HealthIntake
        public var testHooks: Bool
        /// Called after a reload through the API, so systemd hears about it as with SIGHUP.
        public var reloadObserver: @Sendable (ReloadOutcome) -> Void
        /// The wall clock for engine events.
        public var now: @Sendable () -> Date
        /// Told when a test hook starts work, so a test can wait for that event instead of sleeping.
        public var testHookObserver: @Sendable (String) -> Void

        public init(
            state: DaemonState, socket: ListeningSocket, database: AppDatabase, ghost: GhostHost, calendars: CalendarHost,
            cycles: CycleRunner, output: CalendarOutput, health: HealthIntake, testHooks: Bool,
            reloadObserver: @escaping @Sendable (ReloadOutcome) -> Void = { _ in },
            testHookObserver: @escaping @Sendable (String) -> Void = { _ in },
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.state = state
            self.socket = socket
            self.database = database
            self.ghost = ghost
            self.calendars = calendars
            self.cycles = cycles
            self.output = output
            self.health = health
            self.testHooks = testHooks
            self.reloadObserver = reloadObserver
            self.testHookObserver = testHookObserver
            self.now = now
        }
    }

    /// The methods served: the catalog, plus the test hooks when enabled.
    public static func methods(testHooks: Bool) -> [any RPCMethod.Type] {
        MethodCatalog.all + (testHooks ? MethodCatalog.testHooks : [])
    }

    public static func make(_ context: Context) -> RPCRouter {
        var router = RPCRouter()
        let document = OpenRPCDocument.make(methods: methods(testHooks: context.testHooks), version: VigorVersion.current)
        router.registerImmediate(DiscoverMethod.self) { _ in document }
        // The schema cannot change while the daemon runs: read it once, not on every `status`.
        let schemaVersion = Result { try context.database.schemaVersion() }
        // `status` never suspends: the daemon's and the Ghost's facts are copies that never wait for a cycle or a
        // reload, so the socket answers it on its event loop in the read that brought it. Its JSON is kept for the
        // rest of the second while none of those facts change.
        let statusCache = StatusReplyCache()
        router.registerImmediate(StatusMethod.self, prewritten: { _ in
            let now = StatusReplyCache.wholeSecond(context.now())
            let key = StatusReplyCache.Key(
                second: Int64(now.timeIntervalSince1970), ghost: context.ghost.statusGeneration,
                state: context.state.statusGeneration, calendars: context.calendars.statusGeneration)
            return try statusCache.result(for: key) {
                let database = DatabaseStatus(path: context.database.path, schemaVersion: try schemaVersion.get())
                let snapshot = context.ghost.statusSnapshot(at: now)
                return PrewrittenJSON(context.state.status(
                    socket: context.socket, database: database, snapshot: snapshot, sources: context.calendars.freshness(at: now)))
            }
        })
        router.registerOffLoop(TrustSetMethod.self) { params in
            let event: GhostEvent
            if params.phase == "auto" {
                event = .releaseManualPin
            } else if let phase = TrustPhase(rawValue: params.phase) {
                event = .manualPhaseChange(to: phase)
            } else {
                throw RPCErrorObject(
                    .invalidParams, "Invalid params: field 'phase' must be one of \((TrustPhaseName.all + ["auto"]).joined(separator: ", "))")
            }
            try await Self.perform(event, on: context.ghost, now: context.now())
            return GhostStatus(await context.ghost.current)
        }
        router.registerOffLoop(ReceiptsListMethod.self) { params in
            let limit = params.limit ?? 10
            guard (1...200).contains(limit) else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'limit' must be between 1 and 200")
            }
            let zone = await context.state.config.schedule.zone
            // A block's receipts name it among their inputs (`block=b7`).
            let stored = try context.database.recentReceipts(limit: params.block == nil ? limit : 1000)
            let receipts = try stored.map { try JSONDecoder().decode(DecisionReceipt.self, from: $0.body) }
                .filter { receipt in params.block.map { block in receipt.inputs.contains { $0.name == "block" && $0.value == block } } ?? true }
                .prefix(limit)
            return ReceiptsListMethod.Result(receipts: receipts.map { ReceiptView($0, zone: zone) })
        }
        router.registerOffLoop(ReloadMethod.self) { _ in
            let outcome = await context.state.reload()
            if outcome.ok {
                await EngineRulesAdoption.adopt(await context.state.config.engineRules, ghost: context.ghost, at: context.now(), logger: Logger(label: "vigord"))
            }
            context.reloadObserver(outcome)
            guard outcome.ok else {
                throw RPCErrorObject(
                    .configInvalid, "Configuration invalid; the previous configuration stays in force: \(outcome.error ?? "")",
                    data: ["configPath": .string(outcome.configPath)])
            }
            return outcome
        }
        router.registerOffLoop(CalendarBusyMethod.self) { params in
            let zone = await context.state.config.schedule.zone
            let from = try params.from.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "from", zone: zone) } ?? context.now()
            let to = try params.to.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "to", zone: zone) }
                ?? from.addingTimeInterval(7 * 86_400)
            guard from < to else { throw RPCErrorObject(.invalidParams, "Invalid params: field 'to' must be after 'from'") }
            guard to.timeIntervalSince(from) <= 400 * 86_400 else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'to' is more than 400 days after 'from'")
            }
            let result: BusyResult
            do {
                result = try await context.calendars.busy(from: from, to: to, source: params.source)
            } catch CalendarError.unknownSource(let name) {
                throw RPCErrorObject(.unknownSource, "Unknown calendar source: \(name)")
            }
            let entries = await context.calendars.sources().map(\.entry)
            return CalendarBusy(
                from: RPCTimestamp(from, in: zone), to: RPCTimestamp(to, in: zone),
                intervals: result.intervals.map { interval in
                    BusyIntervalView(
                        start: RPCTimestamp(interval.start, in: zone), end: RPCTimestamp(interval.end, in: zone),
                        sources: interval.causes.map { BusyCauseView(source: $0.source, summary: $0.summary) })
                },
                unknownDays: result.unknownDays,
                sources: result.sources.compactMap { status in
                    entries.first { $0.name == status.name }.map { CalendarSourceView($0, status) }
                })
        }
        router.registerOffLoop(CycleRunMethod.self) { params in
            guard let kind = CycleKind(rawValue: params.kind) else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'kind' must be morning, evening or weekly")
            }
            let config = await context.state.config
            do {
                return try await context.cycles.run(kind, now: context.now(), zone: config.schedule.zone, training: config.training, home: config.schedule.home)
            } catch let error as EngineError {
                throw RPCErrorObject(.engineRefused, "Refused by the engine: \(error.message)", data: ["engineCode": .string(error.code)])
            } catch let error as StoreError {
                throw RPCErrorObject(.storageFailed, "Storage failed; nothing was changed: \(error.description)")
            }
        }
        router.registerOffLoop(EmergencyActivateMethod.self) { params in
            let minutes = params.minutes ?? 15
            guard (1...240).contains(minutes) else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'minutes' must be between 1 and 240")
            }
            let zone = await context.state.config.schedule.zone
            let now = context.now()
            let emergency: Emergency
            do {
                emergency = try await context.ghost.recordEmergency(startedAt: now, endsAt: now.addingTimeInterval(Double(minutes) * 60))
            } catch {
                throw RPCErrorObject(.storageFailed, "Storage failed; nothing was changed: \(error)")
            }
            try await Self.perform(.emergencyClear(reason: "recovery time for \(minutes) minutes (vigorctl crashing)"), on: context.ghost, now: now)
            try await Self.publish(context, now: now)
            return EmergencyStatus(
                active: true, startedAt: RPCTimestamp(emergency.startedAt, in: zone), endsAt: RPCTimestamp(emergency.endsAt, in: zone),
                blockFile: context.output.file(of: CalendarOutput.recoveryBlock(emergency)))
        }
        router.registerOffLoop(TriageListMethod.self) { _ in
            let zone = await context.state.config.schedule.zone
            let plan = PlanStatus(
                ghost: await context.ghost.current, zone: zone, now: context.now(), lastBreakerFiredAt: await context.ghost.lastBreakerFiredAt)
            return TriageListMethod.Result(pending: plan.pendingTriage)
        }
        router.registerOffLoop(TriageAnswerMethod.self) { params in
            guard let reason = MissReason(rawValue: params.reason) else {
                throw RPCErrorObject(
                    .invalidParams, "Invalid params: field 'reason' must be one of \(TriageAnswerMethod.reasons.joined(separator: ", "))")
            }
            try await Self.perform(.triageAnswered(BlockID(rawValue: params.block), reason), on: context.ghost, now: context.now())
            return GhostStatus(await context.ghost.current)
        }
        router.registerOffLoop(ProposalAnswerMethod.self) { params in
            let now = context.now()
            try await Self.perform(.proposalAnswered(BlockID(rawValue: params.block), accepted: params.accept), on: context.ghost, now: now)
            try await Self.publish(context, now: now)
            return GhostStatus(await context.ghost.current)
        }
        router.registerOffLoop(TransformationAnswerMethod.self) { params in
            let now = context.now()
            let id = BlockID(rawValue: params.block)
            try await Self.perform(.transformationOutcome(id, kept: params.kept), on: context.ghost, now: now)
            try await Self.publish(context, now: now)
            let ghost = await context.ghost.current
            guard let block = ghost.block(id) else {
                throw RPCErrorObject(.engineRefused, "Refused by the engine: block \(params.block) is no longer in the ledger")
            }
            return BlockView(block, zone: ghost.calendar.timeZone)
        }
        registerWorkouts(&router, context)
        registerHealth(&router, context)
        registerWeekly(&router, context)
        router.registerOffLoop(SacredListMethod.self) { _ in
            SacredView.list(await context.ghost.current)
        }
        router.registerOffLoop(SacredClearMethod.self) { params in
            guard let slot = SlotKey(label: params.slot) else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'slot' must look like \"Mon 07:00\"; got '\(params.slot)'")
            }
            guard await context.ghost.current.triage.isSacred(slot) else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'slot': \(slot) is not a learned sacred slot (see sacred.list)")
            }
            try await Self.perform(.clearSacredSlot(slot), on: context.ghost, now: context.now())
            return SacredView.list(await context.ghost.current)
        }
        router.registerOffLoop(BlocksListMethod.self) { params in
            let zone = await context.state.config.schedule.zone
            let ghost = await context.ghost.current
            let from = try params.from.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "from", zone: zone) }
                ?? (try WindowBound.parse(ghost.calendar.day(of: context.now()).description, field: "from", zone: zone))
            let to = try params.to.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "to", zone: zone) }
                ?? from.addingTimeInterval(7 * 86_400)
            guard from < to else { throw RPCErrorObject(.invalidParams, "Invalid params: field 'to' must be after 'from'") }
            return BlocksListMethod.Result(
                blocks: ghost.blocks.filter { $0.start >= from && $0.start < to }.sorted { $0.start < $1.start }.map { BlockView($0, zone: zone) })
        }
        router.registerOffLoop(TravelSetMethod.self) { params in
            let now = context.now()
            let today = await context.ghost.current.calendar.day(of: now)
            do {
                if params.clear == true {
                    try await context.ghost.clearTravel(today: today)
                } else {
                    guard let fromText = params.from, let first = LocalDay(iso: fromText) else {
                        throw RPCErrorObject(.invalidParams, "Invalid params: field 'from' must be a date YYYY-MM-DD")
                    }
                    guard let last = LocalDay(iso: params.to ?? fromText), last >= first else {
                        throw RPCErrorObject(.invalidParams, "Invalid params: field 'to' must be a date YYYY-MM-DD on or after 'from'")
                    }
                    guard last.ordinal - first.ordinal < 366 else {
                        throw RPCErrorObject(.invalidParams, "Invalid params: field 'to' is more than a year after 'from'")
                    }
                    try await context.ghost.recordTravel(from: first, to: last, at: now)
                }
            } catch let error as StoreError {
                throw RPCErrorObject(.storageFailed, "Storage failed; nothing was changed: \(error.description)")
            }
            return TravelStatus(await context.ghost.travel, today: today)
        }
        router.registerOffLoop(DataExportMethod.self) { _ in
            let zone = await context.state.config.schedule.zone
            let exported: ExportedData
            do {
                exported = try context.database.exportAll()
            } catch {
                throw RPCErrorObject(.storageFailed, "Storage failed: \(error)")
            }
            return try DataExport.document(exported, zone: zone, at: context.now())
        }
        router.registerOffLoop(DataPurgeMethod.self) { params in
            guard params.confirm else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'confirm' must be true to delete all user data")
            }
            let zone = await context.state.config.schedule.zone
            do {
                try await context.ghost.purge(zone: zone, now: context.now())
            } catch {
                throw RPCErrorObject(.storageFailed, "Storage failed; nothing was deleted: \(error)")
            }
            return GhostStatus(await context.ghost.current)
        }
        router.registerOffLoop(CalendarSourcesMethod.self) { _ in
            CalendarSourcesMethod.Result(sources: await context.calendars.sources().map { CalendarSourceView($0.entry, $0.status) })
        }
        if context.testHooks {
            router.registerOffLoop(DebugDelayMethod.self) { params in
                guard (0...10_000).contains(params.milliseconds) else {
                    throw RPCErrorObject(.invalidParams, "Invalid params: field 'milliseconds' must be between 0 and 10000")
                }
                context.testHookObserver("\(DebugDelayMethod.name) started")
                try await Task.sleep(for: .milliseconds(params.milliseconds))
                return DebugDelayMethod.Result(delayedMilliseconds: params.milliseconds)
            }
        }
        return router
    }

    /// Writes vigord's calendar after a change; a failure is reported, the decision stays saved.
    static func publish(_ context: Context, now: Date) async throws {
        do {
            try await context.output.sync(now: now)
        } catch {
            throw RPCErrorObject(.calendarWriteFailed, "Saved, but the calendar could not be written: \(error)")
        }
    }

    /// Runs an engine event, mapping engine and storage failures to their API errors.
    @discardableResult
    static func perform(_ event: GhostEvent, on host: GhostHost, now: Date) async throws -> [GhostEffect] {
        do {
            return try await host.perform(event, at: now)
        } catch let error as EngineError {
            throw RPCErrorObject(.engineRefused, "Refused by the engine: \(error.message)", data: ["engineCode": .string(error.code)])
        } catch let error as StoreError {
            throw RPCErrorObject(.storageFailed, "Storage failed; nothing was changed: \(error.description)")
        }
    }
}
