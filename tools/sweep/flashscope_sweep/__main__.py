"""`python -m flashscope_sweep sweep SPEC --out DIR ...`: the entry point
`flashscope sweep` hands over to (it execs this module with --flashscope set
to its own path)."""
import sys

from .cli import main

sys.exit(main())
