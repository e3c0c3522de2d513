"""atout.solver.kernels.point."""
