import sys

from linseg.cli import main

sys.exit(main())
