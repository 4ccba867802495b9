# The engine's PyScript worker (index.html: <script type="py" worker name="engine">). Its interpreter,
# web/engine_interpreter.js, has already started Python with the engine imported; this exports the engine's
# calls (cosmoludo.worker.EXPORTS), which the page reaches through the worker's xworker.sync (web/engine.js).
from cosmoludo.worker import EXPORTS

globals().update(EXPORTS)
__export__ = list(EXPORTS)
