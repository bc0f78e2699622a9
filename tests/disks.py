"""Real file-system faults for the tests: a small disk that fills up, and a folder that
refuses every write, made with the operating system's own means.

- `small_disk(path, monkeypatch)`: a tmpfs of 256 KB mounted at `path`; `fill()` writes a
  ballast file until the disk says ENOSPC, `free()` removes it. Mounting needs root (or
  CAP_SYS_ADMIN); where it is refused, the writes into `path` fail with an injected
  OSError(ENOSPC) while the disk is "full" instead, and `real` says which it is.
- `read_only(path)`: a read-only bind mount of `path` on itself (EROFS; root ignores
  permission bits, a mount it does not; where root may not mount, the folder made
  immutable with `chattr +i`, EPERM), or, for a user who is not root, the folder's write
  permission taken away (EACCES). Left as it was afterwards.
"""
import contextlib
import errno
import os
import subprocess

BALLAST = "ballast"


def _run(*args):
    """Run `mount`, `umount` or `chattr` with `args`; whether it worked."""
    try:
        return subprocess.run(list(args), capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


class Disk:
    """A small disk at `path` (see the module's docstring)."""

    def __init__(self, path, real, monkeypatch):
        self.path = path
        self.real = real
        self.monkeypatch = monkeypatch
        self.full = False

    def fill(self):
        """Use up every free byte (a ballast file, written until ENOSPC)."""
        self.full = True
        if not self.real:
            return
        with open(os.path.join(self.path, BALLAST), "ab", buffering=0) as ballast:
            try:
                while True:
                    ballast.write(b"\0" * 4096)
            except OSError as error:
                assert error.errno == errno.ENOSPC, error

    def free(self):
        """Give the space back."""
        self.full = False
        with contextlib.suppress(FileNotFoundError):
            os.unlink(os.path.join(self.path, BALLAST))


@contextlib.contextmanager
def small_disk(path, monkeypatch, size="256k"):
    """A `Disk` at `path` (created if need be) for the time of the `with` block."""
    os.makedirs(path, exist_ok=True)
    real = _run("mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", path)
    disk = Disk(path, real, monkeypatch)
    if not real:
        import tempfile
        real_mkstemp = tempfile.mkstemp

        def mkstemp(*args, **kwargs):
            folder = os.path.abspath(kwargs.get("dir") or ".")
            if disk.full and (folder + os.sep).startswith(os.path.abspath(path) + os.sep):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_mkstemp(*args, **kwargs)
        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    try:
        yield disk
    finally:
        if real:
            _run("umount", "-l", path)


@contextlib.contextmanager
def read_only(path):
    """`path` (an existing folder) refusing every write for the time of the `with` block."""
    if os.geteuid() == 0:
        if _run("mount", "--bind", path, path):
            try:
                assert _run("mount", "-o", "remount,bind,ro", path), f"cannot make {path} read-only"
                yield
            finally:
                _run("umount", "-l", path)
            return
        assert _run("chattr", "+i", path), f"root cannot make {path} read-only here"
        try:
            yield
        finally:
            _run("chattr", "-i", path)
        return
    mode = os.stat(path).st_mode
    os.chmod(path, 0o555)
    try:
        yield
    finally:
        os.chmod(path, mode)
