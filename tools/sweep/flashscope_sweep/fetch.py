"""Inputs by URL: a spec's trace, fio job or device file may be an
`http://` / `https://` URL (urllib) or a filesystem URI pyarrow.fs opens
(`s3://`, `gs://`, `hdfs://`, `file://`). Whoever runs the point (a local
pool worker, a Ray worker) fetches the object into a cache folder on its
machine, once, and the core reads the local copy.

The cache ($FLASHSCOPE_CACHE, else ~/.cache/flashscope/inputs) holds one
folder per URL and version (size + ETag / Last-Modified for HTTP, size +
mtime for pyarrow.fs), named by their hash, with the object under its own
file name: the suffix (.csv, .bz2, .gz, .zst) still tells the core the
format and the compression, and a compressed object stays compressed (the
core decompresses as it reads). A copy is written to a .tmp and renamed
under a lock, so concurrent workers on one machine fetch it once and never
see half a file.
"""
import fcntl
import hashlib
import os
import re
import shutil
import tempfile
import urllib.error
import urllib.parse
import urllib.request

URL_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+://")
HTTP_SCHEMES = ("http", "https")
# The run flags whose value may be a URL (what a spec's base can name).
URL_FLAGS = ("--trace", "--fio", "--device")
TIMEOUT_S = 60
CHUNK = 1 << 20


class FetchError(Exception):
    """An input that could not be fetched; the message names the URL."""


def is_url(text):
    return isinstance(text, str) and URL_PATTERN.match(text) is not None


def cache_dir():
    if os.environ.get("FLASHSCOPE_CACHE"):
        return os.environ["FLASHSCOPE_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "flashscope", "inputs")


def _file_name(url):
    name = os.path.basename(urllib.parse.unquote(urllib.parse.urlsplit(url).path))
    name = re.sub(r"[^A-Za-z0-9._+-]", "_", name)
    return name if name.strip(".") else "input"


def _target(cache, url, version):
    key = hashlib.sha256(f"{url}\n{version}".encode()).hexdigest()[:24]
    return os.path.join(cache, key, _file_name(url))


def _store(source, target, expected_size=None):
    """Copies a readable stream to target through a .tmp and a rename."""
    fd, tmp = tempfile.mkstemp(prefix=".fetch-", suffix=".tmp", dir=os.path.dirname(target))
    try:
        with os.fdopen(fd, "wb") as handle:
            shutil.copyfileobj(source, handle, CHUNK)
            size = handle.tell()
        if expected_size is not None and size != expected_size:
            raise FetchError(f"truncated: {size} of {expected_size} bytes")
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def _locked_fetch(target, copy):
    """copy(target) once: under an exclusive lock beside the target, and
    only when no earlier fetch left the file."""
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target + ".lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.isfile(target):
            copy(target)
    return target


def _fetch_http(url, cache):
    with urllib.request.urlopen(url, timeout=TIMEOUT_S) as response:
        length = response.headers.get("Content-Length")
        size = int(length) if length and length.isdigit() else None
        tag = response.headers.get("ETag") or response.headers.get("Last-Modified") or ""
        target = _target(cache, url, f"{size}|{tag}")
        if os.path.isfile(target):
            return target
        return _locked_fetch(target, lambda path: _store(response, path, size))


def _fetch_arrow(url, cache):
    from pyarrow import fs as arrow_fs  # noqa: PLC0415 - only URIs need it

    filesystem, path = arrow_fs.FileSystem.from_uri(url)
    info = filesystem.get_file_info(path)
    if info.type == arrow_fs.FileType.NotFound:
        raise FetchError("no such object")
    if info.type != arrow_fs.FileType.File:
        raise FetchError("not a file")
    target = _target(cache, url, f"{info.size}|{info.mtime_ns}")

    def copy(path_out):
        # compression=None: the bytes as stored (pyarrow would otherwise
        # decompress by suffix, and the suffix would then lie).
        with filesystem.open_input_stream(path, compression=None) as source:
            _store(source, path_out, info.size)

    return target if os.path.isfile(target) else _locked_fetch(target, copy)


def _problem(error):
    if isinstance(error, urllib.error.HTTPError):
        return f"HTTP {error.code} {error.reason}"
    if isinstance(error, urllib.error.URLError):
        reason = error.reason
        return getattr(reason, "strerror", None) or str(reason)
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    lines = [line for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


def fetch(url, cache=None):
    """The local path of url's object, fetched into the cache if needed;
    FetchError("URL: problem") otherwise."""
    cache = cache or cache_dir()
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    try:
        if scheme in HTTP_SCHEMES:
            return _fetch_http(url, cache)
        return _fetch_arrow(url, cache)
    except FetchError as error:
        raise FetchError(f"cannot fetch {url}: {error}") from None
    except Exception as error:  # noqa: BLE001 - urllib, socket, pyarrow: all one failed fetch
        raise FetchError(f"cannot fetch {url}: {_problem(error)}") from None


def localize(argv):
    """argv with every URL after --trace/--fio/--device replaced by its
    local copy (fetched here); FetchError on the first that fails."""
    out = list(argv)
    for index in range(1, len(out)):
        if out[index - 1] in URL_FLAGS and is_url(out[index]):
            out[index] = fetch(out[index])
    return out
