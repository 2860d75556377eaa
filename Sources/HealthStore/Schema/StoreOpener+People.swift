import SQLiteStore

extension StoreOpener {
    /// How the files of people beyond the first are opened: fewer readers and smaller
    /// caches than the first person's, so that ten people open at once stay near the
    /// memory of one.
    public static let personConfiguration: DatabaseConfiguration = {
        var configuration = DatabaseConfiguration()
        configuration.readerCount = 2
        configuration.cacheSizeKiB = 8 * 1024
        configuration.readerCacheSizeKiB = 2 * 1024
        configuration.statementCacheCapacity = 64
        return configuration
    }()
}
