"""Benchmarks of Pixel Parlor (not part of the test suite): ``python -m benchmarks``."""
