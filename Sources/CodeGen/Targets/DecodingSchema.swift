import Schema

/// The schema the generated Swift and Kotlin decoders carry to explain a decoding failure
/// (`TabgenSchema` in their runtimes): the schema's RFC 8927 forms and definitions, without
/// metadata, as compact JSON text. The runtimes walk it only when the platform decoder
/// fails, to report the finding `tabgen validate` reports first, with its exact pointer.
enum DecodingSchema {
    /// The text for `model`'s schema; `{}` (which explains nothing, so the decoder's own
    /// error stands) for a model built without schema source.
    static func text(of model: TypeModel) -> String {
        guard let raw = try? JSONReader().parse(model.document.source) else { return "{}" }
        return JSONWriter.string(TypeScriptContexts.strip(raw))
    }

    /// `text` in pieces of at most `width` characters, so that each piece's string literal
    /// fits a line. Pieces end between characters, never inside one.
    static func pieces(_ text: String, width: Int = 80) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var count = 0
        for character in text {
            if count == width {
                pieces.append(piece)
                piece = ""
                count = 0
            }
            piece.append(character)
            count += 1
        }
        if !piece.isEmpty || pieces.isEmpty { pieces.append(piece) }
        return pieces
    }
}
