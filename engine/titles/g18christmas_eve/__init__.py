"""Uncle Lachlan's 18 Christmas Eve: an 18Chesapeake-family game in a house (rooms, gifts, the Egg Nog Express)."""
