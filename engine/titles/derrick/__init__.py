"""Mark Derrick's 18xx games (18GA, 18TN, 18MS, 1850 Jr ...): what the family shares, written once.

``family.py`` holds the shared rule switches (``derrick_rules``), the shared game class ``DerrickGame``
(company prices from half to one and a half times face value, the "recently floated" corporations that may
get extra yellow lays in their first operating round, the operating round with one depot train per round in
the early phases) and the services it names.  Each title package adds its facts and its own hooks.
"""
