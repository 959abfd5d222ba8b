"""Shims for code written against other libraries' names (tnp.compat.tf)."""
