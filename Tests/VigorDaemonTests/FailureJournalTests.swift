import TestPrograms
import Testing

@testable import VigorDaemon

@Test(.removesScratchFolders) func aFailureIsJournaledOnceWhenItStartsAndOnceWhenItClears() {
    var journal = FailureJournal()
    #expect(journal.failed("storage", reason: "disk full") == .failing(operation: "storage", reason: "disk full"))
    #expect(journal.failed("storage", reason: "disk full") == nil)
    #expect(journal.failed("storage", reason: "disk full") == nil)
    #expect(journal.succeeded("storage") == .recovered(operation: "storage", reason: "disk full"))
    #expect(journal.succeeded("storage") == nil)
}

@Test(.removesScratchFolders) func aNewReasonForAFailingOperationIsTheSameFailureAndNotJournaledAgain() {
    var journal = FailureJournal()
    _ = journal.failed("writing vigord's calendar", reason: "calendars/vigor: Operation not permitted")
    #expect(journal.failed("writing vigord's calendar", reason: "state/vdir-ledger.json: No space left on device") == nil)
    #expect(journal.succeeded("writing vigord's calendar")
        == .recovered(operation: "writing vigord's calendar", reason: "calendars/vigor: Operation not permitted"))
}

@Test(.removesScratchFolders) func operationsFailAndClearIndependently() {
    var journal = FailureJournal()
    _ = journal.failed("a", reason: "x")
    _ = journal.failed("b", reason: "y")
    #expect(journal.succeeded("a") == .recovered(operation: "a", reason: "x"))
    #expect(journal.failingOperations == ["b"])
}
