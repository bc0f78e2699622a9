"""The app's version, the one number a player sees and reports: `--version`, the About
screen, the window's title, every game record and every balance report carry it.
Imports nothing, so anything may read it (the build, the tests, a report's workers).
What changed from one version to the next is in CHANGELOG.md."""

VERSION = "0.9.0"
NAME = "Card Table"
TITLE = f"{NAME} {VERSION}"
