"""Benchmarks: `make bench` (python -m bench). Figures go to bench/results.json and the README."""
