"""What ``build.py`` does, one job a module; ``build.py`` itself only parses commands.

Standard library only (``icons`` imports Playwright inside the one function that needs it),
so it runs on a bare Python >= 3.11 before anything is installed. Tests and benchmarks import
these modules, never ``build.py``:

* :mod:`buildtools.paths` — where things are, and what the build ships (names only)
* :mod:`buildtools.shell` — step headers, running commands, failing, a lock between processes
* :mod:`buildtools.npm` — ``npm ci`` when node_modules/ is missing or stale
* :mod:`buildtools.appzip` — the project's Python as one deterministic zip; content hashes
* :mod:`buildtools.pyscript` — which PyScript and Pyodide modules a boot loads
* :mod:`buildtools.bytecode` — the Python bundle compiled inside the shipped Pyodide
* :mod:`buildtools.dist` — assembling dist/ (page, runtime, service worker)
* :mod:`buildtools.server` — serving dist/ with the right content types
* :mod:`buildtools.chromium` — finding (or installing) Chromium and its flags
* :mod:`buildtools.tools` — installing the pinned test tools; the static checks; pytest's command
* :mod:`buildtools.icons` — the manifest's PNG icons drawn from their SVGs
* :mod:`buildtools.bench` — which benchmark scripts ``build.py bench`` runs

The app's zip holds only ``engine`` and ``web`` (:data:`buildtools.paths.APP_PACKAGES`): none
of this reaches the browser.
"""
