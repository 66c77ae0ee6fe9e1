import Testing
@testable import Schema

/// A number beyond a float type's range is TG010 (docs/conformance.md): no client can
/// hold it, and readers take 1E400 as infinity.
struct FloatRangeTests {
    let validator: PayloadValidator

    init() throws {
        validator = PayloadValidator(document: try schema(#"{"properties": {"f32": {"type": "float32"}, "f64": {"type": "float64"}, "i8": {"type": "int8"}}}"#))
    }

    func findings(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { validator.findings(for: $0) }.map { "\($0.code) \($0.pointer) \($0.message)" }
    }

    @Test func numbersWithinRangeAreValid() {
        #expect(findings(#"{"f32": 3.4028235e38, "f64": 1.7976931348623157e308, "i8": 127}"#).isEmpty)
        #expect(findings(#"{"f32": -3.4028235e38, "f64": 0e5, "i8": -128}"#).isEmpty)
        // Underflow is zero, which both types hold.
        #expect(findings(#"{"f32": 1e-60, "f64": 1e-400, "i8": 0}"#).isEmpty)
    }

    @Test func float32BeyondItsRange() {
        #expect(findings(#"{"f32": 3.5e38, "f64": 1, "i8": 1}"#) == ["TG010 /f32 expected a number within the range of float32 (±3.4028235e+38), found number 3.5e+38"])
        #expect(findings(#"{"f32": -3.5e38, "f64": 1, "i8": 1}"#) == ["TG010 /f32 expected a number within the range of float32 (±3.4028235e+38), found number -3.5e+38"])
    }

    @Test func float64BeyondItsRangeIsNamedNotPrintedAsNull() {
        #expect(findings(#"{"f32": 1, "f64": 1E400, "i8": 1}"#) == ["TG010 /f64 expected a number within the range of float64 (±1.7976931348623157e+308), found a number beyond the range of float64"])
        #expect(findings(#"{"f32": 1, "f64": 1, "i8": -1E400}"#) == ["TG010 /i8 expected int8 (an integer from -128 to 127), found a number beyond the range of float64"])
    }

    @Test func aStringIsStillWrongTypeInTheOldWords() {
        #expect(findings(#"{"f32": "x", "f64": 1, "i8": 1}"#) == [#"TG010 /f32 expected a number, found string "x""#])
    }
}
