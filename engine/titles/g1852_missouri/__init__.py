"""1852: Missouri (Scott Petersen, All-Aboard Games): 1846's rules on a Missouri map."""
