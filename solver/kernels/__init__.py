"""atout.solver.kernels."""
