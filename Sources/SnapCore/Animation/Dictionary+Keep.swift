extension Dictionary {
    /// Keeps the entries whose value `keep` accepts; true when any went. Indicators that run out
    /// (bubbles, verdicts) are checked on every input, nearly always with none gone: a new
    /// dictionary is made only when one did.
    @discardableResult
    mutating func keepOnly(_ keep: (Value) -> Bool) -> Bool {
        guard !values.allSatisfy(keep) else { return false }
        self = filter { keep($0.value) }
        return true
    }
}
