"""The benchmarks: each NAME.py here prints figures, not a verdict (`python3 -m benchmarks.NAME`,
scripts/ on PYTHONPATH; scripts/bench runs them)."""
