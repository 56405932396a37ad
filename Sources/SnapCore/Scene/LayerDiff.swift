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
}
