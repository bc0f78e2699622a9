"""Where the project's read-only resources live, from source and from a PyInstaller bundle."""
import os
import sys


def root():
    """The folder that holds `config/` (the source tree, or the unpacked bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return bundle
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def path(*parts):
    """The absolute path of a resource given relative to the project root."""
    return os.path.join(root(), *parts)
