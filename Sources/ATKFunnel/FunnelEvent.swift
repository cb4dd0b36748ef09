/// One event of interest for a funnel, in 16 bytes.
///
/// Bit `i` of `mask` is set when the event matches step `i + 1`; an event may
/// match several steps. A mask of 0 is an "other" event, which only matters
/// in `strictOrder` mode.
public struct FunnelEvent: Hashable, Sendable {
    /// Event time, in the same unit as the funnel window (milliseconds in atk).
    public var time: Int64
    /// Steps matched by the event; bit `i` is step `i + 1`.
    public var mask: UInt32

    /// Creates an event.
    public init(time: Int64, mask: UInt32) {
        self.time = time
        self.mask = mask
    }
}
