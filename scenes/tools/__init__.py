"""Tools for the screens: benchmarks and the screenshot taker. Imported by nothing."""
