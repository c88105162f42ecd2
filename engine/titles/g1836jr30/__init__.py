"""1836Jr-30: the Low Countries on the 1830 rules (David G. D. Hecht)."""
