"""Run the deck validator CLI: python -m rules validate FILE.json."""

import sys

from rules.cli import main

sys.exit(main())
