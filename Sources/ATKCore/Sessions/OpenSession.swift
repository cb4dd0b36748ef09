/// The session being cut from a user's events.
struct OpenSession {
    /// The first event's time.
    var first: Int64
    /// The latest event's time.
    var last: Int64
    /// The breakdown value of the first event, or -1.
    var breakdown: Int32
    /// `$AppViewScreen` events so far.
    var pageViews = 0
    /// The first and latest page view's screen.
    var entry: Int32?
    var exit: Int32?
    /// The page view whose stay is running, with the SDK's stay for it when a page leave said one.
    var open: (time: Int64, screen: Int32, sdkStay: Int64?)?

    /// A session starting at `first`.
    init(first: Int64, breakdown: Int32) {
        self.first = first
        self.last = first
        self.breakdown = breakdown
    }
}
