import Dispatch
import Locking
import Testing

/// `Locked`, the lock every module uses: exclusive access, errors passed through.
@Suite struct LockedTests {
    @Test func concurrentIncrementsAreNotLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    struct Refused: Error, Equatable {}

    @Test func anErrorThrownInsideLeavesTheLockUsable() {
        let value = Locked([1, 2])
        #expect(throws: Refused.self) {
            try value.withLock { (items: inout [Int]) throws(Refused) in
                items.append(3)
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == [1, 2, 3], "changes made before the throw stay, as with Mutex")
    }
}
