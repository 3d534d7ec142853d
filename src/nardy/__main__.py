"""``python -m nardy``: the same as the ``nardy`` command."""

import sys

from nardy.cli.main import main

sys.exit(main())
