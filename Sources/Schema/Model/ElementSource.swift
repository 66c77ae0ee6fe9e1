/// Where an event's data comes from when the page's script builds it from the DOM (the
/// contract's `fromElement`), as Hotwire Native's demo controllers do with `BridgeElement`:
/// the form's `submitTitle` is `new BridgeElement(this.submitTarget).title`, the menu's
/// items are its `item` targets that are not `data-bridge-disabled`.
///
/// One definition read by every side: `validate --html` builds the data from the page with
/// it, the generated Stimulus base and Ruby helper follow it (docs/contract.md).
public struct ElementField: Sendable, Equatable {
    /// The data's property that gets the value.
    public var name: String
    public var source: ElementSource

    public init(name: String, source: ElementSource) {
        self.name = name
        self.source = source
    }
}

public indirect enum ElementSource: Sendable, Equatable {
    /// One value read from one element.
    case read(ElementRead)
    /// An array: one object per element of the Stimulus target `target` (all of
    /// `this.<target>Targets`, in page order), each built from `fields` read on that
    /// element; with `skipDisabled`, elements `BridgeElement.disabled` calls disabled
    /// (`data-bridge-disabled="true"`) are left out, though they keep their `#index`.
    case each(target: String, skipDisabled: Bool, fields: [ElementField])
}

/// One value read from an element: the first of `names` that is not empty, as JavaScript's
/// `a || b || c` picks it (so the last one's value, maybe empty or missing, when none is),
/// then trimmed of white space when `trim` is set. A missing value with `trim` makes
/// `BridgeElement.title` throw (`undefined.trim()`), so nothing is sent.
public struct ElementRead: Sendable, Equatable {
    /// The first element of this Stimulus target (`this.<target>Target`); nil reads the
    /// controller's element itself (`this.bridgeElement`), or, inside `each`, that element.
    public var target: String?
    /// Attribute names (`data-bridge-title`, `aria-label`), or one of `pseudoNames`.
    public var names: [String]
    public var trim: Bool

    public init(target: String? = nil, names: [String], trim: Bool = false) {
        self.target = target
        self.names = names
        self.trim = trim
    }

    /// `#text`: the element's `textContent`; `#value`: its `value` (the `value` attribute
    /// of `<button>`, `<input>`, `<option>`, `<data>`, the text of a `<textarea>`);
    /// `#index`: inside `each`, the element's position among all the target's elements
    /// (a number, not a string).
    public static let pseudoNames: Set<String> = ["#text", "#value", "#index"]
}

extension ElementSource {
    /// The Stimulus targets this source reads (for the scanner: which elements to keep).
    public var targets: [String] {
        switch self {
        case .read(let read): read.target.map { [$0] } ?? []
        case .each(let target, _, _): [target]
        }
    }
}
