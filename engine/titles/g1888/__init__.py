"""1888: the north of China (Leonhard Orgler): data, rules and its own steps."""
