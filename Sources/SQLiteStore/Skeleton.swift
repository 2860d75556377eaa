public enum SQLiteStoreSkeleton {}
