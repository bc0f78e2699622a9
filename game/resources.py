"""Where the project's read-only resources live, from source and from a PyInstaller
bundle, and how its YAML files are read."""
import os
import sys

import yaml


def root():
    """The folder that holds `config/` (the source tree, or the unpacked bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return bundle
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def path(*parts):
    """The absolute path of a resource given relative to the project root."""
    return os.path.join(root(), *parts)


def read_yaml(path, error=ValueError):
    """The data of a YAML file (safe_load); `error` naming the file if it cannot be
    read or parsed."""
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except OSError as problem:
        raise error(f"{path}: cannot be read ({problem.strerror})") from None
    except yaml.YAMLError as problem:
        raise error(f"{path}: is not valid YAML ({problem})") from None
