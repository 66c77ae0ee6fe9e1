// The program BridgeComponentBaseEndToEndTests compiles with the generated bridge
// component bases and the HotwireNative double: an app's components, subclassed from
// the bases, receive messages as the library delivers them (`didReceive(message:)`) and
// reply through a delegate that records what goes to the web view. Each line it prints
// is one observation the test asserts: `CALL\tcomponent\twhat was called`,
// `REPLY\tid\tevent\tmetadata url\tjsonData`.

import Foundation
import HotwireNative

final class Screen: BridgeDestination {}

/// The delegate the library gives a component: this one records each reply instead of
/// sending it to a web view.
final class RecordingDelegate: BridgingDelegate {
    let location = "https://example.com/"
    let screen = Screen()
    var destination: BridgeDestination? { screen }
    var replies: [Message] = []

    func reply(with message: Message) async throws -> Bool {
        replies.append(message)
        print("REPLY\t\(message.id)\t\(message.event)\t\(message.metadata?.url ?? "none")\t\(message.jsonData)")
        return true
    }
}

func call(_ component: String, _ text: String) {
    print("CALL\t\(component)\t\(text)")
}

func describe(_ findings: [TabgenViolation]) -> String {
    findings.map { "\($0.code) \($0.severity.rawValue) \($0.pointer.isEmpty ? "(root)" : $0.pointer)" }.joined(separator: ", ")
}

final class Navigation: NavigationComponentBase {
    override func onConfigure(_ data: MessageData) {
        call("navigation", "onConfigure tabs=\(data.tabs.map(\.id).joined(separator: ",")) active=\(data.active ?? "null")")
    }

    override func onUnknownEvent(_ message: Message) {
        call("navigation", "onUnknownEvent \(message.event)")
    }

    override func onDecodingFailure(event: String, findings: [TabgenViolation]) {
        call("navigation", "onDecodingFailure \(event): \(describe(findings))")
    }

    override func onDecodingWarnings(event: String, findings: [TabgenViolation]) {
        call("navigation", "onDecodingWarnings \(event): \(describe(findings))")
    }

    override func onToleratedErrors(event: String, findings: [TabgenViolation]) {
        call("navigation", "onToleratedErrors \(event): \(describe(findings))")
    }
}

/// Overrides nothing but the handler: the default reports go to the log (stderr here).
final class QuietNavigation: NavigationComponentBase {
    override func onConfigure(_ data: MessageData) {
        call("quiet", "onConfigure")
    }
}

final class AppMenu: MenuComponentBase {
    override func onDisplay(_ data: MenuContract.MenuData) {
        call("menu", "onDisplay title=\(data.title) items=\(data.items.map { "\($0.index):\($0.title)" }.joined(separator: ",")) source=\(data.source.map { "\($0.width)x\($0.height)" } ?? "none")")
    }

    override func onDecodingFailure(event: String, findings: [TabgenViolation]) {
        call("menu", "onDecodingFailure \(event): \(describe(findings))")
    }
}

final class AppForm: FormComponentBase {
    override func onConnect(_ data: FormContract.FormData) {
        call("form", "onConnect submitTitle=\(data.submitTitle)")
    }

    override func onSubmitDisabled() {
        call("form", "onSubmitDisabled")
    }

    // The typed metadata: the bridge adds the page's URL to every message.
    override func onSubmitEnabled(metadata: Message.Metadata?) {
        call("form", "onSubmitEnabled url=\(metadata?.url ?? "none")")
    }
}

/// The navigation base generated with decoding: strict.
final class StrictNavigation: StrictNavigationComponentBase {
    override func onConfigure(_ data: StrictNavigationContract.MessageData) {
        call("strict", "onConfigure")
    }

    override func onDecodingFailure(event: String, findings: [TabgenViolation]) {
        call("strict", "onDecodingFailure \(event): \(describe(findings))")
    }

    override func onToleratedErrors(event: String, findings: [TabgenViolation]) {
        call("strict", "onToleratedErrors \(event): \(describe(findings))")
    }
}

/// The form whose data admits no unknown member, decoded strictly (issue 26).
final class AppClosedForm: ClosedFormComponentBase {
    override func onConnect(_ data: ClosedFormContract.FormData) {
        call("closed-form", "onConnect submitTitle=\(data.submitTitle)")
    }

    override func onSubmitDisabled() {
        call("closed-form", "onSubmitDisabled")
    }

    override func onDecodingFailure(event: String, findings: [TabgenViolation]) {
        call("closed-form", "onDecodingFailure \(event): \(describe(findings))")
    }
}

func message(_ component: String, _ event: String, _ json: String, id: String = "1") -> Message {
    Message(id: id, component: component, event: event, metadata: Message.Metadata(url: "https://example.com/page"), jsonData: json)
}

/// Waits for a reply sent with a completion handler (the library sends it from a Task).
func awaitReply(_ send: (@escaping BridgeComponent.ReplyCompletionHandler) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        send { result in
            switch result {
            case .success(let sent): print("SENT\t\(sent)")
            case .failure(let error): print("SENT\tfailed \(error)")
            }
            continuation.resume()
        }
    }
}

let delegate = RecordingDelegate()
let navigation = Navigation(destination: delegate.screen, delegate: delegate)
print("NAME\t\(Navigation.name)\t\(MenuComponentBase.name)\t\(FormComponentBase.name)")

