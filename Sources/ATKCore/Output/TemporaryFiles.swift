#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files of unfinished outputs, removed when the process is interrupted.
///
/// On SIGINT, SIGTERM, SIGHUP or SIGPIPE a handler unlinks every registered file, restores the
/// signal's default action and raises it again, so the process still ends as the signal says
/// (a shell sees 130 for ^C) and no half-written output is left behind. The table is a fixed
/// array of C strings allocated once, because a signal handler may only call async-signal-safe
/// functions: it reads the table and calls `unlink(2)`, nothing else.
public enum TemporaryFiles {
    /// Most temporary files open at once (a command writes at most a few outputs).
    static let capacity = 64

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        installHandlers(slots)
        return slots
    }()

    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Registers `path` (its bytes) for removal on a signal.
    static func add(_ path: String) {
        let bytes = PathName.bytes(path)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        let slots = slots
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for index in 0..<capacity where slots[index] == nil {
            slots[index] = copy
            return
        }
    }

    /// Forgets `path` (written or removed).
    ///
    /// Its C string is not freed: a handler running on another thread may still be reading it, and
    /// a few bytes per output are a fair price.
    static func remove(_ path: String) {
        let bytes = PathName.bytes(path).map { CChar(bitPattern: $0) }
        let slots = slots
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for index in 0..<capacity {
            guard let entry = slots[index] else { continue }
            if bytes.withUnsafeBufferPointer({ matches(entry, $0) }) {
                slots[index] = nil
                return
            }
        }
    }

    /// Whether `path` is registered (for tests).
    static func contains(_ path: String) -> Bool {
        let bytes = PathName.bytes(path).map { CChar(bitPattern: $0) }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return (0..<capacity).contains { index in
            slots[index].map { entry in bytes.withUnsafeBufferPointer { matches(entry, $0) } } ?? false
        }
    }

    private static func matches(_ entry: UnsafeMutablePointer<CChar>, _ bytes: UnsafeBufferPointer<CChar>) -> Bool {
        for index in 0..<bytes.count where entry[index] != bytes[index] || entry[index] == 0 { return false }
        return entry[bytes.count] == 0
    }

    private static func installHandlers(_ slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        handlerSlots = slots
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if let slots = handlerSlots {
                    for index in 0..<64 {
                        if let path = slots[index] { unlink(path) }
                    }
                }
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            // A signal someone chose to ignore (nohup, a shell's trap '' INT) stays ignored.
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            if let handler = previous.__sigaction_handler.sa_handler,
                unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            {
                continue
            }
            sigaction(signal, &action, nil)
        }
    }
}

/// The table the signal handler reads: set once before any handler is installed.
nonisolated(unsafe) private var handlerSlots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
