"""Tools: the arena, where players and bots meet over many deals, and the benchmarks. Imported by nothing."""
