"""18 Los Angeles, first edition (a narrowing of the second edition, g18_los_angeles)."""
