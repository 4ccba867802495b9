"""The shared hex board (web/ui/board.js) in a real browser: layout and hit-testing round trips, fitting the map
to a phone and a desktop, zoom keeping the point under the finger, drag and tap, device pixel ratio."""
from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

SETUP = """async ([width, pointy]) => {
  const m = await import(new URL('web/ui/board.js', document.baseURI).href);
  document.body.replaceChildren();
  const canvas = document.createElement('canvas');
  canvas.style.width = width + 'px';
  canvas.style.display = 'block';
  document.body.style.margin = '0';
  document.body.append(canvas);
  const cells = [];
  for (let r = 0; r < 9; r++) for (let c = 0; c < 14; c++) cells.push([c - (r - (r & 1)) / 2, r]);
  const clicks = [];
  const board = new m.HexBoard(canvas, {cells, pointy, onHex: (h) => clicks.push(h)});
  let painted = 0;
  board.paint = (ctx, b) => { painted++; for (const h of cells) { b.hexPath(ctx, h); ctx.stroke(); } };
  board.render();
  window.__board = {m, board, cells, clicks, get painted() { return painted; }, canvas};
  return true;
}"""


def setup(page: Page, url: str, width: int, pointy: bool = True) -> None:
    page.goto(url + "index.html")
    page.evaluate(SETUP, [width, pointy])


def probe(page: Page, script: str) -> Any:
    return page.evaluate(f"(() => {{ const {{m, board, cells, clicks, canvas}} = window.__board; {script} }})()")


def test_every_hex_centre_hits_its_own_hex_and_the_map_fits(page: Page, site_server):
    for width, pointy in ((390, True), (1200, True), (600, False)):
        setup(page, site_server.url, width, pointy)
        got = probe(page, """
          const bad = cells.filter(h => { const p = board.screenOf(h); const g = board.hexAt(p.x, p.y);
                                           return !g || g[0] !== h[0] || g[1] !== h[1]; });
          const xs = cells.map(h => board.screenOf(h));
          return {bad: bad.length, minX: Math.min(...xs.map(p => p.x)), maxX: Math.max(...xs.map(p => p.x)),
                  minY: Math.min(...xs.map(p => p.y)), maxY: Math.max(...xs.map(p => p.y)), W: board.W, H: board.H,
                  outside: board.hexAt(-50, -50), width: canvas.width, dpr: window.devicePixelRatio};""")
        assert got["bad"] == 0
        assert 0 < got["minX"] < got["maxX"] < got["W"] and 0 < got["minY"] < got["maxY"] < got["H"]
        assert got["outside"] is None
        assert got["width"] == round(got["W"] * got["dpr"])


def test_pure_layout_functions_round_trip(page: Page, site_server):
    setup(page, site_server.url, 500)
    assert probe(page, """
      let bad = 0;
      for (let q = -6; q <= 6; q++) for (let r = -6; r <= 6; r++) for (const pointy of [true, false]) {
        const c = m.hexToWorld([q, r], pointy);
        for (const [dx, dy] of [[0, 0], [0.4, 0.3], [-0.5, 0.2], [0.1, -0.6]]) {
          const h = m.worldToHex(c.x + dx, c.y + dy, pointy);
          if (h[0] !== q || h[1] !== r) bad++;
        }
      }
      return bad;""") == 0


def test_zoom_keeps_the_point_under_the_finger_and_stays_in_bounds(page: Page, site_server):
    setup(page, site_server.url, 800)
    got = probe(page, """
      const h = cells[40]; const p = board.screenOf(h);
      const fit = board.scale;
      board.zoomAt(2, p.x, p.y);
      const q = board.screenOf(h);
      const hit = board.hexAt(p.x, p.y);
      for (let i = 0; i < 20; i++) board.zoomAt(3, 10, 10);
      const most = board.scale / fit;
      board.panBy(-100000, -100000);
      const right = board.ox + board.bounds.maxX * board.scale;
      board.reset();
      return {dx: Math.abs(q.x - p.x), dy: Math.abs(q.y - p.y), hit, h, most, right, back: board.scale / fit};""")
    assert got["dx"] < 1e-6 and got["dy"] < 1e-6 and got["hit"] == got["h"]
    assert abs(got["most"] - 5) < 1e-9          # maxZoom
    assert got["right"] >= 59                   # dragged away, part of the map stays on screen
    assert abs(got["back"] - 1) < 1e-9


