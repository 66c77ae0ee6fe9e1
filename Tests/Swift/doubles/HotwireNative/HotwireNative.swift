// A test double of the public API of Hotwire Native iOS (hotwired/hotwire-native-ios,
// Source/Bridge) that tabgen's generated bridge component bases use, declared as the
// real library declares it: the same names, signatures, isolation (`@MainActor`
// components and delegates, a `nonisolated` component name) and behaviour where the
// bases rely on it (a reply answers the last message received for its event). The
// library cannot be fetched here; its web view, bridge and lifecycle are left out.
// Written from reading the public API, not copied.

import Foundation

/// The screen that owns a page's bridge components (a `HotwireWebViewController`).
public protocol BridgeDestination: AnyObject {}

/// The message structure sent back and forth over the bridge. Not `Sendable`, as in the
/// library (Source/Bridge/Message.swift): a component that sends one across isolation
/// domains does not compile against it.
public struct Message: Equatable {
    public struct Metadata: Equatable {
        public let url: String

        public init(url: String) {
            self.url = url
        }
    }

    public let id: String
    public let component: String
    public let event: String
    public let metadata: Metadata?
    /// The message's data, a JSON object as text.
    public let jsonData: String

    public init(id: String, component: String, event: String, metadata: Metadata?, jsonData: String) {
        self.id = id
        self.component = component
        self.event = event
        self.metadata = metadata
        self.jsonData = jsonData
    }

    /// The message with its event or data replaced.
    public func replacing(event updatedEvent: String? = nil, jsonData updatedData: String? = nil) -> Message {
        Message(id: id, component: component, event: updatedEvent ?? event, metadata: metadata, jsonData: updatedData ?? jsonData)
    }

    /// The message with its data replaced by `data`, encoded as the library's default
    /// `JSONEncoder` does.
    public func replacing<T: Encodable>(event updatedEvent: String? = nil, data: T) -> Message {
        let text = (try? JSONEncoder().encode(data)).flatMap { String(data: $0, encoding: .utf8) }
        return replacing(event: updatedEvent, jsonData: text)
    }

    /// The data decoded as `T`, or nil (the real library logs the error and returns nil:
    /// the behaviour tabgen's bases replace).
    public func data<T: Decodable>() -> T? {
        try? JSONDecoder().decode(T.self, from: Data(jsonData.utf8))
    }
}

/// What a component talks to: the real `BridgeDelegate` forwards a reply to the web view.
@MainActor
public protocol BridgingDelegate: AnyObject {
    var location: String { get }
    var destination: BridgeDestination? { get }
    func reply(with message: Message) async throws -> Bool
}

public enum BridgeComponentError: Error {
    case delegateNil
}

/// The base class of every bridge component.
@MainActor
open class BridgeComponent {
    public typealias ReplyCompletionHandler = (Result<Bool, Error>) -> Void

    /// The component's name; every subclass must override it.
    open nonisolated class var name: String {
        fatalError("test double: a BridgeComponent subclass overrides name")
    }

    public weak var delegate: BridgingDelegate?
    private var receivedMessages: [String: Message] = [:]

    public required init(destination: BridgeDestination, delegate: BridgingDelegate) {
        self.delegate = delegate
    }

    /// Called with each message the web sends this component.
    open func onReceive(message: Message) {
        fatalError("test double: a BridgeComponent subclass overrides onReceive(message:)")
    }

    /// What the library calls for each message: remembers it for replies, then `onReceive`.
    public func didReceive(message: Message) {
        receivedMessages[message.event] = message
        onReceive(message: message)
    }

    /// The last message received for `event`.
    public func receivedMessage(for event: String) -> Message? {
        receivedMessages[event]
    }

    @discardableResult
    public func reply(with message: Message) async throws -> Bool {
        guard let delegate else { return false }
        return try await delegate.reply(with: message)
    }

    public func reply(with message: Message, completion: ReplyCompletionHandler? = nil) {
        Task {
            guard let delegate else {
                completion?(.failure(BridgeComponentError.delegateNil))
                return
            }
            do {
                completion?(.success(try await delegate.reply(with: message)))
            } catch {
                completion?(.failure(error))
            }
        }
    }

    /// Replies to the last message received for `event` with its own data.
    @discardableResult
    public func reply(to event: String) async throws -> Bool {
        guard let message = receivedMessage(for: event) else { return false }
        return try await reply(with: message)
    }

    public func reply(to event: String, completion: ReplyCompletionHandler? = nil) {
        Task {
            do {
                completion?(.success(try await reply(to: event)))
            } catch {
                completion?(.failure(error))
            }
        }
    }

    /// Replies to the last message received for `event` with `jsonData`.
    @discardableResult
    public func reply(to event: String, with jsonData: String) async throws -> Bool {
        guard let message = receivedMessage(for: event) else { return false }
        return try await reply(with: message.replacing(jsonData: jsonData))
    }

    public func reply(to event: String, with jsonData: String, completion: ReplyCompletionHandler? = nil) {
        Task {
            do {
                completion?(.success(try await reply(to: event, with: jsonData)))
            } catch {
                completion?(.failure(error))
            }
        }
    }

    /// Replies to the last message received for `event` with `data` encoded.
    @discardableResult
    public func reply<T: Encodable>(to event: String, with data: T) async throws -> Bool {
        guard let message = receivedMessage(for: event) else { return false }
        return try await reply(with: message.replacing(data: data))
    }

    public func reply<T: Encodable>(to event: String, with data: T, completion: ReplyCompletionHandler? = nil) {
        Task {
            do {
                completion?(.success(try await reply(to: event, with: data)))
            } catch {
                completion?(.failure(error))
            }
        }
    }
}
