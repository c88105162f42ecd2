"""Game model: players, companies, corporations, shares, market, bank, trains, phases."""