def test_a_tap_reports_its_hex_and_a_drag_pans_without_clicking(page: Page, site_server):
    setup(page, site_server.url, 700)
    target = probe(page, "const p = board.screenOf(cells[30]); return {x: p.x, y: p.y, h: cells[30]};")
    page.mouse.click(target["x"], target["y"])
    assert probe(page, "return clicks;") == [target["h"]]
    before = probe(page, "return board.ox;")
    page.mouse.move(200, 150)
    page.mouse.down()
    page.mouse.move(260, 170, steps=5)
    page.mouse.up()
    after = probe(page, "return {ox: board.ox, clicks: clicks.length};")
    assert abs(after["ox"] - before - 60) < 1 and after["clicks"] == 1
    page.mouse.move(350, 200)
    page.mouse.wheel(0, -300)
    page.wait_for_timeout(50)
    assert probe(page, "return board.userMoved && board.scale > board.fitScale;")


def test_the_static_layer_is_drawn_once_and_again_only_when_its_key_size_or_view_changes(page: Page, site_server):
    """paintStatic (the terrain) goes into an offscreen layer copied under `paint` at each render: a render for a
    new view redraws only the dynamic layer, until staticKey, the canvas size or the pan/zoom changes."""
    setup(page, site_server.url, 600)
    got = probe(page, """
      let statics = 0;
      board.paintStatic = (ctx, b) => { statics++; ctx.fillStyle = '#ff0000'; for (const h of cells) { b.hexPath(ctx, h); ctx.fill(); } };
      board.paint = (ctx, b) => {};
      board.staticKey = 'a';
      board.render(); board.render(); board.render();
      const afterSame = [statics, board.layerDraws];
      const p = board.screenOf(cells[30]);
      const px = canvas.getContext('2d').getImageData(Math.round(p.x * devicePixelRatio), Math.round(p.y * devicePixelRatio), 1, 1).data;
      board.staticKey = 'b'; board.render();
      const afterKey = statics;
      board.zoomAt(1.5, 100, 100); board.render();
      const afterZoom = statics;
      board.render();
      return {afterSame, red: [px[0], px[1], px[2], px[3]], afterKey, afterZoom, last: statics};""")
    assert got["afterSame"] == [1, 1]  # three renders, one drawing of the static layer
    assert got["red"] == [255, 0, 0, 255]  # and it is on the canvas
    assert got["afterKey"] == 2 and got["afterZoom"] == 3 and got["last"] == 3


