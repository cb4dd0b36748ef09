/// The events that shape sessions and page stays; every other event only extends its session.
public enum SessionEventKind: UInt8, Sendable {
    /// Any other event.
    case other
    /// `$AppStart`: starts a session.
    case appStart
    /// `$AppEnd`: ends its session and the page stay open in it.
    case appEnd
    /// `$AppViewScreen`: a page view; ends the page stay open before it.
    case appViewScreen
    /// `$AppPageLeave`: ends nothing; its `event_duration` is the SDK's stay of the open page.
    case appPageLeave
}
