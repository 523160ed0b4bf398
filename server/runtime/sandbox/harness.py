# Runs user Python inside Pyodide (loaded by pyodide-runner.mjs). Containment in layers: once this file has run,
# an audit hook refuses files, processes, sockets, ctypes, the JavaScript bridge and the frame/gc introspection
# that could reach this harness; no object defined here is handed to user code; the state a run can change
# (modules, builtins, sys hooks, environment) is put back afterwards.
import asyncio
import builtins
import inspect
import io
import json
import os
import sys

_dumps = json.dumps
_loads = json.loads
_FILE = "<main.py>"

_DENIED_IMPORTS = frozenset(
    "js pyodide_js pyodide _pyodide _pyodide_core micropip ctypes _ctypes socket _socket subprocess "
    "_posixsubprocess multiprocessing _multiprocessing ssl _ssl select selectors mmap fcntl pty termios "
    "urllib.request http.client ftplib smtplib poplib imaplib webbrowser asyncio.subprocess".split()
)
_DENIED_EVENTS = (
    "socket.", "subprocess.", "ctypes.", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
    "os.kill", "os.remove", "os.rename", "os.mkdir", "os.rmdir", "os.chmod",
    "os.chown", "os.link", "os.symlink", "os.truncate", "os.utime", "os.listdir", "os.scandir", "os.chdir",
    "shutil.", "gc.get_", "sys._getframe", "sys._current_frames", "sys.settrace", "sys.setprofile",
    "sys.monitoring", "urllib.Request", "http.client.", "webbrowser.", "sys.remote_exec", "marshal.",
)
# A frame leads (f_back, f_globals) to this harness; these audited attributes are the only ways to get one.
_DENIED_ATTRS = frozenset(("tb_frame", "gi_frame", "cr_frame", "ag_frame"))
# Tracebacks this harness itself reads to find the failing line.
_own_tracebacks = set()


def _refuse(what):
    raise PermissionError(f"沙箱不允许：{what}")


def _audit(event, args):
    if event == "sys.addaudithook":
        raise RuntimeError("沙箱不允许：sys.addaudithook")
    if event == "import":
        name = args[0] or ""
        if name in _DENIED_IMPORTS or name.split(".")[0] in _DENIED_IMPORTS:
            _refuse(f"import {name}")
    elif event == "open":
        path, mode = str(args[0]), str(args[1] or "r")
        if not os.path.normpath(path).startswith("/lib/") or any(c in mode for c in "wax+"):
            _refuse(f"打开文件 {path}")
    elif event == "object.__getattr__":
        if args[1] in _DENIED_ATTRS and id(args[0]) not in _own_tracebacks:
            _refuse(f"访问 {args[1]}")
    elif event.startswith(_DENIED_EVENTS):
        _refuse(event)


# Refused modules already loaded by Pyodide's start-up are dropped, so importing them again meets the audit hook.
for _name in [n for n in sys.modules if n.split(".")[0] in _DENIED_IMPORTS or n in _DENIED_IMPORTS]:
    del sys.modules[_name]
os.environ.pop("_", None)

_modules = dict(sys.modules)
_builtins = dict(builtins.__dict__)
_environ = dict(os.environ)
_sys_saved = {
    name: getattr(sys, name)
    for name in ("stdout", "stderr", "stdin", "excepthook", "displayhook", "breakpointhook")
}
_lists = {name: list(getattr(sys, name)) for name in ("meta_path", "path", "path_hooks")}
_recursion = sys.getrecursionlimit()


def _restore():
    """Undo what a run may have changed so the next run starts from the same interpreter state."""
    for name in [n for n in sys.modules if n not in _modules]:
        del sys.modules[name]
    sys.modules.update(_modules)
    builtins.__dict__.clear()
    builtins.__dict__.update(_builtins)
    for name, value in _sys_saved.items():
        setattr(sys, name, value)
    for name, value in _lists.items():
        getattr(sys, name)[:] = value
    sys.path_importer_cache.clear()
    sys.setrecursionlimit(_recursion)
    os.environ.clear()
    os.environ.update(_environ)
    current = asyncio.current_task()
    left = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
    for task in left:
        task.cancel()
    return bool(left)


def _error(exc):
    line = None
    if isinstance(exc, SyntaxError) and exc.filename == _FILE:
        line = exc.lineno
        text = f"SyntaxError: {exc.msg}"
    else:
        tb = exc.__traceback__
        while tb is not None:
            _own_tracebacks.add(id(tb))
            try:
                if tb.tb_frame.f_code.co_filename == _FILE:
                    line = tb.tb_lineno
            finally:
                _own_tracebacks.discard(id(tb))
            tb = tb.tb_next
        text = f"{type(exc).__name__}: {exc}"
    kind = "code"
    if isinstance(exc, MemoryError):
        kind = "memory"
    elif isinstance(exc, RecursionError):
        kind = "stack"
    return {"ok": False, "kind": kind, "error": text, "line": line}


async def run(code, args_json, max_output, max_logs):
    """Entry called from JavaScript once per run; returns a JSON string describing the outcome."""
    logs = io.StringIO()
    sys.stdout = sys.stderr = logs
    namespace = {"__name__": "__sandbox__", "__builtins__": builtins}
    try:
        exec(compile(code, _FILE, "exec"), namespace)
        main = namespace.get("main")
        if not callable(main):
            reply = {"ok": False, "kind": "no_main", "error": "no main"}
        else:
            result = main(_loads(args_json))
            if inspect.isawaitable(result):
                result = await result
            reply = _serialise(result, max_output)
    except BaseException as exc:  # noqa: BLE001 - every failure of user code is reported, SystemExit included
        reply = _error(exc)
    if _restore():
        reply["recycle"] = True
    # One character past the limit is enough for the JavaScript side to say the logs were cut.
    reply["logs"] = logs.getvalue()[: max_logs + 1]
    return _dumps(reply)


def _serialise(result, max_output):
    try:
        output = _dumps(result, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        return {"ok": False, "kind": "code", "error": f"返回值必须可以转换为 JSON：{exc}"}
    if len(output) > max_output:
        return {"ok": False, "kind": "output", "error": "output"}
    return {"ok": True, "output": output}


sys.addaudithook(_audit)
run
