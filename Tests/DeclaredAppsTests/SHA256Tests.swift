import Testing

@testable import DeclaredApps

/// The digest a loaded app carries is SHA-256 (FIPS 180-4's examples, and a message across two blocks).
@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "known digests",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
        ])
    func digest(message: String, hex: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == hex)
    }
}
