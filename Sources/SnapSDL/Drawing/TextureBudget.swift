import SnapCore

/// Textures a window made on demand, kept while they fit in `limit` bytes: past it, those drawn
/// longest ago go first (they are made again if drawn again). Whatever the current frame drew
/// stays, so a frame bigger than the budget never makes the same texture twice. Copies that may
/// serve one frame only (a card turning over passes a new width every frame) are kept from the
/// second frame that draws them on: until then they live until the frame ends. A few costly
/// ones that come back now and then (a card in hand, turned) go last, up to `lastOutLimit`.
struct TextureBudget<Key: Hashable> {
    struct Entry {
        var texture: Texture
        /// Where the image's reference point is inside the texture (a card in hand's centre).
        var anchor: Point
        /// Its opaque part, if one was made: a card in hand's inside, copied instead of blended.
        var inside: OpaquePart? = nil
        var used: Int
        /// Evicted before the others (the art copies are made from: a copy costs more to make).
        var firstOut = false
        /// Evicted after the others, while the last-out entries fit in `lastOutLimit`.
        var lastOut = false
        /// When it was put in: ties go oldest first, the same way every run (a dictionary's
        /// order changes from run to run, and the benchmark's figures with it).
        var order = 0

        /// The pixels it holds, its opaque part's too.
        var bytes: Int { texture.bytes + (inside?.texture.bytes ?? 0) }
    }

    private var entries: [Key: Entry] = [:]
    /// Made in this frame and not kept (yet).
    private var frameOnly: [Key: Entry] = [:]
    /// Keys made once and not kept; bounded by `maxSeen`.
    private var seen: Set<Key> = []
    static var maxSeen: Int { 4096 }
    private(set) var bytes = 0
    var limit: Int
    /// Bytes of the entries evicted last; past `lastOutLimit` the least recently drawn of them
    /// take their turn with the others.
    private(set) var lastOutBytes = 0
    var lastOutLimit: Int { limit / 4 }
    /// The frame being drawn; entries remember the last one that used them.
    private(set) var frame = 0
    /// Textures put in so far (the debug log reports it: a budget too small shows as many).
    private(set) var made = 0

    init(limit: Int) { self.limit = limit }

    var count: Int { entries.count }

    mutating func nextFrame() {
        frame += 1
        frameOnly.removeAll(keepingCapacity: true)
    }

    mutating func get(_ key: Key) -> Entry? {
        // One hash of the key, not three: a frame asks for every image it draws.
        guard let i = entries.index(forKey: key) else { return frameOnly[key] }
        entries.values[i].used = frame
        return entries.values[i]
    }

    /// `onReuse`: keep it only if an earlier frame made it too.
    mutating func put(_ key: Key, _ texture: Texture, anchor: Point = .zero, inside: OpaquePart? = nil, onReuse: Bool = false, firstOut: Bool = false, lastOut: Bool = false) {
        made += 1
        if onReuse, seen.remove(key) == nil {
            if seen.count >= Self.maxSeen { seen.removeAll() }
            seen.insert(key)
            frameOnly[key] = Entry(texture: texture, anchor: anchor, inside: inside, used: frame)
            return
        }
        let entry = Entry(texture: texture, anchor: anchor, inside: inside, used: frame, firstOut: firstOut, lastOut: lastOut, order: made)
        if let old = entries.updateValue(entry, forKey: key) {
            bytes -= old.bytes
            if old.lastOut { lastOutBytes -= old.bytes }
        }
        bytes += entry.bytes
        if lastOut {
            lastOutBytes += entry.bytes
            if lastOutBytes > lastOutLimit { demoteLastOut() }
        }
        // Down to seven eighths, so a full budget is not sorted again on every new texture.
        if bytes > limit { evict(downTo: limit - limit / 8) }
    }

    /// Drops entries not used in this frame until `target` bytes are left: those put in as
    /// `firstOut` first, the `lastOut` ones last, and in each group the least recently drawn.
    mutating func evict(downTo target: Int) {
        func group(_ e: Entry) -> Int { e.firstOut ? 0 : e.lastOut ? 2 : 1 }
        let stale = entries.filter { $0.value.used < frame }.sorted {
            group($0.value) != group($1.value) ? group($0.value) < group($1.value)
                : $0.value.used != $1.value.used ? $0.value.used < $1.value.used : $0.value.order < $1.value.order
        }
        for (key, _) in stale {
            guard bytes > target else { break }
            remove(key)
        }
    }

    /// The least recently drawn last-out entries become ordinary ones until the rest fit in
    /// `lastOutLimit` (or only this frame's are left).
    private mutating func demoteLastOut() {
        let oldest = entries.filter { $0.value.lastOut && $0.value.used < frame }.sorted {
            $0.value.used != $1.value.used ? $0.value.used < $1.value.used : $0.value.order < $1.value.order
        }
        for (key, e) in oldest {
            guard lastOutBytes > lastOutLimit else { break }
            entries[key]!.lastOut = false
            lastOutBytes -= e.bytes
        }
    }

    private mutating func remove(_ key: Key) {
        guard let e = entries.removeValue(forKey: key) else { return }
        bytes -= e.bytes
        if e.lastOut { lastOutBytes -= e.bytes }
    }

    mutating func removeAll(where drop: (Key) -> Bool) {
        frameOnly = frameOnly.filter { !drop($0.key) }
        for key in entries.keys where drop(key) { remove(key) }
    }
}
