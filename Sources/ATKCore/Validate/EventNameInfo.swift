/// What validation needs to know about an event name, worked out once per distinct name.
struct EventNameInfo {
    /// Preset events whose preset properties are required.
    enum Preset { case none, click, view, start, end }

    /// Why the name breaks the name rule; nil when valid.
    let violation: NameRule.Violation?
    /// The lifecycle role; nil for events the lifecycle ignores.
    let lifecycle: LifecycleTracker.Kind?
    let preset: Preset

    init(_ bytes: UnsafeRawBufferPointer) {
        violation = NameRule.check(bytes)
        let name = String(decoding: bytes, as: UTF8.self)
        lifecycle = LifecycleTracker.Kind.of(name)
        preset =
            switch name {
            case "$AppClick": .click
            case "$AppViewScreen": .view
            case "$AppStart": .start
            case "$AppEnd": .end
            default: .none
            }
    }
}
