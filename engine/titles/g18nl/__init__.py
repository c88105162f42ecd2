"""18NL: the Netherlands on the 1830 rules (Helmut Ohley)."""
