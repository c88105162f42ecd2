"""18 Los Angeles (second edition) and, through it, the first edition (g18_los_angeles1)."""
