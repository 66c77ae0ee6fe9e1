import JSON

/// The relativeReference check eight bytes at a time. Most tab paths are letters,
/// digits and a few of `/-._?=&@`, which decide the check alone: such a reference
/// holds unless it contains "//". A word holding any other byte (":", "#", "%", non-ASCII,
/// ...) sends the whole reference to the byte loop (`isRelativeReference(_:allowAuthority:)`),
/// which stays the one definition of the check.
extension BytePass {
    /// `isRelativeReference(_:allowAuthority:)`, by words where it can. `floor`: the
    /// lowest address that may be read (the payload's first byte), so a reference
    /// shorter than a word is read as the word that ends where it ends; nil when the
    /// bytes before it are unknown (a string decoded into the arena).
    static func isRelativeReference(_ slice: ByteSlice, allowAuthority: Bool, readableFrom floor: UnsafePointer<UInt8>?) -> Bool {
        let count = slice.count
        let bytes = slice.start
        if !allowAuthority, count > 0 {
            if count >= 8 {
                // Windows 7 bytes apart (the last one ending at the end), so every pair
                // of neighbours shares a window and a "//" cannot fall between two.
                var offset = 0
                while true {
                    switch ReferenceWord.classify(ByteWords.load(bytes + offset)) {
                    case .other: return isRelativeReference(slice, allowAuthority: false)
                    case .doubleSlash: return false
                    case .simple: break
                    }
                    if offset &+ 8 >= count { return true }
                    offset = Swift.min(offset &+ 7, count &- 8)
                }
            }
            if let floor, floor.distance(to: bytes) >= 8 &- count {
                // The word ending at the reference's last byte, its first 8 - count
                // bytes (before the reference: the low ones) read as letters.
                let outside = ~UInt64(0) >> UInt64(8 &* count)
                let letters = ByteWords.ones &* UInt64(UInt8(ascii: "a"))
                switch ReferenceWord.classify((ByteWords.load(bytes + count - 8) & ~outside) | (letters & outside)) {
                case .other: break
                case .doubleSlash: return false
                case .simple: return true
                }
            }
        }
        return isRelativeReference(slice, allowAuthority: allowAuthority)
    }
}

/// What eight bytes of a reference say about it.
enum ReferenceWord {
    /// All in the set the word test knows (see `classify`), no "//".
    case simple
    /// All in that set, with a "//".
    case doubleSlash
    /// A byte outside it: the byte loop decides.
    case other

    /// Each byte tested in parallel (SWAR) on its low seven bits, where adding a
    /// constant below 0x80 never carries into the next byte: high bit set when the
    /// byte is in one of `&'()*+,-./0-9`, `?@A-Z`, `a-z`, or is `_` or `=`, the bytes
    /// the byte loop lets through (with "/" and "?" moving it past the first segment,
    /// which matters only for a ":", not in the set). Byte n of `word` is its bits 8n...
    @inline(__always)
    static func classify(_ word: UInt64) -> ReferenceWord {
        let ones = ByteWords.ones, highs = ByteWords.highs
        let low = word & ~highs
        @inline(__always) func inRange(_ first: UInt8, _ last: UInt8) -> UInt64 {
            // At least `first`, and not above `last`.
            (low &+ ones &* UInt64(0x80 &- first)) & ~(low &+ ones &* UInt64(0x7F &- last))
        }
        @inline(__always) func equal(_ byte: UInt8) -> UInt64 {
            ~((low ^ (ones &* UInt64(byte))) &+ ones &* 0x7F)
        }
        let known = inRange(0x26, 0x39) | inRange(0x3F, 0x5A) | inRange(0x61, 0x7A) | equal(0x5F) | equal(0x3D)
        if (~known | word) & highs != 0 { return .other }
        let slashes = equal(0x2F) & highs
        return slashes & (slashes >> 8) != 0 ? .doubleSlash : .simple
    }
}
