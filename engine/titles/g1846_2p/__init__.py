"""1846 2p Variant: 1846 for two players (unofficial rules by the designer)."""
