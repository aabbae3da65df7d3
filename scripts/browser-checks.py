#!/usr/bin/python3
"""Browser checks of the Plings web pages: headless Chromium driven by Selenium (Debian's
chromium, chromium-driver and python3-selenium) against a running `plings serve --cgi`.

    /usr/bin/python3 scripts/browser-checks.py --url http://127.0.0.1:PORT/open --lang sv \
        --ids FILE --out .build/browser

The hub must hold the world the test (Tests/PlingsServeTests/BrowserTests.swift) makes:
the seed's Saltsjön, Lampa and Kabel in Vardagsrummet, a room Rum (Hylla; Låda under it,
Stol left of it, Bok above it), a box Etiketter with the things whose ids FILE lists, and Sax,
lent to someone with a long name.
Runs the seed's checklist (★1–★5, ★7; ★6 is a phone's offline cache) in the language given, the card's buttons, the card at a
point, the picture's positions and the labels (decoded by zbarimg). Exit 0 when every check
holds; otherwise the first failed check is printed and the exit status is 1. Screenshots go
to --out.
"""
import argparse
import os
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

WORDS = {
    "sv": {"under": "Under", "right": "Höger om", "left": "Vänster om", "under_it": "Under den:",
           "right_it": "Höger om den:", "undo": "Ångra: "},
    "en": {"under": "Under", "right": "Right of", "left": "Left of", "under_it": "Under it:",
           "right_it": "Right of it:", "undo": "Undo: "},
}


