"""18GA: The Railroads Come to Georgia (Mark Derrick)."""
