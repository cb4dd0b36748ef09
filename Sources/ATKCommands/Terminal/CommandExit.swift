import ATKCore
import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// atk's documented exit codes.
public enum CommandExit {
    /// No failing findings.
    public static let clean = ExitCode(0)
    /// Findings that fail the check (commands that judge).
    public static let findings = ExitCode(1)
    /// Wrong flags or arguments.
    public static let usage = ExitCode(2)
    /// An input could not be read (all other input was still processed).
    public static let unreadableInput = ExitCode(3)

    /// Runs the `atk` command line and exits with a documented code; usage errors exit 2
    /// (argument-parser's own default, 64, is not ours).
    public static func main(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try ATK.parseAsRoot(arguments ?? rawArguments())
            try command.run()
            ATK.exit()
        } catch let code as ExitCode {
            ATK.exit(withError: code)
        } catch let error as CommandError {
            Terminal.diagnose(error.description)
            ATK.exit(withError: error.exit)
        } catch {
            let code = ATK.exitCode(for: error)
            if code == .success {
                ATK.exit(withError: error)
            }
            Terminal.writeError(ATK.fullMessage(for: error))
            if code == .validationFailure || error is ValidationError {
                ATK.exit(withError: usage)
            }
            ATK.exit(withError: code)
        }
    }

    /// The process's arguments from `argv` itself: a file name that is not UTF-8 keeps its
    /// bytes (``PathName``), where `CommandLine.arguments` would replace them with U+FFFD.
    static func rawArguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return PathName.string(bytes: UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }
}
