"""Render web/icons/icon.svg to the PNG sizes the web manifest lists (run after changing the SVG).

Usage: python scripts/make_icons.py   (needs Playwright; uses /usr/bin/chromium when present)
"""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "web" / "icons"
SIZES = (192, 512)
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        options = {"executable_path": str(SYSTEM_CHROMIUM)} if SYSTEM_CHROMIUM.exists() else {}
        browser = p.chromium.launch(args=["--no-sandbox", "--disable-gpu"], **options)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0;background:transparent">'
                             f'<div style="width:{size}px;height:{size}px">{svg}</div></body>')
            page.locator("svg").evaluate(f"s => {{ s.setAttribute('width', {size}); s.setAttribute('height', {size}); }}")
            page.screenshot(path=ICONS / f"icon-{size}.png", omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            print(ICONS / f"icon-{size}.png")
        browser.close()


if __name__ == "__main__":
    main()
