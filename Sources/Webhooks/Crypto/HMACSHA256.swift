/// HMAC-SHA256 (RFC 2104): the message authentication code Standard Webhooks signs with.
public enum HMACSHA256 {
    /// The code of `message` under `key`. Keys longer than a block are hashed first, as
    /// the RFC requires.
    public static func authenticate(key: some Collection<UInt8>, message: some Sequence<UInt8>) -> [UInt8] {
        var block = key.count > SHA256.blockByteCount ? SHA256.hash(key) : Array(key)
        block.append(contentsOf: repeatElement(0, count: SHA256.blockByteCount - block.count))
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        let innerDigest = inner.finalize()
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(innerDigest)
        return outer.finalize()
    }
}
