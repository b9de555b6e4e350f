"""PyScript entry point: start the dominoes table on this page."""

from pyodide.ffi import create_proxy
from pyscript import document, window

from web import dataclass_cache

dataclass_cache.install()  # before the app's modules define their dataclasses

from web.app import App  # noqa: E402

window.performance.mark("dominoes:imported")  # (the boot benchmark's breakdown)
App(document, window, create_proxy).start()
