# Runs user Python inside Pyodide (loaded by pyodide-runner.mjs). Containment in layers: once this file has run,
# an audit hook refuses files, processes, sockets, ctypes, the JavaScript bridge and the frame/gc introspection
# that could reach this harness; no object defined here is handed to user code; Pyodide's bridge to JavaScript is
# cut off; every run gets its own event loop; the state a run can change is put back afterwards (or, when that
# fails, the process is replaced).
import asyncio
import builtins
import gc
import inspect
import io
import json
import operator
import os
import sys
import time
import types

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
_FUNCTION_ATTRS = frozenset(("__code__", "__defaults__", "__kwdefaults__"))
# (function, attribute, value before) for every audited function change of the current run, undone afterwards.
_undo = []
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
    elif event == "object.__setattr__" or event == "object.__delattr__":
        if isinstance(args[0], types.FunctionType) and args[1] in _FUNCTION_ATTRS:
            _undo.append((args[0], args[1], getattr(args[0], args[1])))
    elif event.startswith(_DENIED_EVENTS):
        _refuse(event)


def _cut_bridge():
    """Make Pyodide's foreign function interface unreachable from Python.

    Its Python modules are dropped from sys.modules and their namespaces emptied: a function defined there (found
    through object.__subclasses__(), say) leads through __globals__ to nothing. Pyodide's start-up also put
    bridge functions into stdlib places (time.sleep, asyncio.run, json.encoder._JSNULL, a sys.meta_path finder
    for JavaScript modules, __main__); those get their stdlib values back. Runs use their own event loop, not
    Pyodide's WebLoop (which schedules through JavaScript).
    """
    bridge = [n for n in sys.modules if n.split(".")[0] in _DENIED_IMPORTS or n in _DENIED_IMPORTS]
    own = lambda f: (getattr(f, "__module__", None) or "").split(".")[0] in _DENIED_IMPORTS  # noqa: E731
    time.sleep = getattr(time.sleep, "__wrapped__", time.sleep)
    asyncio.run = asyncio.runners.run
    asyncio.events._set_running_loop(None)  # Pyodide marks its WebLoop as always running
    asyncio.events._event_loop_policy = None  # Pyodide's WebLoopPolicy; asyncio makes a default one if asked
    json.encoder._JSNULL = None
    sys.meta_path[:] = [f for f in sys.meta_path if not own(type(f))]
    sys.path_hooks[:] = [h for h in sys.path_hooks if not own(h)]
    sys.modules["__main__"] = types.ModuleType("__main__")
    for name in ("excepthook", "displayhook", "breakpointhook", "unraisablehook"):
        if own(getattr(sys, name)):
            setattr(sys, name, getattr(sys, f"__{name}__"))
    for name in bridge:
        module = sys.modules.pop(name)
        if isinstance(module, types.ModuleType):
            module.__dict__.clear()


# Classes below are defined in a namespace of their own: user code can reach them (object.__subclasses__()), and
# through a method's __globals__ must find nothing of this harness.
_isolated = {"asyncio": asyncio, "time": time, "_DENIED": _DENIED_IMPORTS, "PermissionError": PermissionError}
exec(
    compile(
        """
class _Idle:
    # No files or sockets to wait on: waiting for the next timer is sleeping until it is due.
    def select(self, timeout):
        if timeout:
            time.sleep(timeout)
        return []


class SandboxLoop(asyncio.BaseEventLoop):
    def __init__(self):
        super().__init__()
        self._selector = _Idle()

    def _process_events(self, event_list):
        pass

    def _write_to_self(self):
        pass


class DeniedFinder:
    # First on sys.meta_path: every route to a module not yet loaded (import, __import__, importlib.import_module,
    # importlib.util.find_spec) asks the meta path, and refused modules are never left loaded.
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name in _DENIED or name.split(".")[0] in _DENIED:
            raise PermissionError(f"沙箱不允许：import {name}")
        return None
""",
        "<sandbox>",
        "exec",
    ),
    _isolated,
)
sys.meta_path.insert(0, _isolated["DeniedFinder"])

_IMMUTABLE_TYPE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE: built-in classes refuse attribute changes themselves
_CONTAINERS = (dict, list, set)
# How far from a module's namespace state is saved: module → value (a class, an encoder instance, a list) → its
# attributes or items → theirs. Deeper state of stdlib objects is not restored (see docs/decisions/0012).
_DEPTH = 3


def _state(obj):
    """What a run could change in place about obj, as parts compared by identity: no user __eq__/__hash__ runs."""
    if isinstance(obj, types.FunctionType):
        # __code__, __defaults__ and __kwdefaults__ changes are audited and undone from _undo instead (reading
        # __code__ is itself an audit event, too slow to do for every function after every run).
        cells = [c.cell_contents for c in obj.__closure__ or ()]  # ValueError for an empty cell: not saved
        return (cells, *_items(vars(obj)))
    if isinstance(obj, set):
        return (frozenset(map(id, obj)),)
    if isinstance(obj, list):
        return (list(obj),)
    return _items(obj if isinstance(obj, dict) else vars(obj))


def _items(mapping):
    return list(mapping), list(mapping.values())


def _same(now, then):
    return all(
        a == b if type(a) is frozenset else len(a) == len(b) and all(map(operator.is_, a, b)) for a, b in zip(now, then)
    )


