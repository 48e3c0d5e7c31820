import sys

from .scaffold import main

sys.exit(main())
