"""1846: The Race for the Midwest (data, set-up and draft; operating rules and steps)."""
