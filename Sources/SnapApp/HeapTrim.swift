import CMalloc

/// Gives malloc's free pages back to the system while the table is idle. Copies of art and
/// labels come and go all game (a window keeps a budget of them, `TextureCache`); those under
/// the mmap threshold are freed into the heap, which keeps the pages between the ones still in
/// use: with a table view, 2 to 3 MB after a minute of play. Looked at once a second at most,
/// and trimmed only past `worthIt` free bytes: pages given back are faulted in again when next
/// used.
struct HeapTrim {
    static let interval = 1.0
    static let worthIt = 1 << 20
    private var last = -Double.infinity
    /// How many times the heap was trimmed (the debug log).
    private(set) var trims = 0
    /// malloc's free bytes, and the trim; tests give their own (the heap is the whole process's).
    private let freeBytes: () -> Int
    private let trim: () -> Void

    init(freeBytes: @escaping () -> Int = { Int(mallinfo2().fordblks) }, trim: @escaping () -> Void = { malloc_trim(0) }) {
        self.freeBytes = freeBytes
        self.trim = trim
    }

    /// The loop is about to sleep with nothing moving, at `t` seconds.
    mutating func idle(at t: Double) {
        guard t - last >= Self.interval else { return }
        last = t
        guard freeBytes() >= Self.worthIt else { return }
        trim()
        trims += 1
    }
}