class Check:
    def __init__(self, args):
        self.url = args.url.rstrip("/")
        self.lang = args.lang
        self.out = args.out
        self.words = WORDS[args.lang]
        os.makedirs(self.out, exist_ok=True)
        options = Options()
        options.binary_location = "/usr/bin/chromium"
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=390,900", "--lang=" + args.lang]:
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.driver.set_page_load_timeout(120)
        self.phone()

    def phone(self):
        """A phone's window, 390 CSS pixels wide (a headless window is never narrower than 500)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})

    def open(self, path):
        sep = "&" if "?" in path else "?"
        self.driver.get(self.url + path + sep + "lang=" + self.lang)

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def text(self, css):
        elements = self.driver.find_elements(By.CSS_SELECTOR, css)
        return " ".join(e.text for e in elements)

    def place(self, axis):
        """The text of a card's place on an axis ("#current" or "#normal"); a home that is where
        the thing is says so once ("#home-same"), so it reads as the current place."""
        if axis == "#normal" and self.driver.find_elements(By.CSS_SELECTOR, "#home-same"):
            return self.text("#current")
        return self.text(axis)

    def expect(self, condition, what):
        if not condition:
            shot = os.path.join(self.out, "failed-%s.png" % self.lang)
            self.driver.save_screenshot(shot)
            raise AssertionError("%s (url %s; screenshot %s)\n%s" % (
                what, self.driver.current_url, shot, self.text("main")[:2000]))

    def wait(self, condition, what, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                if condition():
                    return
            except Exception:
                pass
            time.sleep(0.2)
        self.expect(False, what)

    def click(self, css, then, what):
        """Clicks a button that posts, and waits for the page after it."""
        self.find(css).click()
        self.wait(then, what)

    def painted(self):
        """Waits until the browser has painted two frames after the last change."""
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")
        time.sleep(0.2)

    def zbar(self, path):
        """The texts zbarimg decodes from a screenshot."""
        run = subprocess.run(["zbarimg", "-q", "--raw", path], capture_output=True, text=True)
        return {line for line in run.stdout.splitlines() if line}

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(self.out, "%s-%s.png" % (name, self.lang)))

    def move(self, thing, relation, target_query, target, axes):
        """The move flow from the card: Flytta → relation → target (search) → axes → preview → confirm."""
        self.open("/o/" + thing)
        self.find("#move").click()
        self.find("label[data-value='%s'] input" % relation).click()
        box = self.find("#q")
        box.clear()
        box.send_keys(target_query)
        self.find("#search").click()
        self.wait(lambda: "q=" in self.driver.current_url
                  and self.driver.execute_script("return document.readyState") == "complete"
                  and self.find("#targets label[data-value='%s']" % target), "the search lists " + target)
        self.expect(self.find("label[data-value='%s'] input" % relation).is_selected(), "the search kept the relation")
        self.find("#targets label[data-value='%s'] input" % target).click()
        # The choice of place is folded, Både chosen: the common move never opens it.
        folded = (self.find("#axes").get_attribute("open"), self.driver.execute_script(
            "var e = document.querySelector(\"#axes label[data-value='current']\");"
            " return e.checkVisibility ? e.checkVisibility() : e.getBoundingClientRect().height > 0"))
        self.expect(folded == (None, False), "the choice of place starts folded (open, shown): %s" % (folded,))
        self.expect(self.find("label[data-value='both'] input").is_selected(), "Både is chosen without opening it")
        if axes != "both":
            self.find("#axes summary").click()
            self.find("label[data-value='%s'] input" % axes).click()
        self.find("#preview").click()
        self.wait(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#confirm"), "the preview of moving " + thing)
        # The answer opens at what would happen: the prediction and its button on the first screen.
        shown = self.driver.execute_script(
            "var h = document.getElementById('would-happen').getBoundingClientRect(),"
            " b = document.getElementById('confirm').getBoundingClientRect();"
            " return [h.top, b.bottom, window.innerHeight];")
        self.expect(shown[0] >= 0 and shown[1] <= shown[2],
                    "the preview opens at what would happen, its button in view (top, bottom, window): %s" % shown)
        prediction = self.text("#prediction")
        self.find("#confirm").click()
        self.wait(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#done"), "the card says the move of %s was done" % thing)
        self.expect(self.driver.current_url.split("?")[0].endswith("/o/" + thing), "back on the card of " + thing)
        self.expect("#" not in self.text("#done"), "the card says what was done in words: " + self.text("#done"))
        return prediction

    def checklist(self):
        w = self.words
        # ★1: Plastlåda at Köksbordet → Flytta → UNDER Bord → Både.
        self.open("/o/yTvK")
        self.expect("Köksbordet" in self.text("#current"), "★1 starts at Köksbordet")
        self.shot("card-before")
        self.move("yTvK", "under", "Bord", "5GgB", "both")
        self.expect(self.driver.find_elements(By.CSS_SELECTOR, "#home-same"), "★1 the home is said once, as the same")
        for axis in ["#current", "#normal"]:
            place = self.place(axis)
            self.expect("Vardagsrummet" in place, "★1 %s shows Vardagsrummet" % axis)
            self.expect(w["under"] + " Bord" in place, "★1 %s shows '%s Bord'" % (axis, w["under"]))
        self.shot("card-under-bord")
        self.open("/o/5GgB")
        self.expect(w["under_it"] + " Plastlåda" in self.text("#current"), "★1 Bord shows what is under it")
        # ★2: Lampa RIGHT OF Bord.
        self.move("lampa", "right-of", "Bord", "5GgB", "both")
        self.expect(w["right"] + " Bord" in self.text("#current"), "★2 Lampa is right of Bord")
        self.open("/o/5GgB")
        self.expect(w["right_it"] + " Lampa" in self.text("#current"), "★2 Bord shows Lampa right of it")
        # ★3: Kabel ATTACHED TO Bord, then Bord into Lillstugan carries it.
        self.move("kabel", "attached-to", "Bord", "5GgB", "both")
        # ★4: moving Bord elsewhere drops "Under Bord"; the box stays.
        prediction = self.move("5GgB", "in", "Lillstugan", "lillstugan", "both")
        self.expect("Plastlåda" in prediction, "★4 the preview says Plastlåda's relation drops: " + prediction)
        self.open("/o/kabel")
        self.expect("Lillstugan" in self.text("#current"), "★3 Kabel went with Bord to Lillstugan")
        self.open("/o/yTvK")
        current = self.text("#current")
        self.expect("Vardagsrummet" in current and w["under"] + " Bord" not in current,
                    "★4 Plastlåda stays in Vardagsrummet without 'Under Bord'")
        self.shot("card-after-bord-moved")

    def buttons(self):
        # Away on the current axis only, then back home with the button.
        self.move("yTvK", "in", "Köksbordet", "koksbordet", "current")
        self.expect(self.driver.find_elements(By.CSS_SELECTOR, "#away"), "the card says Plastlåda is away")
        self.click("#return", lambda: not self.driver.find_elements(By.CSS_SELECTOR, "#away"), "return brought it home")
        self.expect("Vardagsrummet" in self.text("#current"), "back in Vardagsrummet")
        undo = self.find("#undo").text
        self.expect(undo.startswith(self.words["undo"]) and "Plastlåda" in undo and "#" not in undo,
                    "the undo button names the change it takes back, not a seq: %r" % undo)
        self.shot("card-undo")
        self.click("#undo", lambda: self.driver.find_elements(By.CSS_SELECTOR, "#away"), "undo took the return back")
        self.expect("Köksbordet" in self.text("#current"), "undo: in Köksbordet again")
        self.click("#seen-button", lambda: self.text("#seen"), "the card shows when it was last seen")
        seen = self.find("#seen time")
        self.expect(seen.get_attribute("title").endswith(" UTC") and seen.text and "UTC" not in seen.text,
                    "the script shows the time in the reader's zone: %r (was %r)" % (seen.text, seen.get_attribute("title")))
        # The card before the first move (seq 11 is the fixture's last event).
        self.open("/o/yTvK?at=11")
        self.expect(self.driver.find_elements(By.CSS_SELECTOR, "#point"), "the card at a point says which")
        self.expect("Köksbordet" in self.text("#current"), "at #11 Plastlåda was at Köksbordet")
        self.expect(not self.driver.find_elements(By.CSS_SELECTOR, "#move"), "no buttons in the past")
        self.click("#later", lambda: "Vardagsrummet" in self.text("#current"), "one step later it is in Vardagsrummet")
        for path, name in [("/", "home"), ("/tree", "tree"), ("/away", "away"), ("/find?q=bord", "find"),
                           ("/o/yTvK/history", "history"), ("/o/yTvK/move?q=bo", "move")]:
            self.open(path)
            self.shot(name)
        self.thumb()
        self.tree()
        self.desktop()

    def thumb(self):
        """On a phone: the bar's links and find box are 44 CSS pixels high, Flytta is on a container's first
        screen (above its contents and picture), and a bad address is a page with the way on."""
        self.open("/o/vardagsrummet")
        heights = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('.bar a')).map(function (a) {"
            " return a.getBoundingClientRect().height; })")
        self.expect(len(heights) == 4 and min(heights) >= 44, "the bar's links are 44 px high: %s" % heights)
        boxes = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('.bar-find input[type=search], .bar-find button')).map(function (e) {"
            " var r = e.getBoundingClientRect(); return [r.width, r.height]; })")
        self.expect(len(boxes) == 2 and all(w >= 44 and h >= 44 for w, h in boxes),
                    "the bar's find box and its button are at least 44 px: %s" % boxes)
        place = self.driver.execute_script(
            "return [document.getElementById('move').getBoundingClientRect().bottom, window.innerHeight,"
            " document.documentElement.scrollHeight];")
        self.expect(place[0] <= place[1], "Flytta is on the first screen of a room's card (bottom, window, page): %s"
                    % place)
        self.shot("card-room")
        # A tap on a thing in the room's picture opens its card.
        box = self.find(".picture a g.thing")
        thing = box.get_attribute("data-id")
        box.find_element(By.CSS_SELECTOR, "rect").click()
        self.wait(lambda: self.driver.current_url.split("?")[0].endswith("/o/" + thing),
                  "a tap on %s in the room's picture opens its card" % thing)
        self.open("/o/nosuch")
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        finds = len(self.driver.find_elements(By.CSS_SELECTOR, "form[action$='/find']"))
        self.expect("nosuch" in self.text("#problem") and self.driver.find_elements(By.CSS_SELECTOR, ".bar-find")
                    and finds == 1 and width <= 390,
                    "a thing not here is a page: the reason, the bar with the one find box (%d), 390 px wide (%d)"
                    % (finds, width))
        self.shot("not-found")
        # The bar stands at the same place on every page, the label sheet (its own style) too.
        bars = {}
        for path in ["/o/vardagsrummet", "/tree", "/labels?ids=yTvK,5GgB", "/o/vardagsrummet/picture", "/find?q=bord"]:
            self.open(path)
            bars[path] = self.driver.execute_script(
                "var r = document.querySelector('.bar').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
        self.expect(len(set(map(tuple, bars.values()))) == 1 and bars["/tree"][1] == 0,
                    "the bar stands at the top, the same on every page: %s" % bars)

    def tree(self):
        """A thumb can fold and unfold the tree: every fold control is at least 44 CSS pixels both ways."""
        self.open("/tree")
        sizes = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('.tree summary')).map(function (s) {"
            " var m = getComputedStyle(s, '::before'); var r = s.getBoundingClientRect();"
            " return [r.height, parseFloat(m.width), parseFloat(m.height)]; })")
        self.expect(sizes and all(h >= 44 and w >= 44 and mh >= 44 for h, w, mh in sizes),
                    "every fold control of the tree is at least 44 px: %s" % sizes)
        closed = self.driver.find_elements(By.CSS_SELECTOR, ".tree details:not([open]) > summary")
        self.expect(closed, "something in the tree is folded")
        # A tap on the triangle (22 px in from the row's left edge), not on the name's link.
        row = closed[0]
        ActionChains(self.driver).move_to_element_with_offset(row, -row.rect["width"] / 2 + 22, 0).click().perform()
        self.expect(row.find_element(By.XPATH, "..").get_attribute("open") is not None,
                    "a tap on a folded row's triangle unfolds it")
        self.shot("tree-unfolded")
        # A long loan wraps under its own text, never back to the row's left edge.
        self.open("/tree")
        lines = self.driver.execute_script(
            "var s = document.querySelector('.tree .rel.lent'); if (!s) return null;"
            " var a = s.parentElement.querySelector('a'); var r = document.createRange(); r.selectNodeContents(s);"
            " return [a.getBoundingClientRect().right].concat(Array.from(r.getClientRects()).map(function (x) {"
            " return x.left; }));")
        self.expect(lines and len(lines) > 2 and min(lines[1:]) >= lines[0],
                    "the lent thing's loan wraps under its own text, right of the name (name's right, lines' left): %s"
                    % lines)
        self.shot("tree-loan")

    def desktop(self):
        """The pages on a desktop's window, then back to the phone."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        for path, name in [("/o/5GgB", "desktop-card"), ("/o/yTvK/move?q=bo", "desktop-move"),
                           ("/tree", "desktop-tree"), ("/", "desktop-home")]:
            self.open(path)
            width = self.driver.execute_script("return document.documentElement.scrollWidth")
            self.expect(width <= 1280, "%s fits a desktop window without scrolling sideways (%d px)" % (path, width))
            self.shot(name)
        self.phone()
        for path in ["/o/5GgB", "/o/yTvK/move?q=bo", "/tree", "/"]:
            self.open(path)
            width = self.driver.execute_script("return document.documentElement.scrollWidth")
            self.expect(width <= 390, "%s fits a phone's 390 px without scrolling sideways (%d px)" % (path, width))

    def checklist_more(self):
        """★5 and ★7 of the seed's checklist, in Rum after the picture has been checked."""
        w = self.words
        # ★5: Låda (under Hylla in Rum) into Vardagsrummet: its positional relation clears.
        self.move("lada", "in", "Vardagsrummet", "vardagsrummet", "both")
        for axis in ["#current", "#normal"]:
            place = self.place(axis)
            self.expect("Vardagsrummet" in place and "Hylla" not in place,
                        "★5 Låda's %s is Vardagsrummet, without 'Under Hylla': %s" % (axis, place))
        self.open("/o/hylla")
        self.expect("Låda" not in self.text("#current") + self.text("#normal"),
                    "★5 Hylla no longer shows Låda under it")
        # ★7: Hylla away (current Vardagsrummet, home Rum); Stol LEFT OF Hylla, both axes:
        # Stol's current mirrors Hylla's current, its home mirrors Hylla's home.
        self.move("hylla", "in", "Vardagsrummet", "vardagsrummet", "current")
        self.expect(self.driver.find_elements(By.CSS_SELECTOR, "#away"), "★7 Hylla is away")
        self.move("stol", "left-of", "Hylla", "hylla", "both")
        current, normal = self.text("#current"), self.text("#normal")
        self.expect("Vardagsrummet" in current and w["left"].lower() + " hylla" in current.lower(),
                    "★7 Stol's current is Vardagsrummet, left of Hylla: " + current)
        self.expect("Rum" in normal and "Vardagsrummet" not in normal
                    and w["left"].lower() + " hylla" in normal.lower(),
                    "★7 Stol's home is Rum, left of Hylla: " + normal)
        self.shot("card-star7")

    def picture(self):
        self.open("/o/rum/picture")
        boxes = {}
        for g in self.driver.find_elements(By.CSS_SELECTOR, "g.thing"):
            rect = g.find_element(By.CSS_SELECTOR, "rect").rect
            boxes[g.get_attribute("data-id")] = rect
        self.expect({"hylla", "lada", "stol", "bok"} <= set(boxes), "the picture draws every thing: %s" % boxes)
        h = boxes["hylla"]
        self.expect(boxes["lada"]["y"] >= h["y"] + h["height"], "Låda (under Hylla) is drawn below it")
        self.expect(boxes["stol"]["x"] + boxes["stol"]["width"] <= h["x"], "Stol (left of Hylla) is drawn left of it")
        self.expect(boxes["bok"]["y"] + boxes["bok"]["height"] <= h["y"], "Bok (above Hylla) is drawn above it")
        self.shot("picture")

    def labels(self, ids_file):
        ids = [line.strip() for line in open(ids_file) if line.strip()]
        base = self.url + "/o/"
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 900, "height": 1300, "deviceScaleFactor": 3, "mobile": False})
        self.open("/labels?in=etiketter&layout=3x8")
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        decoded = set()
        y = 0
        n = 0
        while y < height:
            self.driver.execute_script("window.scrollTo(0, %d)" % y)
            self.painted()
            path = os.path.join(self.out, "labels-%s-%02d.png" % (self.lang, n))
            self.driver.save_screenshot(path)
            decoded.update(self.zbar(path))
            y += 1000
            n += 1
        expected = {base + i for i in ids}
        # A loaded machine can take a screenshot while a part of the sheet is still being painted:
        # a label the sweep missed gets one look of its own, centred on the screen, and must decode
        # there (its own address, nothing else). How many needed it is printed.
        second = []
        for url in sorted(expected - decoded):
            found = self.driver.find_elements(By.CSS_SELECTOR, 'svg[aria-label="%s"]' % url)
            if not found:
                continue
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", found[0])
            self.painted()
            path = os.path.join(self.out, "labels-%s-again-%02d.png" % (self.lang, len(second)))
            self.driver.save_screenshot(path)
            again = self.zbar(path)
            decoded.update(again)
            if url in again:
                second.append(url)
        if second:
            print("  note: %d label(s) decoded only on a second look: %s" % (len(second), second[:3]))
        missing = expected - decoded
        self.expect(not missing, "zbarimg decoded every label: %d of %d missing, e.g. %s" % (
            len(missing), len(expected), sorted(missing)[:3]))
        self.expect(decoded <= expected, "no label decodes to another address: %s" % (decoded - expected))
        self.phone()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--lang", choices=["sv", "en"], required=True)
    parser.add_argument("--ids", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", default="checklist,buttons,picture,checklist_more,labels")
    args = parser.parse_args()
    check = Check(args)
    try:
        for part in args.only.split(","):
            getattr(check, part)(*([args.ids] if part == "labels" else []))
            print("ok: %s (%s)" % (part, args.lang), flush=True)
    except AssertionError as failure:
        print("FAILED: %s" % failure, flush=True)
        return 1
    finally:
        check.driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
