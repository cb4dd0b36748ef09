/// A mergeable analysis whose partial state can leave the process: written by one `atk` (a
/// Spark task, a shell pipeline stage) and merged by another.
///
/// Only the state is written, never the configuration: the reading side makes an empty partial
/// from the same command line (``MergeableAnalysis/makePartial()``) and reads the state into it.
/// `decodeState` after `encodeState` must give a partial that merges and finishes exactly as the
/// original would; interned ids may be renumbered, since merges remap them by their bytes. A
/// decoded partial is merged and finished, never visited again: state that only visiting needs
/// (a table of users whose count is all a merge uses) may be left out.
public protocol DistributableAnalysis: MergeableAnalysis {
    /// Writes what this partial gathered.
    func encodeState(to writer: inout StateWriter)

    /// Replaces this (empty) partial's state by one ``encodeState(to:)`` wrote under the same
    /// configuration; throws ``StateReader/Failure`` on damaged or foreign bytes.
    mutating func decodeState(from reader: inout StateReader) throws
}

extension AnalysisPair: DistributableAnalysis where First: DistributableAnalysis, Second: DistributableAnalysis {
    /// Writes both states, first then second.
    public func encodeState(to writer: inout StateWriter) {
        first.encodeState(to: &writer)
        second.encodeState(to: &writer)
    }

    /// Reads both states, first then second.
    public mutating func decodeState(from reader: inout StateReader) throws {
        try first.decodeState(from: &reader)
        try second.decodeState(from: &reader)
    }
}
