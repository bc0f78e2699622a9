"""PyInstaller's hook for websockets, in place of the contributed one: websockets loads
its submodules lazily, so they are named here; but only the asyncio flavour the app uses
(game/net/link.py), not the legacy, sync, trio, router or command-line ones, which the
spec leaves out (naming them made PyInstaller warn that each was not found)."""
from PyInstaller.utils.hooks import collect_submodules

UNUSED = ("websockets.legacy", "websockets.sync", "websockets.trio", "websockets.asyncio.router",
          "websockets.cli")

hiddenimports = collect_submodules("websockets", filter=lambda name: not name.startswith(UNUSED))
