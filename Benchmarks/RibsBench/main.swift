// Replaced by the benchmark suite.
print("ribsd-bench")
