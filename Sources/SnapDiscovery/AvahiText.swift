import CAvahi
import SnapCore

/// TXT records to and from Avahi's string lists.
enum AvahiText {
    /// `body` with a string list holding `entries` in order, freed after.
    static func withList<T>(_ entries: [String], _ body: (UnsafeMutablePointer<AvahiStringList>?) -> T) -> T {
        var list: UnsafeMutablePointer<AvahiStringList>? = nil
        // avahi_string_list_add puts the new entry first.
        for e in entries.reversed() { list = avahi_string_list_add(list, e) }
        defer { avahi_string_list_free(list) }
        return body(list)
    }

    /// A found record's entries as bytes, reading no more than one past `GameRecord`'s bounds
    /// (enough for it to see the record is too large).
    static func entries(_ list: UnsafeMutablePointer<AvahiStringList>?) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var node = list
        while let n = node, out.count <= GameRecord.maxEntries {
            let size = min(avahi_string_list_get_size(n), GameRecord.maxBytes + 1)
            if let text = avahi_string_list_get_text(n) {
                out.append(Array(UnsafeBufferPointer(start: text, count: size)))
            } else {
                out.append([])
            }
            node = avahi_string_list_get_next(n)
        }
        return out
    }
}
