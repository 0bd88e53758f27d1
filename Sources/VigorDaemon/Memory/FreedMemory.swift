import CMalloc

/// Hands memory the allocator holds but no longer uses back to the kernel. glibc keeps the freed pages
/// of its per-thread arenas, so without this a daemon would keep the peak of every parse burst for good.
enum FreedMemory {
    /// Releases the free heap pages of every arena (`malloc_trim(0)`): milliseconds after a burst, next
    /// to nothing when little was freed. Call it after bursts, off latency-critical paths.
    static func giveBack() {
        _ = malloc_trim(0)
    }
}
