import Foundation
import VigorRPC

/// The daemon's local API: one `serveX` function per method of the catalog, in the shape of tailscale's localapi.
/// Each decodes its params, calls one intent of the backend and returns the API's view of the result (`API/Views`).
/// A method's handler lives in the file of its group: `status` in `LocalAPI+Daemon.swift`, `checkin.record` in
/// `LocalAPI+Health.swift`, `plan.week` in `LocalAPI+Plan.swift` (Docs/architecture.md has the table).
public struct LocalAPI: Sendable {
    /// What the handlers use: the backend, and what belongs to the request side (socket, clock, test hooks).
    public struct Context: Sendable {
        public var backend: GhostBackend
        public var socket: ListeningSocket
        public var testHooks: Bool
        /// Called after a reload through the API, so systemd hears about it as with SIGHUP.
        public var reloadObserver: @Sendable (ReloadOutcome) -> Void
        /// The wall clock for the requests.
        public var now: @Sendable () -> Date
        /// Told when a test hook starts work, so a test can wait for that event instead of sleeping.
        public var testHookObserver: @Sendable (String) -> Void
        /// The movable clock behind `now` when test hooks are on (`debug.clock`).
        public var testClock: TestClock?
        /// Where storage failures answered to clients are logged, once when they start and once when they clear
        /// (the backend's log unless told otherwise).
        public var failures: FailureLog

        public init(
            backend: GhostBackend, socket: ListeningSocket, testHooks: Bool,
            reloadObserver: @escaping @Sendable (ReloadOutcome) -> Void = { _ in },
            testHookObserver: @escaping @Sendable (String) -> Void = { _ in },
            now: @escaping @Sendable () -> Date = { Date() },
            testClock: TestClock? = nil, failures: FailureLog? = nil
        ) {
            self.backend = backend
            self.failures = failures ?? backend.failures
            self.socket = socket
            self.testHooks = testHooks
            self.reloadObserver = reloadObserver
            self.testHookObserver = testHookObserver
            self.now = now
            self.testClock = testClock
        }
    }

    let context: Context

    public init(_ context: Context) {
        self.context = context
    }

    /// The backend every handler calls.
    var backend: GhostBackend { context.backend }

    /// The methods served: the catalog, plus the test hooks when enabled.
    public static func methods(testHooks: Bool) -> [any RPCMethod.Type] {
        MethodCatalog.all + (testHooks ? MethodCatalog.testHooks : [])
    }

    /// The table of method name → handler that the socket answers from.
    public func router() -> RPCRouter {
        var router = MethodTable(failures: context.failures)
        router.serve(DiscoverMethod.self, serveDiscover)
        router.serve(StatusMethod.self, serveStatus)
        router.serve(ReloadMethod.self, serveReload)
        router.serve(ConfigShowMethod.self, serveConfigShow)
        router.serve(TrustSetMethod.self, serveTrustSet)
        router.serve(ReceiptsListMethod.self, serveReceiptsList)
        router.serve(CalendarBusyMethod.self, serveCalendarBusy)
        router.serve(CalendarSourcesMethod.self, serveCalendarSources)
        router.serve(CycleRunMethod.self, serveCycleRun)
        router.serve(EmergencyActivateMethod.self, serveEmergencyActivate)
        router.serve(TriageListMethod.self, serveTriageList)
        router.serve(InboxListMethod.self, serveInboxList)
        router.serve(TriageAnswerMethod.self, serveTriageAnswer)
        router.serve(ProposalAnswerMethod.self, serveProposalAnswer)
        router.serve(TransformationAnswerMethod.self, serveTransformationAnswer)
        router.serve(WorkoutLogMethod.self, serveWorkoutLog)
        router.serve(WorkoutUndoMethod.self, serveWorkoutUndo)
        router.serve(WorkoutConfirmMethod.self, serveWorkoutConfirm)
        router.serve(CheckInMethod.self, serveCheckIn)
        router.serve(RecoveryHistoryMethod.self, serveRecoveryHistory)
        router.serve(HealthImportMethod.self, serveHealthImport)
        router.serve(HealthImportsMethod.self, serveHealthImports)
        router.serve(HealthSourcesMethod.self, serveHealthSources)
        router.serve(WeeklyReceiptMethod.self, serveWeeklyReceipt)
        router.serve(AbsolutionMethod.self, serveAbsolution)
        router.serve(SetupFirstPlanMethod.self, serveSetupFirstPlan)
        router.serve(SacredListMethod.self, serveSacredList)
        router.serve(SacredClearMethod.self, serveSacredClear)
        router.serve(BlocksListMethod.self, serveBlocksList)
        router.serve(PlanWeekMethod.self, servePlanWeek)
        router.serve(PlanHoldMethod.self, servePlanHold)
        router.serve(PlanSessionsMethod.self, servePlanSessions)
        router.serve(TravelSetMethod.self, serveTravelSet)
        router.serve(DataExportMethod.self, serveDataExport)
        router.serve(DataPurgeMethod.self, serveDataPurge)
        if context.testHooks {
            router.serve(DebugDelayMethod.self, serveDebugDelay)
            router.serve(DebugClockMethod.self, serveDebugClock)
        }
        return router.table
    }
}

/// Builds the router: each handler's typed errors become their API errors in one place, and a storage failure
/// answered to a client belongs to the one storage episode (`FailureLog`), which the next saved write ends.
struct MethodTable {
    private(set) var table = RPCRouter()
    let failures: FailureLog

    mutating func serve<M: RPCMethod>(_ method: M.Type, _ handler: @escaping @Sendable (M.Params) async throws -> M.Result) {
        table.register(method) { [failures] params in
            do {
                return try await handler(params)
            } catch {
                let mapped = APIError.mapped(error)
                if let answered = mapped as? RPCErrorObject, answered.code == RPCErrorCode.storageFailed.rawValue {
                    failures.storageFailed(reason: answered.message, at: Date())
                }
                throw mapped
            }
        }
    }
}
