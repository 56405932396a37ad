import Foundation

/// A value shared with a test's helper threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ v: Value) { lock.withLock { value = v } }
    func update(_ f: (inout Value) -> Void) { lock.withLock { f(&value) } }
}
