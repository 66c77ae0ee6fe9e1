import Foundation
import Schema
import Testing
@testable import CodeGen

/// The `bridgeComponent` option of the Swift and Kotlin targets: off by default, what it
/// adds, and the schemas it refuses (compiling and running the bases is the end-to-end
/// suites' job).
@Suite("Bridge component base option")
struct BridgeComponentOptionTests {
    @Test("off by default: no base file, so outputs without HotwireNative keep compiling")
    func offByDefault() throws {
        let swift = try Support.generate(try Support.builtIn())
        #expect(!swift.contains { $0.path.contains("ComponentBase") })
        let kotlin = try KotlinSupport.generate(try Support.builtIn())
        #expect(!kotlin.contains { $0.path.contains("ComponentBase") })
    }

    @Test("read from tabgen.yml / --option strings in both targets")
    func parsed() throws {
        #expect(try SwiftOptions(["bridgeComponent": "yes"]).bridgeComponent)
        #expect(try !SwiftOptions(["bridgeComponent": "false"]).bridgeComponent)
        #expect(try KotlinOptions(["bridgeComponent": "true"]).bridgeComponent)
        #expect(throws: CodeGenError.self) { try SwiftOptions(["bridgeComponent": "sometimes"]) }
    }

    @Test("the files are named after the component, in the contract's package for Kotlin")
    func paths() throws {
        var swift = SwiftOptions()
        swift.bridgeComponent = true
        let swiftFiles = try Support.generate(try BridgeComponentRun.contract("menu"), options: swift)
        let base = Support.file(swiftFiles, "MenuComponentBase.swift")
        #expect(base.contains("class MenuComponentBase: BridgeComponent {"))
        #expect(base.contains("override nonisolated class var name: String { \"menu\" }"))
        #expect(base.contains("func replySelected(_ data: MenuContract.Selection, completion: ReplyCompletionHandler? = nil) {"), "types of a contract that lists events live in its namespace, enum MenuContract")
        #expect(base.hasPrefix("// "), "the generated header comes first")
        var kotlin = KotlinOptions()
        kotlin.bridgeComponent = true
        kotlin.package = "com.example.app"
        let kotlinFiles = try KotlinSupport.generate(try BridgeComponentRun.contract("form"), options: kotlin)
        let kotlinBase = KotlinSupport.file(kotlinFiles, endingWith: "src/main/kotlin/com/example/app/form/FormComponentBase.kt")
        #expect(kotlinBase.contains("public abstract class FormComponentBase<in D : BridgeDestination>("))
        #expect(kotlinBase.contains("public fun replySubmit(): Boolean = replyTo(\"connect\")"))
    }

    @Test("a schema without a bridge contract is refused with a message")
    func needsContract() throws {
        let document = try Support.document(json: #"{"properties": {"a": {"type": "string"}}}"#)
        var options = SwiftOptions()
        options.bridgeComponent = true
        #expect(throws: CodeGenError.self) { try Support.generate(document, options: options) }
    }

    @Test("a definition named like a Hotwire Native type is renamed, so it cannot shadow it")
    func hotwireNamesReserved() throws {
        let json = """
        {"metadata": {"tabgen": {"contract": {"component": "chat", "stimulusIdentifier": "bridge--chat",
          "events": [{"name": "send", "direction": "webToNative", "data": "Message"}]}}},
         "definitions": {"Message": {"properties": {"text": {"type": "string"}}}}}
        """
        var options = SwiftOptions()
        options.bridgeComponent = true
        let files = try Support.generate(try Support.document(json: json), options: options)
        #expect(!files.contains { $0.path == "Message.swift" })
        #expect(Support.file(files, "ChatComponentBase.swift").contains("func onSend(_ data: ChatContract.Message2)"))
    }

    @Test("Kotlin's base refuses event data that is not an object, naming the event; Swift's takes it unvalidated")
    func kotlinNeedsObjectData() throws {
        let json = """
        {"metadata": {"tabgen": {"contract": {"component": "chat", "stimulusIdentifier": "bridge--chat",
          "events": [{"name": "send", "direction": "webToNative", "data": "Mode"}]}}},
         "definitions": {"Mode": {"enum": ["on", "off"]}}}
        """
        let document = try Support.document(json: json)
        var kotlin = KotlinOptions()
        kotlin.bridgeComponent = true
        #expect(throws: CodeGenError("kotlin: the data of the chat event send must be an object (properties) for its bridge component base")) {
            try KotlinSupport.generate(document, options: kotlin)
        }
        var swift = SwiftOptions()
        swift.bridgeComponent = true
        let base = Support.file(try Support.generate(document, options: swift), "ChatComponentBase.swift")
        #expect(base.contains("func onSend(_ data: ChatContract.Mode)"))
        #expect(base.contains("{ _ in [] }"), "an enum has nothing to validate")
    }
}
