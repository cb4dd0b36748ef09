/// A check that joins validation next to the built-in rules (a tracking plan's `plan.*`
/// rules): it sees every event on the line the built-in rules are checking, and reports on
/// that line, so its errors also reach `--bad-rows`.
///
/// Register its rules in the ``RuleRegistry`` the ``DumpValidator`` is made with.
public protocol LineCheck {
    /// Checks one event; findings go to the open line of `findings`.
    ///
    /// - Parameter propertyKeyIds: the ids the validator interned for the keys of the event's
    ///   `properties`, in member order (equal decoded keys have equal ids), so a check can
    ///   remember what a key means instead of comparing it again; may hold more ids than members.
    ///   Empty when the event has no string name or its `properties` is not an object.
    mutating func check(_ event: Event, propertyKeyIds: UnsafeBufferPointer<Int32>, findings: inout ValidationFindings)
    /// Reports what needed the whole dump (called once, after the last line).
    mutating func finish(findings: inout ValidationFindings)
}
