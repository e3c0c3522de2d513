"""atout.cli: the `atout` command."""
