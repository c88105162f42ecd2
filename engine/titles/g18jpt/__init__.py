"""18JP-T: Railroading in Japan (greater Tokyo) on the 1830 rules (Toryo Hojo)."""
