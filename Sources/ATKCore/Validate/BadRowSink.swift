/// Receives every line that has at least one error, as read.
public protocol BadRowSink: AnyObject {
    /// - Parameters:
    ///   - rules: the ids of the error rules the line breaks.
    ///   - raw: the line's bytes, without its line end.
    func write(location: LineLocation, rules: [String], raw: UnsafeRawBufferPointer) throws
}
