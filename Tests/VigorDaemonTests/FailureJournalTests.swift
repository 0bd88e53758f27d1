import Testing

@testable import VigorDaemon

@Test func aFailureIsJournaledOnceWhenItStartsAndOnceWhenItClears() {
    var journal = FailureJournal()
    #expect(journal.failed("storage", reason: "disk full") == .failing(operation: "storage", reason: "disk full"))
    #expect(journal.failed("storage", reason: "disk full") == nil)
    #expect(journal.failed("storage", reason: "disk full") == nil)
    #expect(journal.succeeded("storage") == .recovered(operation: "storage", reason: "disk full"))
    #expect(journal.succeeded("storage") == nil)
}

@Test func aNewReasonForAFailingOperationIsJournaledAgain() {
    var journal = FailureJournal()
    _ = journal.failed("calendar source work", reason: "no such file")
    #expect(journal.failed("calendar source work", reason: "permission denied")
        == .failing(operation: "calendar source work", reason: "permission denied"))
}

@Test func operationsFailAndClearIndependently() {
    var journal = FailureJournal()
    _ = journal.failed("a", reason: "x")
    _ = journal.failed("b", reason: "y")
    #expect(journal.succeeded("a") == .recovered(operation: "a", reason: "x"))
    #expect(journal.failingOperations == ["b"])
}
