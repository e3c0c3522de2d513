"""atout.solver.kernels.bridge."""