TURNED = """async () => {
  const m = await import(new URL('web/ui/board.js', document.baseURI).href);
  document.body.replaceChildren();
  document.body.style.margin = '0';
  const canvas = document.createElement('canvas');
  Object.assign(canvas.style, {width: '360px', height: '600px', display: 'block'});
  document.body.append(canvas);
  const cells = [];  // a wide map (26 x 9), as Kroll & Prumni's
  for (let r = 0; r < 9; r++) for (let c = 0; c < 26; c++) cells.push([c - (r - (r & 1)) / 2, r]);
  const make = (turnable) => { const b = new m.HexBoard(canvas, {cells, fill: true, turnable}); b.legal = cells;
    const texts = []; b.paint = (ctx, bb) => { const t = ctx.getTransform(); texts.length = 0;
      bb.text(ctx, 'A', 0, 0); texts.push([t.a, t.b, t.c, t.d]); }; b.render(); return b; };
  const plain = make(false); const plainScale = plain.scale; plain.destroy();
  const board = make(true);
  const bad = cells.filter(h => { const p = board.screenOf(h); const g = board.hexAt(p.x, p.y);
                                  return !g || g[0] !== h[0] || g[1] !== h[1]; }).length;
  const pts = cells.map(h => board.screenOf(h));
  const legal = JSON.parse(canvas.dataset.legal);
  const legalOk = legal.every((p, i) => Math.abs(p.x - pts[i].x) < 1 && Math.abs(p.y - pts[i].y) < 1);
  const east = [board.screenOf([1, 0]).x - board.screenOf([0, 0]).x, board.screenOf([1, 0]).y - board.screenOf([0, 0]).y];
  const h = cells[100]; const p = board.screenOf(h);
  board.zoomAt(2, p.x, p.y);
  const q = board.screenOf(h); const hit = board.hexAt(p.x, p.y);
  board.panBy(-100000, -100000);
  const sb = board.screenBounds();
  return {turned: board.turned, attr: canvas.dataset.turned, bad, legalOk, east, gain: board.fitScale / plainScale,
          minX: Math.min(...pts.map(p => p.x)), maxX: Math.max(...pts.map(p => p.x)),
          minY: Math.min(...pts.map(p => p.y)), maxY: Math.max(...pts.map(p => p.y)), W: board.W, H: board.H,
          moved: Math.hypot(q.x - p.x, q.y - p.y), hit, h, right: sb.right, bottom: sb.bottom};
}"""


def test_a_wide_map_in_a_tall_box_is_turned_a_quarter_round(page: Page, site_server):
    page.set_viewport_size({"width": 390, "height": 844})  # a phone held upright
    page.goto(site_server.url + "index.html")
    got = page.evaluate(TURNED)
    assert got["turned"] and got["attr"] == "true"
    assert got["gain"] > 1.33, got  # the turn is taken only where it makes the map larger
    assert got["bad"] == 0 and got["legalOk"]  # every hex's centre hits that hex; data-legal follows the turn
    assert abs(got["east"][0]) < 0.01 and got["east"][1] > 0  # world east points down the screen
    assert 0 < got["minX"] < got["maxX"] < got["W"] and 0 < got["minY"] < got["maxY"] < got["H"]
    assert got["moved"] < 0.5 and got["hit"] == got["h"]  # zoom keeps the hex under the finger
    assert got["right"] >= 59 and got["bottom"] >= 59  # the map cannot be dragged away


def test_a_wide_screen_is_never_turned(page: Page, site_server):
    # A desktop window (whatever the box), and a phone held sideways.
    for viewport, width, height in (((1280, 720), 1200, 700), ((1280, 720), 360, 600), ((844, 390), 800, 300)):
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.goto(site_server.url + "index.html")
        turned = page.evaluate("""async ([w, h]) => {
          const m = await import(new URL('web/ui/board.js', document.baseURI).href);
          document.body.replaceChildren();
          const canvas = document.createElement('canvas');
          Object.assign(canvas.style, {width: w + 'px', height: h + 'px', display: 'block'});
          document.body.append(canvas);
          const cells = [];
          for (let r = 0; r < 9; r++) for (let c = 0; c < 26; c++) cells.push([c - (r - (r & 1)) / 2, r]);
          const b = new m.HexBoard(canvas, {cells, fill: true, turnable: true}); b.render(); return b.turned; }""",
                               [width, height])
        assert turned is False


