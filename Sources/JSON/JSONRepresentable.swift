/// A Swift value with a canonical JSON form, so responses can be assembled from model
/// values without spelling out `JSONValue` cases by hand.
public protocol JSONRepresentable {
    /// The value as JSON.
    var json: JSONValue { get }
}
