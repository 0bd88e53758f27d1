import Foundation
import Logging
import Store
import VigorRPC

/// The daemon's local API: one `serveX` function per method of the catalog, each reading and changing
/// state through its owner (the Ghost, the daemon state, the calendars), in the shape of tailscale's localapi.
public struct LocalAPI: Sendable {
    /// Everything a handler may use.
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
        /// Where storage failures answered to clients are logged, once when they start and once when they clear.
        public var failures: FailureLog
        /// Told when a request changed what the week's blocks depend on (travel, sacred time).
        public var replan: ChangeSignal
        /// The notification inbox.
        public var notifications: NotificationDesk
        /// The movable clock behind `now` when test hooks are on (`debug.clock`).
        public var testClock: TestClock?

        public init(
            state: DaemonState, socket: ListeningSocket, database: AppDatabase, ghost: GhostHost, calendars: CalendarHost,
            cycles: CycleRunner, output: CalendarOutput, health: HealthIntake, notifications: NotificationDesk, testHooks: Bool,
            reloadObserver: @escaping @Sendable (ReloadOutcome) -> Void = { _ in },
            testHookObserver: @escaping @Sendable (String) -> Void = { _ in },
            failures: FailureLog = FailureLog(logger: Logger(label: "vigord")),
            replan: ChangeSignal = ChangeSignal(),
            now: @escaping @Sendable () -> Date = { Date() },
            testClock: TestClock? = nil
        ) {
            self.state = state
            self.socket = socket
            self.database = database
            self.ghost = ghost
            self.calendars = calendars
            self.cycles = cycles
            self.output = output
            self.health = health
            self.notifications = notifications
            self.testHooks = testHooks
            self.reloadObserver = reloadObserver
            self.testHookObserver = testHookObserver
            self.failures = failures
            self.replan = replan
            self.now = now
            self.testClock = testClock
        }
    }

    let context: Context

    public init(_ context: Context) {
        self.context = context
    }

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
        router.serve(WeeklyReceiptMethod.self, serveWeeklyReceipt)
        router.serve(AbsolutionMethod.self, serveAbsolution)
        router.serve(SacredListMethod.self, serveSacredList)
        router.serve(SacredClearMethod.self, serveSacredClear)
        router.serve(BlocksListMethod.self, serveBlocksList)
        router.serve(PlanWeekMethod.self, servePlanWeek)
        router.serve(PlanHoldMethod.self, servePlanHold)
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

/// Builds the router: each handler's typed errors become their API errors in one place, and a storage
/// failure answered to a client is logged once when it starts and once when that method works again.
struct MethodTable {
    private(set) var table = RPCRouter()
    let failures: FailureLog

    mutating func serve<M: RPCMethod>(_ method: M.Type, _ handler: @escaping @Sendable (M.Params) async throws -> M.Result) {
        table.register(method) { [failures] params in
            let operation = "request \(M.name)"
            do {
                let result = try await handler(params)
                failures.succeeded(operation)
                return result
            } catch {
                let mapped = APIError.mapped(error)
                if let answered = mapped as? RPCErrorObject, answered.code == RPCErrorCode.storageFailed.rawValue {
                    failures.failed(operation, reason: answered.message)
                }
                throw mapped
            }
        }
    }
}