# ---- the automatic zoom on the legal hexes on a touch screen (issue 30) ---------------------------------------------
#: A phone-sized page with a wide map (26 × 9, as Kroll & Prumni's) fitted to its width: hexes ~8 px across.
TOUCH = """async ([w, h, opts]) => {
  const m = await import(new URL('web/ui/board.js', document.baseURI).href);
  document.body.replaceChildren();
  document.body.style.margin = '0';
  const canvas = document.createElement('canvas');
  Object.assign(canvas.style, {width: w + 'px', height: h + 'px', display: 'block'});
  document.body.append(canvas);
  const cells = [];
  for (let r = 0; r < 9; r++) for (let c = 0; c < 26; c++) cells.push([c - (r - (r & 1)) / 2, r]);
  const board = new m.HexBoard(canvas, {cells, fill: true, ...opts});
  board.paint = (ctx, b) => { for (const hh of cells) { b.hexPath(ctx, hh); ctx.stroke(); } };
  board.render();
  // One drawing with `legal`, measured at once (the zoom is in that very drawing): the hexes' spacing on screen, the
  // data-legal points and whether each lies in the canvas.
  const show = (legal) => { board.legal = legal; board.render();
    const pts = JSON.parse(canvas.dataset.legal || '[]');
    const a = board.screenOf([0, 0]), b = board.screenOf([1, 0]);
    return {across: Math.hypot(b.x - a.x, b.y - a.y), pts, W: board.W, H: board.H, scale: board.scale,
            fit: board.fitScale, ox: board.ox, oy: board.oy, userMoved: board.userMoved,
            inside: pts.every(p => p.x >= 0 && p.x <= board.W && p.y >= 0 && p.y <= board.H)}; };
  window.__touch = {m, board, cells, canvas, show, coarse: matchMedia('(pointer: coarse)').matches};
  return {coarse: window.__touch.coarse, fit: show([]), turned: board.turned};
}"""

#: A ship's reach on the map: a hex near the centre and its neighbours within 2 steps.
NEAR = [[q, r] for q in range(6, 11) for r in range(2, 7) if abs(q - 8) + abs(r - 4) + abs(q + r - 12) <= 4]


