import CLibical

/// Owns a parsed libical component tree and frees it when the last zone using it is gone.
final class ComponentTree: @unchecked Sendable {
    let root: OpaquePointer

    init(root: OpaquePointer) {
        self.root = root
    }

    deinit {
        icalcomponent_free(root)
    }
}
