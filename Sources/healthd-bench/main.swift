#if canImport(Glibc)
import Glibc
#endif
import HealthBench

// The executable is only this: the benchmarks live in HealthBench, where they are tested.
exit(await BenchmarkTool.run(Array(CommandLine.arguments.dropFirst())))
