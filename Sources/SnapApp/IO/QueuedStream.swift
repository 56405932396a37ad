/// A `TextOutputStream` for swift-log's `StreamLogHandler`: each line it formats goes to the
/// writer's queue instead of a blocking `fwrite`.
public struct QueuedStream: TextOutputStream, Sendable {
    let writer: LineWriter
    public init(_ writer: LineWriter) { self.writer = writer }
    public mutating func write(_ string: String) { writer.write(string) }
}
