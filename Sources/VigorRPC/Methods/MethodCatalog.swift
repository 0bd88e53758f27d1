/// Every method of the API, in one list: the daemon serves exactly these and `rpc.discover`
/// describes exactly these (a test holds the two together).
public enum MethodCatalog {
    public static let all: [any RPCMethod.Type] = [
        DiscoverMethod.self,
        StatusMethod.self,
        ReloadMethod.self,
        ConfigShowMethod.self,
        TrustSetMethod.self,
        ReceiptsListMethod.self,
        CalendarBusyMethod.self,
        CalendarSourcesMethod.self,
        CycleRunMethod.self,
        DataExportMethod.self,
        DataPurgeMethod.self,
        EmergencyActivateMethod.self,
        TriageListMethod.self,
        InboxListMethod.self,
        TriageAnswerMethod.self,
        ProposalAnswerMethod.self,
        TransformationAnswerMethod.self,
        WorkoutLogMethod.self,
        WorkoutUndoMethod.self,
        WorkoutConfirmMethod.self,
        CheckInMethod.self,
        RecoveryHistoryMethod.self,
        HealthImportMethod.self,
        HealthImportsMethod.self,
        HealthSourcesMethod.self,
        WeeklyReceiptMethod.self,
        AbsolutionMethod.self,
        SetupFirstPlanMethod.self,
        SacredListMethod.self,
        SacredClearMethod.self,
        TravelSetMethod.self,
        BlocksListMethod.self,
        PlanWeekMethod.self,
        PlanHoldMethod.self,
        PlanSessionsMethod.self,
    ]
}

extension MethodCatalog {
    /// Methods served only when the daemon runs with VIGORD_TEST_HOOKS=1.
    public static let testHooks: [any RPCMethod.Type] = [DebugDelayMethod.self, DebugClockMethod.self]
}
