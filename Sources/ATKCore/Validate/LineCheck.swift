/// A check that joins validation next to the built-in rules (a tracking plan's `plan.*`
/// rules): it sees every event on the line the built-in rules are checking, and reports on
/// that line, so its errors also reach `--bad-rows`.
///
/// Register its rules in the ``RuleRegistry`` the ``DumpValidator`` is made with.
public protocol LineCheck {
    /// Checks one event; findings go to the open line of `findings`.
    mutating func check(_ event: Event, findings: inout ValidationFindings)
    /// Reports what needed the whole dump (called once, after the last line).
    mutating func finish(findings: inout ValidationFindings)
}
