"""1847 AE (Pfalz - Anniversary Edition, Wolfram Janich): data in ``data.py``, rules in ``rules.py``."""
