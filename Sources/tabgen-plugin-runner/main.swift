import Foundation
import YAMLGuard
import Yams

// TabgenPlugin's build command: runs `tabgen emit --lang swift` into a temporary folder
// and joins the Swift files into the one output file the plugin declared (the build
// system must know a build command's outputs before it runs, and the file names follow
// the schema's type names). Options come from the `lang: swift` output of tabgen.yml;
// its `out:` is ignored, and tests and fixtures are not generated.
//
//   tabgen-plugin-runner --tabgen PATH --output FILE (--config tabgen.yml | --schema schema.json)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: tabgen plugin: \(message)\n".utf8))
    exit(2)
}

var options: [String: String] = [:]
var rest = CommandLine.arguments.dropFirst()
while let name = rest.popFirst() {
    guard name.hasPrefix("--"), let value = rest.popFirst() else { fail("usage: tabgen-plugin-runner --tabgen PATH --output FILE (--config FILE | --schema FILE)") }
    options[String(name.dropFirst(2))] = value
}
guard let tabgen = options["tabgen"], let output = options["output"] else { fail("--tabgen and --output are required") }

var arguments = ["emit", "--lang", "swift", "--quiet"]
if let config = options["config"] {
    let folder = URL(fileURLWithPath: config).deletingLastPathComponent()
    let text: String
    guard let handle = FileHandle(forReadingAtPath: config) else { fail("cannot read \(config)") }
    let data: Data
    do { data = try handle.read(upToCount: YAMLGuard.maxBytes + 1) ?? Data() } catch { fail("cannot read \(config): \(error.localizedDescription)") }
    // tabgen's own limit, so the runner never reads more of a config than tabgen would.
    if data.count > YAMLGuard.maxBytes { fail("\(config) is larger than \(YAMLGuard.maxBytes) bytes") }
    text = String(decoding: data, as: UTF8.self)
    if let refusal = YAMLGuard.check(text) { fail("\(config):\(refusal.line):\(refusal.column): \(refusal.message)") }
    let document: [String: Any]
    do { document = (try Yams.load(yaml: text) as? [String: Any]) ?? [:] } catch { fail("\(config): \(error)") }
    if let schema = document["schema"] as? String {
        arguments += ["--schema", schema.hasPrefix("/") ? schema : folder.appendingPathComponent(schema).path]
    } else if FileManager.default.fileExists(atPath: folder.appendingPathComponent("schema.json").path) {
        arguments += ["--schema", folder.appendingPathComponent("schema.json").path]
    }
    if let templates = document["templates"] as? String {
        arguments += ["--templates", folder.appendingPathComponent(templates).path]
    }
    let outputs = document["outputs"] as? [[String: Any]] ?? []
    let swift = outputs.first { ($0["lang"] as? String)?.lowercased() == "swift" }
    // The output's layout options do not apply: the plugin reads the .swift files emit writes at the top of its folder.
for (name, value) in (swift?["options"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key })
where !["tests", "sourcesFolder", "testsFolder"].contains(name) {
        arguments += ["--option", "swift.\(name)=\(value)"]
    }
} else if let schema = options["schema"] {
    arguments += ["--schema", schema]
}
arguments += ["--option", "swift.tests=false"]

// A folder of our own, made by mkdtemp: a fixed name (tabgen-plugin-PID) could be made
// beforehand by anyone, with a .swift file in it that would be compiled into the app, or
// as a symbolic link that would make emit write wherever it points.
var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("tabgen-plugin-XXXXXX").path.utf8CString)
let scratch: URL = template.withUnsafeMutableBufferPointer { buffer in
    guard let base = buffer.baseAddress, mkdtemp(base) != nil else { fail("cannot make a temporary folder: \(String(cString: strerror(errno)))") }
    return URL(fileURLWithPath: String(cString: base), isDirectory: true)
}
defer { try? FileManager.default.removeItem(at: scratch) }
arguments += ["--out", scratch.path]

let process = Process()
process.executableURL = URL(fileURLWithPath: tabgen)
process.arguments = arguments
do { try process.run() } catch { fail("cannot run \(tabgen): \(error.localizedDescription)") }
process.waitUntilExit()
guard process.terminationStatus == 0 else {
    try? FileManager.default.removeItem(at: scratch)
    exit(process.terminationStatus)
}

// One file: each generated file's text in name order. They hold no file-scope
// `private` declarations, so joining them changes nothing.
let names: [String]
do {
    names = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".swift") }.sorted()
} catch { fail("tabgen wrote nothing: \(error.localizedDescription)") }
var joined = ""
for name in names {
    // Only the files emit wrote: never a link to somewhere else.
    var info = stat()
    guard lstat(scratch.appendingPathComponent(name).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        try? FileManager.default.removeItem(at: scratch)
        fail("the generated \(name) is not a regular file")
    }
    guard let text = try? String(contentsOf: scratch.appendingPathComponent(name), encoding: .utf8) else { fail("cannot read the generated \(name)") }
    joined += "// MARK: - \(name)\n\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "\n"
}
// Unchanged contents keep the file's date, so nothing depending on it rebuilds.
if (try? String(contentsOfFile: output, encoding: .utf8)) != joined {
    do { try Data(joined.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch { fail("cannot write \(output): \(error.localizedDescription)") }
}
