import VigorRPC

extension CycleOutcome {
    /// The API's view of what a cycle did.
    init(_ report: CycleReport) {
        self.init(
            kind: report.kind, localDate: report.localDate.description, ran: report.ran, summary: report.summary,
            newHealthData: report.newHealthData)
    }
}
