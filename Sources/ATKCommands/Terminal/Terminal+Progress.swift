extension Terminal {
    /// Rewrites the progress line on standard error; nil clears it.
    static func writeProgress(_ text: String?) {
        let clear = "\r\u{1B}[K"
        writeStandardError(clear + (text ?? ""))
    }
}