def _walk():
    """Every object whose state is saved (modules, their classes, functions, instances, containers) and lru caches."""
    found, caches, seen = [], [], set()
    todo = [(m, 0) for m in list(sys.modules.values()) + [builtins, sys] if isinstance(m, types.ModuleType)]
    while todo:
        obj, depth = todo.pop()
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, tuple, frozenset, types.BuiltinFunctionType)):
            continue
        seen.add(id(obj))
        if isinstance(obj, type) and obj.__flags__ & _IMMUTABLE_TYPE:
            continue
        if type(obj).__name__ == "_lru_cache_wrapper":
            caches.append(obj)
            continue
        plain = isinstance(obj, (types.ModuleType, type, types.FunctionType, *_CONTAINERS))
        if not plain and not isinstance(getattr(obj, "__dict__", None), dict) or isinstance(obj, types.MethodType):
            continue
        try:
            found.append((obj, _state(obj)))
        except (TypeError, ValueError):  # an empty closure cell, a __dict__ that is not a dict
            continue
        if depth < _DEPTH and not isinstance(obj, types.FunctionType):
            values = obj if isinstance(obj, (list, set)) else obj.values() if isinstance(obj, dict) else vars(obj).values()
            todo.extend((v, depth + 1) for v in list(values))
    return found, caches


def _put_back(obj, saved, graveyard):
    if isinstance(obj, type):
        names = set(saved[0])
        for name in [n for n in vars(obj) if n not in names]:
            graveyard.append(vars(obj)[name])
            delattr(obj, name)
        for name, value in zip(*saved):
            if vars(obj).get(name) is not value:
                setattr(obj, name, value)
    elif isinstance(obj, types.FunctionType):
        graveyard.append(_state(obj))
        cells, keys, values = saved
        vars(obj).clear()
        vars(obj).update(zip(keys, values))
        for cell, value in zip(obj.__closure__ or (), cells):
            cell.cell_contents = value
    elif isinstance(obj, set):
        graveyard.append(list(obj))
        obj.clear()
        obj.update(_set_items[id(obj)])
    else:
        # Everything is looked up before clear(): the target may be the builtins namespace itself.
        target = obj if isinstance(obj, (dict, list)) else vars(obj)
        refill = target.extend if isinstance(target, list) else target.update
        values = saved[0] if isinstance(target, list) else zip(*saved)
        graveyard.append(target.copy())
        target.clear()
        refill(values)


def _restore():
    """Put back every saved object a run changed; True when state keeps changing (the process is then replaced)."""
    os.environ.clear()
    os.environ.update(_environ)
    sys.setrecursionlimit(_recursion)
    gc.enable()
    for cache in _caches:
        cache.cache_clear()
    if _random is not None:
        _random.seed()  # a run that seeded it (or read its state) must not predict the next run's numbers
    for _ in range(3):
        # Replaced values are kept until every object is back, so no __del__ of user code runs half-way; then the
        # collector runs finalisers now rather than during a later run, and another pass undoes what they did.
        graveyard, changed, undo = [], bool(_undo), _undo[::-1]
        for function, name, value in undo:  # each setattr is audited and appends to _undo again
            graveyard.append(getattr(function, name))
            setattr(function, name, value)
        for obj, saved in _saved:
            if not _same(_state(obj), saved):
                _put_back(obj, saved, graveyard)
                changed = True
        _undo.clear()  # this restore's own assignments
        graveyard.clear()
        if not changed and not gc.collect():
            return False
    return True


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


def _finish(loop):
    """Cancel what the run left scheduled; True when a task would not end (the process is then replaced)."""
    left = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in left:
        task.cancel()
    if left:
        try:
            loop.run_until_complete(asyncio.wait(left, timeout=0.1))
        except BaseException:  # noqa: BLE001 - user code unwinding; whatever it did is undone by _restore
            pass
    stuck = any(not t.done() for t in left)
    loop._ready.clear()
    loop._scheduled.clear()
    loop.close()
    return stuck


def run(code, args_json, max_output, max_logs):
    """Entry called from JavaScript once per run; returns a JSON string describing the outcome."""
    logs = io.StringIO()
    loop = _isolated["SandboxLoop"]()
    stuck = False
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
                result = loop.run_until_complete(result)
            reply = _serialise(result, max_output)
    except BaseException as exc:  # noqa: BLE001 - every failure of user code is reported, SystemExit included
        reply = _error(exc)
    try:
        stuck = _finish(loop)
    except BaseException:  # noqa: BLE001 - a loop left in a state it cannot be closed from: replace the process
        stuck = True
    namespace.clear()  # the user's functions and their globals form a cycle; dropping it now spares a pass
    if _restore() or stuck:
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


def _seal():
    """Called by pyodide-runner.mjs once this file has been evaluated (Pyodide's own evaluation code needs the
    bridge modules until then): cut the bridge, save the baseline state, start auditing."""
    global _random, _environ, _recursion, _saved, _caches, _set_items
    _cut_bridge()
    os.environ.pop("_", None)
    _random = sys.modules.get("random")
    _environ = dict(os.environ)
    _recursion = sys.getrecursionlimit()
    # lru_cache results computed during a run could carry what that run patched; caches start empty after a run.
    _saved, _caches = _walk()
    _set_items = {id(obj): list(obj) for obj, _ in _saved if isinstance(obj, set)}
    # The baseline is never garbage: the collector run after each run then only looks at what that run made.
    gc.collect()
    gc.freeze()
    sys.addaudithook(_audit)


run
