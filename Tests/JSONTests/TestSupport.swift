@testable import JSON

func parse(_ text: String) throws -> JSON {
    try JSONReader().parse(Array(text.utf8))
}