def touch_page(new_guarded_context: Any, site_server: Any, viewport: tuple[int, int] = (360, 640),
               box: tuple[int, int] = (360, 560), opts: dict[str, Any] | None = None, touch: bool = True) -> Page:
    """A page (a touch screen unless `touch` is false) with the TOUCH board in a box of `box` CSS px."""
    context = new_guarded_context(has_touch=touch, is_mobile=touch,
                                  viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    page.goto(site_server.url + "index.html")
    got = page.evaluate(TOUCH, [box[0], box[1], opts or {}])
    assert got["coarse"] is touch
    assert got["fit"]["across"] < 36  # the case in point: too small for a finger at the fit
    return page


def show(page: Page, legal: list[list[int]]) -> dict[str, Any]:
    return page.evaluate("legal => window.__touch.show(legal)", legal)


def where(got: dict[str, Any]) -> tuple[float, float, float]:
    """The view (scale and origin), to tell whether the board moved."""
    return round(got["scale"], 6), round(got["ox"], 3), round(got["oy"], 3)


def test_on_touch_a_small_legal_set_is_zoomed_to_finger_size_in_the_same_drawing(new_guarded_context, site_server):
    page = touch_page(new_guarded_context, site_server)
    got = show(page, NEAR)
    assert 36 <= got["across"] <= 44, got  # a finger's target, and no closer than that
    assert got["inside"] and len(got["pts"]) == len(NEAR)
    # Whole hexes in the canvas, not only their centres.
    assert all(got["across"] / 2 <= p["x"] <= got["W"] - got["across"] / 2 for p in got["pts"])
    # A turned map (a phone held upright, the Kroll case): the same.
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(TOUCH, [390, 600, {"turnable": True}])
    assert page.evaluate("window.__touch.board.turned")
    got = show(page, NEAR)
    assert 36 <= got["across"] <= 44 and got["inside"], got


def test_on_touch_a_wide_legal_set_is_framed_whole(new_guarded_context, site_server):
    page = touch_page(new_guarded_context, site_server)
    corners = [[0, 0], [25, 0], [-4, 8], [21, 8]]
    got = show(page, corners)
    # About the whole map (less its margin): the largest scale at which all four corners stay on the canvas.
    assert got["inside"] and got["fit"] <= got["scale"] <= got["fit"] * 1.1, got
    assert min(p["x"] for p in got["pts"]) < 20 and max(p["x"] for p in got["pts"]) > got["W"] - 20
    middle = [[q, 4] for q in range(-2, 23)]  # one long row: zoomed until it fills the width, not to finger size
    got = show(page, middle)
    assert got["inside"] and got["scale"] > got["fit"] * 1.01 and got["across"] < 36, got
    assert min(p["x"] for p in got["pts"]) < 40 and max(p["x"] for p in got["pts"]) > got["W"] - 40


def test_with_a_mouse_a_legal_set_never_moves_the_board(new_guarded_context, site_server):
    page = touch_page(new_guarded_context, site_server, touch=False)
    fit = show(page, [])
    got = show(page, NEAR)
    assert (got["scale"], got["ox"], got["oy"]) == (fit["scale"], fit["ox"], fit["oy"])
    # Nor on touch when the game says no (`autoZoom: false`).
    page = touch_page(new_guarded_context, site_server, opts={"autoZoom": False})
    fit = show(page, [])
    got = show(page, NEAR)
    assert (got["scale"], got["ox"], got["oy"]) == (fit["scale"], fit["ox"], fit["oy"])


def test_on_touch_only_a_new_legal_set_moves_the_board(new_guarded_context, site_server):
    page = touch_page(new_guarded_context, site_server)
    first = show(page, NEAR)
    assert first["across"] >= 36
    # The same set drawn again (a hover, a preview tap, a refusal), in another order: nothing moves.
    assert where(show(page, NEAR)) == where(first)
    assert where(show(page, list(reversed(NEAR)))) == where(first)
    # A new set already on screen at finger size (a ship's headings round the hex tapped): nothing moves.
    assert where(show(page, NEAR[:3])) == where(first)
    # The bots' turn (no legal hex): the view is kept.
    assert where(show(page, [])) == where(first)
    # A new set off screen that fits at this zoom: the least pan, the zoom kept, every hex on screen.
    got = show(page, [[q + 3, r] for q, r in NEAR])
    assert got["inside"] and abs(got["scale"] - first["scale"]) < 1e-9 and where(got) != where(first), got
    # « Tout voir »: the whole map, until the legal set changes.
    page.evaluate("window.__touch.board.reset()")
    fit = show(page, [[q + 3, r] for q, r in NEAR])
    assert abs(fit["scale"] - fit["fit"]) < 1e-9
    assert show(page, NEAR)["across"] >= 36


def test_on_touch_the_players_own_view_is_kept_while_the_legal_hexes_are_on_it(new_guarded_context, site_server):
    page = touch_page(new_guarded_context, site_server)
    show(page, NEAR)
    page.evaluate("window.__touch.board.zoomAt(0.5, 180, 280); window.__touch.board.render()")  # the player zooms out
    mine = show(page, NEAR)
    assert mine["userMoved"] and mine["across"] < 36  # their choice, small as it is
    got = show(page, NEAR[:5])
    assert (got["scale"], got["ox"], got["oy"]) == (mine["scale"], mine["ox"], mine["oy"])
    # The player drags the map away; a new set off their view is brought back on screen.
    page.evaluate("window.__touch.board.panBy(-2000, 0); window.__touch.board.render()")
    got = show(page, NEAR[:4])
    assert got["inside"] and all(p["x"] >= 0 for p in got["pts"]), got


def test_on_touch_a_resize_keeps_the_zoomed_legal_hexes_on_screen(new_guarded_context, site_server):
    page = touch_page(new_guarded_context, site_server)
    first = show(page, NEAR)
    assert first["across"] >= 36
    # The box shrinks (the phone turned, a notice above the board): the region is framed again, whole.
    page.evaluate("Object.assign(window.__touch.canvas.style, {width: '300px', height: '260px'})")
    got = show(page, NEAR)
    assert got["W"] == 300 and got["H"] == 260 and got["inside"], got
    assert 36 <= got["across"] <= 44 and where(got) != where(first), got
