"""The host's tools, never shipped to the page: the site's build and server (`site`), the benchmarks (`bench`, `workloads` shared with the browser bench, each
game's figures as `<game>_perf`), and the browser measurements (`browser_bench`, `browser_clicks`, `browser_page`).

The engine never imports this package; the build leaves all of it out of the page's zip (worker.HOST_ONLY), so the
Pyodide snapshot holds none of it. Run them through `python -m cosmoludo bench|build|serve` or
`python -m cosmoludo.tools.browser_bench`.
"""
