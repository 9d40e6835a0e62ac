"""tests/embedded/: the sketches built and run in simulators (simavr, QEMU)."""
