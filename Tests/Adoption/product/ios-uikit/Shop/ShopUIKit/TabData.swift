// Hand-written before tabgen: the tab bar's message, decoded by hand.
import Foundation

struct TabData: Decodable, Equatable {
    let id: String
    let title: String
    let icon: String
    let path: String
}