print("CASE\tconfigure")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox"}],"active":"inbox","metadata":{"url":"https://example.com/page"}}"#))
print("CASE\twrong type")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":[{"id":"home","title":7,"icon":"house","path":"/"}],"active":null}"#))
print("CASE\tmissing member")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":[{"id":"home","icon":"house","path":"/"}],"active":null}"#))
// JSONDecoder's own error would say TG010 for both, and for the second the coding path of
// init(from:) (members in declaration order), not the first finding in the text.
print("CASE\twrong shape")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":7,"active":null}"#))
print("CASE\tenum value of the wrong type, after a missing member")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"old","title":"Old","path":"/old","deprecated":5}],"active":null}"#))
print("CASE\tnot JSON")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":"#))
print("CASE\tduplicate key")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":[],"active":null,"active":"home"}"#))
print("CASE\tduplicate ids")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox"},{"id":"home","title":"Again","icon":"star","path":"/again"}],"active":"home"}"#))
// What the reference Rails app sends a signed-in user on GET /favorites with the Explore
// flag off: active names no tab (TG102). The reference clients act on it (they fall back
// to the first tab), so the base hands it to the handler after reporting the error.
print("CASE\tactive names no tab")
navigation.didReceive(message: message("navigation", "configure", #"{"active":"favorites","tabs":[{"id":"home","title":"Home","icon":"house.fill","path":"/"},{"id":"explore","title":"Explore","icon":"magnifyingglass","path":"/explore"},{"id":"library","title":"Library","icon":"books.vertical","path":"/library"},{"id":"profile","title":"Profile","icon":"person.crop.circle","path":"/profile"}]}"#))
print("CASE\tstrict: active names no tab")
StrictNavigation(destination: delegate.screen, delegate: delegate).didReceive(message: message("strict-navigation", "configure", #"{"active":"favorites","tabs":[{"id":"home","title":"Home","icon":"house.fill","path":"/"},{"id":"explore","title":"Explore","icon":"magnifyingglass","path":"/explore"}]}"#))
// No tabs: the reference Android client reads it as bootstrap (its default is an empty list).
print("CASE\tmissing tabs")
navigation.didReceive(message: message("navigation", "configure", #"{"active":"home"}"#))
print("CASE\tstrict: missing tabs")
StrictNavigation(destination: delegate.screen, delegate: delegate).didReceive(message: message("strict-navigation", "configure", #"{"active":"home"}"#))
// Two tabs replacing one: TG107, whose payloads trap the iOS client, is refused.
print("CASE\tduplicate replaces")
navigation.didReceive(message: message("navigation", "configure", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"old","title":"Old","icon":"star","path":"/old","deprecated":"soft"},{"id":"a","title":"A","icon":"a","path":"/a","replaces":"old"},{"id":"b","title":"B","icon":"b","path":"/b","replaces":"old"}]}"#))
print("CASE\tunknown enum value")
navigation.didReceive(message: message("navigation", "configure", #"{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox"},{"id":"old","title":"Old","icon":"star","path":"/old","deprecated":"gentle"}],"active":"home"}"#))
print("CASE\tunknown event")
navigation.didReceive(message: message("navigation", "reload", "{}"))

print("CASE\tdefault logging")
let quiet = QuietNavigation(destination: delegate.screen, delegate: delegate)
quiet.didReceive(message: message("navigation", "configure", #"{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox"},{"id":"home","title":"Again","icon":"star","path":"/again"}],"active":"home"}"#))
quiet.didReceive(message: message("navigation", "reload", "{}"))

print("CASE\tmenu display and selected reply")
let menu = AppMenu(destination: delegate.screen, delegate: delegate)
menu.didReceive(message: message("menu", "display", #"{"title":"Actions","items":[{"title":"Edit","index":0},{"title":"Delete","index":2}]}"#, id: "7"))
await awaitReply { menu.replySelected(MenuContract.Selection(selectedIndex: 2), completion: $0) }
print("CASE\tmenu wrong index type")
menu.didReceive(message: message("menu", "display", #"{"title":"Actions","items":[{"title":"Edit","index":"zero"}]}"#))

print("CASE\tform")
let form = AppForm(destination: delegate.screen, delegate: delegate)
// As the bridge sends it, with the page's URL in its data; the echo reply sends it back.
form.didReceive(message: message("form", "connect", #"{"submitTitle":"Save","metadata":{"url":"https://example.com/page"}}"#, id: "9"))
// As the bridge sends a data-less event: its data is the envelope alone.
form.didReceive(message: message("form", "submitDisabled", #"{"metadata":{"url":"https://example.com/page"}}"#))
form.didReceive(message: message("form", "submitEnabled", "{}"))
await awaitReply { form.replySubmit(completion: $0) }

// As the demo's form sends them: the bridge's metadata is the envelope, not a member.
print("CASE\tclosed form")
let closedForm = AppClosedForm(destination: delegate.screen, delegate: delegate)
closedForm.didReceive(message: message("closed-form", "connect", #"{"submitTitle":"Save","metadata":{"url":"https://example.com/page"}}"#))
closedForm.didReceive(message: message("closed-form", "submitDisabled", #"{"metadata":{"url":"https://example.com/page"}}"#))
print("END")
