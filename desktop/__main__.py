"""``python -m desktop [FILE]``."""

import sys

from desktop.app import main

sys.exit(main())
