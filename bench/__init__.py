"""bench/: the measurements (Google Benchmark reports, perft rounds, matches, embedded figures)."""
