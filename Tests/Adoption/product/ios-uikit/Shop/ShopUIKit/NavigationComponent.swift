// Hand-written before tabgen: the bridge component decodes the message with a private
// type nested in an extension, as the reference product's does.
import Foundation

final class NavigationComponent {
    func tabs(from json: Data) -> [TabData]? {
        (try? JSONDecoder().decode(MessageData.self, from: json))?.tabs
    }
}

private extension NavigationComponent {
    struct MessageData: Decodable {
        let active: String?
        let tabs: [TabData]
    }
}
