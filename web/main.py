"""PyScript entry point: start the dominoes table on this page."""

from pyodide.ffi import create_proxy
from pyscript import document, window

from web.app import App

App(document, window, create_proxy).start()
