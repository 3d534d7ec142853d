"""``python -m nardy``: the same as the ``nardy`` command."""

import sys

from nardy.legalio import legal_main

# Plainly `nardy legal` starts without the other commands' modules.
code = legal_main(sys.argv[1:])
if code is None:
    from nardy.cli import main

    code = main()
sys.exit(code)
