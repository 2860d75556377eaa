import Testing
import XMLStream

/// The pull parser over documents fed in pieces of every size, so every token also
/// straddles a buffer boundary somewhere.
@Suite struct XMLStreamReaderTests {
    /// All events of `text`, fed `piece` bytes at a time through a buffer of `buffer` bytes.
    static func events(_ text: String, piece: Int = 1 << 20, buffer: Int = 1 << 20) throws -> [XMLEvent] {
        let bytes = Array(text.utf8)
        var offset = 0
        let reader = XMLStreamReader(bufferSize: buffer) { destination in
            let count = min(piece, destination.count, bytes.count - offset)
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes { source in destination.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count) }
            offset += count
            return count
        }
        var out: [XMLEvent] = []
        while let event = try reader.next() { out.append(event) }
        return out
    }

    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation)*)>
        <!ATTLIST ExportDate
          value CDATA #REQUIRED
        <!ATTLIST Record device CDATA #IMPLIED "unbalanced quote
        >
        ]>
        <HealthData locale="en_US">
         <!-- a comment -->
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jane&apos;s &amp; Co" device="&lt;&lt;HKDevice: 0x1&gt;, name:iPhone&gt;&gt;" value="12"/>
         <Record type='single' value="&#x41;&#66;">
          <MetadataEntry key="k" value="v"/>
         </Record>
        </HealthData>
        """

    static let expected: [XMLEvent] = [
        .start(XMLElement(name: "HealthData", attributes: [("locale", "en_US")])),
        .start(XMLElement(name: "Record", attributes: [("type", "HKQuantityTypeIdentifierStepCount"), ("sourceName", "Jane's & Co"),
                                                       ("device", "<<HKDevice: 0x1>, name:iPhone>>"), ("value", "12")], selfClosing: true)),
        .start(XMLElement(name: "Record", attributes: [("type", "single"), ("value", "AB")])),
        .start(XMLElement(name: "MetadataEntry", attributes: [("key", "k"), ("value", "v")], selfClosing: true)),
        .end("Record"),
        .end("HealthData"),
    ]

    @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
    func aMalformedDoctypeEntitiesAndCommentsInPiecesOfAnySize(piece: Int) throws {
        #expect(try Self.events(Self.export, piece: piece, buffer: 64) == Self.expected)
    }

    /// Values repeat from element to element (the reader hands out the last string for
    /// equal bytes): a repeated value, one that differs in a byte, an entity that spells
    /// the previous value's text, replaced invalid UTF-8 and then its replacement spelled
    /// out, each decode as if read alone.
    @Test(arguments: [1, 5, 1 << 20])
    func repeatedValuesDecodeAsIfReadAlone(piece: Int) throws {
        // (as written, as read): "a&amp;amp;b" reads as the text of the value before it.
        let values: [(raw: String, text: String)] = [
            ("a&amp;b", "a&b"), ("a&amp;b", "a&b"), ("a&amp;amp;b", "a&amp;b"), ("a&amp;b", "a&b"), ("same", "same"), ("same", "same"),
            ("samf", "samf"), ("&#x73;ame", "same"), ("same", "same"), ("\u{FFFD}x", "\u{FFFD}x"), ("\u{FFFD}x", "\u{FFFD}x"),
            ("", ""), ("", ""), ("same", "same"),
        ]
        var text = "<r>"
        for value in values { text += "<e k=\"\(value.raw)\" v=\"1\"/><f \(value.raw.isEmpty ? "" : "k2=\"\(value.raw)\"")/>" }
        text += "</r>"
        let expected: [XMLEvent] = [.start(XMLElement(name: "r", attributes: []))]
            + values.flatMap { value -> [XMLEvent] in
                [.start(XMLElement(name: "e", attributes: [("k", value.text), ("v", "1")], selfClosing: true)),
                 .start(XMLElement(name: "f", attributes: value.raw.isEmpty ? [] : [("k2", value.text)], selfClosing: true))]
            }
            + [.end("r")]
        #expect(try Self.events(text, piece: piece, buffer: 64) == expected)
        // Invalid UTF-8 is replaced, and the same bytes again are replaced the same way.
        var bytes = Array("<r><e k=\"".utf8) + [0xF0, 0x90, 0x80] + Array("x\"/><e k=\"".utf8) + [0xF0, 0x90, 0x80] + Array("x\"/><e k=\"\u{FFFD}x\"/></r>".utf8)
        let reader = XMLStreamReader { destination in
            let count = min(destination.count, bytes.count)
            for index in 0..<count { destination[index] = bytes[index] }
            bytes.removeFirst(count)
            return count
        }
        var keys: [String] = []
        while let event = try reader.next() {
            if case .start(let element) = event, let value = element.attributes.first?.value { keys.append(value) }
        }
        #expect(keys == ["\u{FFFD}x", "\u{FFFD}x", "\u{FFFD}x"])
    }

    @Test func noDeclarationNoDoctypeTextAndCDATA() throws {
        let events = try Self.events("<gpx><trkpt lat=\"1.5\" lon=\"2\"><time>2026-03-30T15:00:00Z</time><ele><![CDATA[3<4]]></ele></trkpt></gpx>")
        #expect(events == [
            .start(XMLElement(name: "gpx")), .start(XMLElement(name: "trkpt", attributes: [("lat", "1.5"), ("lon", "2")])),
            .start(XMLElement(name: "time")), .text("2026-03-30T15:00:00Z"), .end("time"),
            .start(XMLElement(name: "ele")), .text("3<4"), .end("ele"), .end("trkpt"), .end("gpx"),
        ])
    }

    @Test func aCutOffDocumentSaysWhereItEnds() throws {
        let cut = String(Self.export.prefix(Self.export.count - 40))
        #expect {
            _ = try Self.events(cut, piece: 5, buffer: 64)
        } throws: { error in
            guard let error = error as? XMLStreamError else { return false }
            return error.message.contains("cut off") || error.message.contains("middle of a tag")
        }
    }

    @Test func brokenStructureIsRefusedWithItsOffset() throws {
        #expect { _ = try Self.events("<a><b></a>") } throws: { ($0 as? XMLStreamError)?.message.contains("</b> was expected") == true }
        #expect { _ = try Self.events("<a x=1/>") } throws: { ($0 as? XMLStreamError)?.offset == 5 }
        #expect { _ = try Self.events("just text") } throws: { $0 is XMLStreamError }
        #expect { _ = try Self.events("") } throws: { ($0 as? XMLStreamError)?.message.contains("no root element") == true }
    }

    @Test func aTokenLargerThanTheLimitIsRefused() throws {
        let long = "<a v=\"" + String(repeating: "x", count: 5_000) + "\"/>"
        let bytes = Array(long.utf8)
        var offset = 0
        let reader = XMLStreamReader(bufferSize: 64, maxTokenBytes: 1_024) { destination in
            let count = min(destination.count, bytes.count - offset)
            bytes.withUnsafeBytes { destination.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
            offset += count
            return count
        }
        #expect { _ = try reader.next() } throws: { ($0 as? XMLStreamError)?.message.contains("longer than 1024 bytes") == true }
    }
}
