"""atout.analysis."""
