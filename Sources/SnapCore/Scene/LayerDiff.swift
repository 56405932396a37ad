/// What changed between two versions of a layer: the commands outside their longest common
/// subsequence. Redrawing, in the new order, every command that touches the bounds of the
/// changed commands (old and new) gives the new picture: outside those bounds the commands that
/// cover any pixel are common ones, in the same order. So a card landing on a pile costs the
/// pile's area, not the whole screen.
public struct LayerDiff: Equatable, Sendable {
    /// Indices of the old layer's commands that are gone.
    public var removed: [Int]
    /// Indices of the new layer's commands that are new.
    public var added: [Int]

    public init(_ old: [DrawCommand], _ new: [DrawCommand]) {
        // The common ends cost a comparison each; the table in between stays small (a few
        // changed piles and labels), so the quadratic part is cheap.
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let a = Array(old[prefix..<(old.count - suffix)]), b = Array(new[prefix..<(new.count - suffix)])
        if let (removed, added) = Self.replacedInPlace(a, b) ?? Self.matchedInOrder(a, b) {
            self.removed = removed.map { prefix + $0 }
            self.added = added.map { prefix + $0 }
            return
        }
        // lcs[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var removed: [Int] = [], added: [Int] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                i += 1
                j += 1
            } else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] {
                added.append(prefix + j)
                j += 1
            } else {
                removed.append(prefix + i)
                i += 1
            }
        }
        self.removed = removed
        self.added = added
    }

    public var isEmpty: Bool { removed.isEmpty && added.isEmpty }

    /// Commands replaced one for one (a pile's top card, a label's text): the same count, a few
    /// places that differ, none of the old ones among the new. Every other place is common, in
    /// order; nil when more than a few differ (a command inserted shifts the rest, and
    /// `matchedInOrder` finds less to redraw).
    static func replacedInPlace(_ a: [DrawCommand], _ b: [DrawCommand]) -> (removed: [Int], added: [Int])? {
        guard a.count == b.count else { return nil }
        var changed: [Int] = []
        for i in a.indices where a[i] != b[i] {
            changed.append(i)
            if changed.count > 8 { return nil }
        }
        // A command that only moved between the changed places (two swapped) is common there.
        for i in changed where changed.contains(where: { b[$0] == a[i] }) { return nil }
        return (changed, changed)
    }

    /// The usual change in one pass: every command of `a` that `b` also has (as often) is
    /// matched, and if the matched ones come in the same order in both, they are a longest
    /// common subsequence (none can be longer), so the rest is what changed. Nil when the order
    /// differs: the table of the general case decides then. A change at each end of a layer
    /// (a pile near the start, the status line at the end) left nearly all of it in between,
    /// and the table over 150 commands squared was a tenth of a frame in play.
    static func matchedInOrder(_ a: [DrawCommand], _ b: [DrawCommand]) -> (removed: [Int], added: [Int])? {
        var inB: [DrawCommand: Int] = [:]
        for c in b { inB[c, default: 0] += 1 }
        var removed: [Int] = [], common: [DrawCommand] = []
        var inA: [DrawCommand: Int] = [:]
        for (i, c) in a.enumerated() {
            if let n = inB[c], n > 0 {
                inB[c] = n - 1
                inA[c, default: 0] += 1
                common.append(c)
            } else {
                removed.append(i)
            }
        }
        var added: [Int] = [], k = 0
        for (j, c) in b.enumerated() {
            if let n = inA[c], n > 0 {
                inA[c] = n - 1
                guard common[k] == c else { return nil }
                k += 1
            } else {
                added.append(j)
            }
        }
        return (removed, added)
    }
}
