"""18MS: The Railroads Come to Mississippi (Mark Derrick)."""
