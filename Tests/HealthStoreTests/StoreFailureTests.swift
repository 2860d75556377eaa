import Testing
import SQLiteStore
import HealthStore

/// SQLite's extended result codes, classified without the caller seeing SQLite.
@Suite struct StoreFailureTests {
    @Test func codesAreClassifiedByTheirPrimaryCode() {
        func kind(_ code: Int32) -> StoreFailure.Kind? { StoreFailure.classify(SQLiteError(extendedCode: code, message: "m"))?.kind }
        #expect(kind(SQLiteError.full) == .full)
        #expect(kind(SQLiteError.busy) == .busy)
        #expect(kind(517) == .busy)  // SQLITE_BUSY_SNAPSHOT
        #expect(kind(SQLiteError.locked) == .busy)
        #expect(kind(SQLiteError.ioError) == .ioError)
        #expect(kind(SQLiteError.ioErrorFsync) == .ioError)
        #expect(kind(SQLiteError.readOnly) == .readOnly)
        #expect(kind(SQLiteError.corrupt) == .corrupt)
        #expect(kind(SQLiteError.constraintUnique) == .constraint)
        #expect(kind(SQLiteError.misuse) == .other)
        #expect(StoreFailure.classify(SQLiteError(extendedCode: SQLiteError.ioErrorFsync, message: "m"))?.code == SQLiteError.ioErrorFsync)
    }

    @Test func otherErrorsAreNotStorageFailures() {
        struct Unrelated: Error {}
        #expect(StoreFailure.classify(Unrelated()) == nil)
        let failure = StoreFailure(kind: .full, code: 13)
        #expect(StoreFailure.classify(failure) == failure)
    }
}
