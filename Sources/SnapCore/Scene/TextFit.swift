/// Shortens a line of text to a width with an ellipsis, with few measurements: the text is
/// first capped to `TextLimit.layout`, then the longest prefix that fits is found by binary
/// search. At most 10 measurements (1 + log2 of 257 candidates) of at most 1 KB of text each,
/// however long the input; the old way measured once per character removed.
public enum TextFit {
    public static let ellipsis = "\u{2026}"

    /// `text` if it fits in `width`, else as many leading characters as fit followed by "…"
    /// (just "…" when not even one character fits).
    public static func fit(_ text: String, width: Double, style: TextStyle, metrics: TextMetrics) -> String {
        let (capped, cut) = TextLimit.layout.prefix(text)
        if !cut, metrics.width(capped, style) <= width { return capped }
        let chars = Array(capped)
        func candidate(_ n: Int) -> String {
            var s = String(chars[..<n])
            while s.last?.isWhitespace == true { s.removeLast() }
            return s + ellipsis
        }
        // The answer is the largest n with candidate(n) fitting; n == 0 ("…") needs no measuring.
        // When the text was not cut, n == chars.count is the whole text, known not to fit.
        var lo = 0, hi = cut ? chars.count : chars.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if metrics.width(candidate(mid), style) <= width { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }
}
