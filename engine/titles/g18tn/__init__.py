"""18TN: The Railroads Come to Tennessee (Mark Derrick)."""
