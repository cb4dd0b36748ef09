import ArgumentParser

/// `--recorded-identifiers`, shared by the element analyses.
struct IdentifierOptions: ParsableArguments {
    @Flag(
        help:
            "Key on the recorded $element_path, $element_position, $screen_name even where a valid $responder_chain would rebuild them."
    )
    var recordedIdentifiers = false
}
