extension MetricsRegistry {
    /// Registers the `process_*` families the Prometheus clients export, read from `/proc`
    /// at each scrape: `process_cpu_seconds_total`, `process_open_fds`, `process_max_fds`,
    /// `process_resident_memory_bytes`, `process_virtual_memory_bytes` and
    /// `process_start_time_seconds`. A figure that cannot be read is left out of the scrape.
    public func registerProcessMetrics() throws(MetricsError) {
        try collect("process_cpu_seconds_total", help: "Total user and system CPU time spent in seconds.", type: .counter) {
            Self.one(ProcessStats.cpuSeconds())
        }
        try collect("process_open_fds", help: "Number of open file descriptors.", type: .gauge) {
            Self.one(ProcessStats.openFileDescriptors().map(Double.init))
        }
        try collect("process_max_fds", help: "Maximum number of open file descriptors.", type: .gauge) {
            Self.one(ProcessStats.maxFileDescriptors().map(Double.init))
        }
        try collect("process_resident_memory_bytes", help: "Resident memory size in bytes.", type: .gauge) {
            Self.one(ProcessStats.residentMemoryBytes())
        }
        try collect("process_virtual_memory_bytes", help: "Virtual memory size in bytes.", type: .gauge) {
            Self.one(ProcessStats.virtualMemoryBytes())
        }
        try collect("process_start_time_seconds", help: "Start time of the process since unix epoch in seconds.", type: .gauge) {
            Self.one(ProcessStats.startTimeSeconds())
        }
    }

    /// A family's single sample, or none when the figure could not be read.
    private static func one(_ value: Double?) -> [CollectedSample] {
        value.map { [CollectedSample(value: $0)] } ?? []
    }
}
