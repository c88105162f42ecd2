"""18AL (Mark Derrick): see ``data.py`` and ``rules.py``."""
