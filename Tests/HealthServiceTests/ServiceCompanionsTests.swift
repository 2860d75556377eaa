import HealthStore
import Locking
import Testing

@Suite struct ChangeBellTests {
    @Test func everyListenerHearsEachRingUntilItStops() {
        let bell = ChangeBell()
        let first = Locked(0)
        let second = Locked(0)
        let a = bell.listen { first.withLock { $0 += 1 } }
        bell.listen { second.withLock { $0 += 1 } }
        bell.ring()
        bell.stopListening(a)
        bell.ring()
        #expect(first.withLock { $0 } == 1)
        #expect(second.withLock { $0 } == 2)
    }
}
