"""18MEX (Mark Derrick): see ``data.py`` and ``rules.py``."""
