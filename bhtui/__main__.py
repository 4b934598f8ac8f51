from bhtui.cli import main

raise SystemExit(main())
