import Testing
import HTTPTransport

@Suite("Query items and decoded path")
struct QueryTests {
    private func request(_ target: String) -> HTTPRequest { HTTPRequest(method: .get, target: target) }

    @Test func decodesFormStyleItems() {
        let items = request("/s?name=J%C3%BCrgen+Smith&empty=&flag&a=1&&a=2&x%3Dy=%26").queryItems
        #expect(items.map(\.name) == ["name", "empty", "flag", "a", "a", "x=y"])
        #expect(items.map(\.value) == ["Jürgen Smith", "", "", "1", "2", "&"])
    }

    @Test func queryValuesInOrder() {
        let r = request("/s?metric=hr&metric=steps&other=1")
        #expect(r.queryValues("metric") == ["hr", "steps"])
        #expect(r.queryValues("missing") == [])
    }

    @Test func noQuery() {
        #expect(request("/s").queryItems.isEmpty)
        #expect(request("/s?").queryItems.isEmpty)
    }

    @Test func invalidEscapesInQueriesStayLiteral() {
        #expect(request("/s?a=100%&b=%zz&c=%4").queryItems.map(\.value) == ["100%", "%zz", "%4"])
        #expect(request("/s?a=%FF").queryItems.first?.value == "\u{FFFD}")
    }

    @Test func decodedPath() {
        #expect(request("/a%20b/c+d").decodedPath == "/a b/c+d")
        #expect(request("/caf%C3%A9?x=1").decodedPath == "/café")
        #expect(request("/plain").decodedPath == "/plain")
        #expect(request("/bad%zz").decodedPath == nil)
        #expect(request("/bad%4").decodedPath == nil)
        #expect(request("/bad%").decodedPath == nil)
        #expect(request("/bad%FF").decodedPath == nil, "not UTF-8")
    }
}
