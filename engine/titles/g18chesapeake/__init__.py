"""18Chesapeake: The Birth of American Railroads (data, rules and the two-player market pool)."""
