"""18Chesapeake: Off the Rails, a variant of 18Chesapeake (its own market, trains, floats and end)."""
