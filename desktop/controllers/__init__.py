"""Controllers: user gestures and background work turned into engine actions and results."""
