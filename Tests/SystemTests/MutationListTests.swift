import Foundation
import TestPrograms
import Testing

/// `Scripts/mutate` breaks rules by replacing exact text in the sources. A rule rewritten since leaves its mutation
/// without the text to replace, and the mutation would then fail to start rather than be killed. The suite keeps every
/// mutation pointed at its code.
@Test func everyMutationStillFindsTheCodeItChanges() throws {
    let checked = try runMerged("/usr/bin/env", ["python3", Repository.path("Scripts/mutate"), "--check"])
    #expect(checked.status == 0, "\(checked.output)")
    #expect(checked.output.contains(/mutate: (\d+) of \1 mutations find their code/), "\(checked.output)")
}
