"""Browser tests of the healthd dashboard (run by .ci/dashboard-check).

Drives Debian's chromium through chromedriver against a running server on a demo
database: sign-in, every view at 375 and 1280 px without console errors or requests
to other origins, numbers equal to /health/daily, sleep stages adding up, cancelling
an intent, a hostile source name shown as text, trend charts titled with the catalog's
display names, the sync view listing the demo's sources (written without an adapter
record), the readiness card, baseline bands and anomaly marks on the trends, and the
records view equal to the judgement intents' answers. Exits non-zero on any failure."""
import json, os, re, sys, time, urllib.request
from datetime import date, datetime, timedelta, timezone

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

URL = os.environ["HEALTHD_URL"].rstrip("/")
TOKEN = os.environ["HEALTHD_TOKEN"]
SHOTS = os.environ["SCREENSHOTS"]
HOSTILE = "<img src=x onerror=alert(1)>"
VIEWS = ["today", "trends", "records", "sleep", "workouts", "sync", "intents"]
RECORDS = "records/metric=step_count&goal=10000"
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


def call(method, path, body=None):
    request = urllib.request.Request(URL + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def seed():
    """What the demo lacks: a workout with heart rate and route, writes through two
    adapters (one under a hostile source name), and write intents."""
    now = int(time.time() * 1000)
    start = now - 3 * 3600_000
    route = [{"timeMs": start + i * 60_000, "latitude": 52.52 + 0.004 * (i / 10) + 0.001 * ((i % 7) - 3) / 3,
              "longitude": 13.405 + 0.006 * __import__("math").sin(i / 6)} for i in range(40)]
    heart = [{"timeMs": start + i * 60_000, "bpm": 120 + (i * 7) % 35} for i in range(40)]
    call("POST", "/health/ingest", {
        "samples": [{"sampleKey": "dash-hostile-1", "metric": "step_count", "startTimeMs": now - 7200_000, "endTimeMs": now - 6600_000,
                     "valueNumber": 321, "unit": "count", "sourceName": HOSTILE, "timezone": "Europe/Berlin"}],
        "workouts": [{"workoutKey": "dash-run-1", "activityType": "Outdoor Run", "startTimeMs": start, "endTimeMs": start + 40 * 60_000,
                      "distance": 6.4, "distanceUnit": "km", "activeEnergy": 430, "avgHeartRate": 138, "maxHeartRate": 154,
                      "heartRate": heart, "route": route, "sourceName": "Apple Watch", "timezone": "Europe/Berlin"}]})
    stamp = datetime.fromtimestamp(now / 1000 - 3600, timezone(timedelta(hours=1))).strftime("%Y-%m-%d %H:%M:%S +0100")
    call("POST", "/health/hae", {"data": {"metrics": [{"name": "step_count", "units": "count",
                                                        "data": [{"date": stamp, "qty": 250, "source": "iPhone"}]}], "workouts": []}})
    for i, kcal in enumerate([450, 620, 380]):
        call("POST", "/health/write-intents", {"externalId": f"dash-meal-{i}", "metric": "dietary_energy_kcal", "valueNumber": kcal,
                                               "unit": "kcal", "startTimeMs": now - (i + 1) * 3600_000, "timezone": "Europe/Berlin",
                                               "source": "nutrition-agent", "note": f"meal {i}"})
    call("POST", "/health/write-intents/ack", {"acks": [{"externalId": "dash-meal-2", "result": "failed", "retryable": False,
                                                         "error": "HealthKit authorization denied", "version": 1}]})


def intent_status(external_id):
    answer = call("GET", f"/health/write-intents/{external_id}")
    return answer.get("intent", answer)["status"]


def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,900",
                 "--lang=en-US", "--no-first-run", "--disable-extensions", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-default-apps"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def viewport(d, width, height=900):
    """Sets the page's size; the page redraws its charts for a new width 300 ms later."""
    before = d.execute_script("return window.innerWidth")
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    if before != width:
        time.sleep(0.6)
        WebDriverWait(d, 15).until(lambda d: d.execute_script("return !document.getElementById('view').hasAttribute('aria-busy')"))


def wait_view(d, view, timeout=15):
    return WebDriverWait(d, timeout).until(lambda d: d.execute_script(
        "const m = document.getElementById('view'); return m.dataset.view === arguments[0] && !m.hasAttribute('aria-busy') ? m.dataset.drawnAt : null;", view))


def go(d, hash):
    """Shows a view by its hash, in the loaded page, and waits until it is drawn."""
    d.execute_script("const m = document.getElementById('view'); delete m.dataset.view; delete m.dataset.drawnAt; location.hash = arguments[0];", hash)
    return wait_view(d, hash.split("/")[0])


def screenshot(d, name, width):
    viewport(d, width)
    height = d.execute_script("return Math.min(4000, document.documentElement.scrollHeight)")
    viewport(d, width, height)
    d.save_screenshot(os.path.join(SHOTS, f"{name}-{width}.png"))


def console_errors(d):
    return [entry for entry in d.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def foreign_requests(d):
    urls = []
    for entry in d.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not (url.startswith(URL + "/") or url.startswith("data:")):
                urls.append(url)
    return urls


def number_text(text):
    return float(re.sub(r"[^0-9.\-]", "", text.replace("\u2212", "-")) or "nan")


def fmt_days(run):
    """A run's dates as the page writes them in en-US: "Wed, Dec 17, 2025 – Thu, Jan 1, 2026"."""
    def day(key):
        value = date.fromisoformat(key)
        return f"{value.strftime('%a, %b')} {value.day}, {value.year}"
    return f"{day(run['start'])} \u2013 {day(run['end'])}"


def main():
    seed()
    d = driver()
    try:
        # Sign-in: a wrong token is refused with a message, the right one opens the page.
        d.get(URL + "/")
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "token").is_displayed())
        d.find_element(By.ID, "token").send_keys("not-the-token")
        d.find_element(By.CSS_SELECTOR, "#signin-form button").click()
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "signin-error").text)
        message = d.find_element(By.ID, "signin-error").text
        check("refused" in message, f"a wrong token is refused: {message!r}")
        check(d.execute_script("return sessionStorage.length") == 0, "a refused token is not kept")
        screenshot(d, "signin", 1280)
        viewport(d, 1280)
        d.get_log("browser")  # the refused request's 401 is expected; later views must be clean
        d.find_element(By.ID, "token").clear()
        d.find_element(By.ID, "token").send_keys(TOKEN)
        d.find_element(By.CSS_SELECTOR, "#signin-form button").click()
        wait_view(d, "today")
        check(d.execute_script("return sessionStorage.getItem('healthd.token')") == TOKEN, "the token is kept in sessionStorage")
        check(d.execute_script("return localStorage.length + document.cookie.length") == 0, "nothing in localStorage or cookies")

        # First view on a reload (token kept): drawn within a second of navigation start.
        d.refresh()
        drawn = int(wait_view(d, "today"))
        check(drawn < 1000, f"first view drawn {drawn} ms after navigation start (< 1000)")

        # Every view at both widths: no console error, no request elsewhere. Today is
        # shown for the demo's latest full day (the demo ends yesterday, in UTC).
        day = (datetime.now(timezone.utc).date() - timedelta(days=2)).isoformat()
        for view in VIEWS:
            go(d, f"today/{day}" if view == "today" else RECORDS if view == "records" else view)
            for width in (1280, 375):
                screenshot(d, view, width)
            errors = console_errors(d)
            check(not errors, f"{view}: no console errors {errors if errors else ''}")
        foreign = foreign_requests(d)
        check(not foreign, f"no request outside the server {foreign if foreign else ''}")

        # A workout opens to its heart-rate line and route.
        viewport(d, 1280)
        go(d, "workouts")
        check(len(d.find_elements(By.CSS_SELECTOR, "[data-workout='dash-run-1'] a[href='#workouts/dash-run-1']")) == 1, "the list links the workout")
        go(d, "workouts/dash-run-1")
        check(len(d.find_elements(By.CSS_SELECTOR, "svg.route path")) == 1, "the workout's route is an SVG path")
        check(len(d.find_elements(By.CSS_SELECTOR, "svg.chart path.line")) == 1, "the workout's heart-rate line is drawn")
        screenshot(d, "workout-detail", 1280)
        screenshot(d, "workout-detail", 375)

        # The day's numbers equal /health/daily (the latest complete demo day).
        daily = call("GET", f"/health/daily?from={day}&to={day}")["days"][0]["metrics"]
        viewport(d, 1280)
        go(d, f"today/{day}")
        fields = {"step_count": ("total", 0), "active_energy_kcal": ("total", 0), "dietary_energy_kcal": ("total", 0),
                  "resting_heart_rate_bpm": ("avg", 1), "hrv_sdnn_ms": ("avg", 1), "body_mass_kg": ("latest", 2), "body_fat_percent": ("latest", 1)}
        compared = 0
        for metric, (field, digits) in fields.items():
            cell = d.find_element(By.CSS_SELECTOR, f"[data-day='{day}'] [data-metric='{metric}'] dd")
            expected = daily.get(metric, {}).get(field)
            shown = cell.get_attribute("data-value")
            if expected is None:
                check(shown == "" and "no data" in cell.text, f"{day} {metric}: no data shown as no data")
                continue
            compared += 1
            check(float(shown) == expected, f"{day} {metric}: page value {shown} == /health/daily {expected}")
            check(abs(number_text(cell.text.split(" ")[0]) - round(expected, digits)) < 1e-9, f"{day} {metric}: shown {cell.text!r} is {expected} rounded")
        asleep = d.find_element(By.CSS_SELECTOR, f"[data-day='{day}'] [data-metric='sleep_segment'] dd").get_attribute("data-value")
        check(float(asleep) == daily["sleep_segment"]["asleepMinutes"], f"{day} asleep {asleep} min == /health/daily")
        check(compared >= 5, f"{compared} key numbers compared")

        # The readiness card shows the server's score and band with each component, or
        # "unknown" with the missing inputs and their reasons.
        readiness = call("POST", "/health/query", {"intent": "readiness", "detail": "brief", "date": day})
        card = d.find_element(By.ID, "readiness")
        check(card.get_attribute("data-status") == readiness["status"], f"the readiness card's status is the API's: {readiness['status']}")
        if readiness["status"] == "scored":
            shown = card.find_element(By.CSS_SELECTOR, ".score").get_attribute("data-score")
            check(shown == str(readiness["score"]), f"readiness score {shown} == API {readiness['score']}")
            band = card.find_element(By.CSS_SELECTOR, "[data-band]")
            check(band.text == readiness["band"], f"readiness band {band.text!r} == API {readiness['band']!r}")
        else:
            reasons = [r.get_attribute("data-reason") for r in card.find_elements(By.CSS_SELECTOR, "#readiness-missing tbody tr")]
            check(reasons == [m["reason"] for m in readiness["missing"]] and reasons, f"readiness unknown: the missing inputs and reasons are listed {reasons}")
        rows = {r.get_attribute("data-component"): r for r in card.find_elements(By.CSS_SELECTOR, "#readiness-components tbody tr")}
        check(sorted(rows) == sorted(c["name"] for c in readiness["components"]), f"each readiness component is listed: {sorted(rows)}")
        for c in readiness["components"]:
            row = rows.get(c["name"])
            if row is None:
                continue
            z = row.find_element(By.CSS_SELECTOR, "[data-z]")
            usual = row.find_element(By.CSS_SELECTOR, "[data-usual]")
            check(float(z.get_attribute("data-z")) == c["z"] and float(usual.get_attribute("data-usual")) == c["usual"],
                  f"readiness {c['name']}: z {z.text} and usual {usual.text} are the API's")
        night = card.find_element(By.CSS_SELECTOR, "[data-last-night]")
        check(night.get_attribute("data-last-night") == (readiness["lastNightSettling"] or "") and "last night" in night.text.lower(),
              f"the card says whether last night is provisional: {night.text!r}")
        check("Readiness" in card.text and readiness["text"] in card.text, "the card shows the readiness sentence")

        # Trends: each charted metric's baseline band, and a ring on each anomaly the API names.
        go(d, "trends")
        charted = [c.get_attribute("data-chart") for c in d.find_elements(By.CSS_SELECTOR, "section.chart-card")]
        span = d.execute_script("return range()")  # the page's range: 30 days to today in the server's zone
        judged = call("POST", "/health/query", {"intent": "anomalies", "from": span["from"], "to": span["to"], "metrics": charted})
        bands = d.find_elements(By.CSS_SELECTOR, "svg.chart path.band")
        check(len(bands) >= 1, f"{len(bands)} baseline bands drawn")
        banded = {c.get_attribute("data-chart") for c in d.find_elements(By.CSS_SELECTOR, "section.chart-card") if c.find_elements(By.CSS_SELECTOR, "path.band")}
        check(banded == {m for m, b in judged["bands"].items() if b["days"]}, f"a band on every chart the API has a baseline for: {sorted(banded)}")
        marks = d.find_elements(By.CSS_SELECTOR, "svg.chart circle.anomaly")
        expected = {(a["metric"], a["day"]) for a in judged["anomalies"]}
        drawn = {(m.find_element(By.XPATH, "ancestor::section[@data-chart]").get_attribute("data-chart"), m.get_attribute("data-day")) for m in marks}
        check(drawn == expected, f"anomaly marks {sorted(drawn)} == API {sorted(expected)}")
        if marks:
            title = marks[0].find_element(By.TAG_NAME, "title").get_attribute("textContent")
            check("anomaly:" in title and "usual" in title and "z " in title, f"an anomaly's title gives value, usual and z: {title!r}")
        else:
            heads = [c.find_element(By.CSS_SELECTOR, ".chart-head").text for c in d.find_elements(By.CSS_SELECTOR, "section.chart-card")]
            check(any("no anomalies" in h for h in heads), f"no anomalies in the range, and the charts say so: {heads}")
        check(d.find_elements(By.CSS_SELECTOR, ".anomaly-summary"), "the anomalies sentence is shown")

        # Records: the best day, best week and month (partial marked) and the streaks.
        go(d, RECORDS)
        records = call("POST", "/health/query", {"intent": "records", "metric": "step_count", "goal": 10000})
        def record(key):
            cells = d.find_elements(By.CSS_SELECTOR, f"#records-table [data-record='{key}'] td")
            return [c.text for c in cells]
        best = record("best")
        check(best and number_text(best[0]) == records["best"]["value"], f"records: best day {best} == API {records['best']}")
        week = record("bestWeek")
        check(week and records["bestWeek"]["label"] in week[1] and number_text(week[0]) == records["bestWeek"]["total"], f"records: best week {week}")
        check(("partial" in week[1]) == records["bestWeek"]["partial"], f"records: the best week is marked partial exactly when it is ({records['bestWeek']['partial']})")
        month = record("bestMonth")
        check(month and records["bestMonth"]["label"] in month[1] and ("partial" in month[1]) == records["bestMonth"]["partial"], f"records: best month {month}")
        longest = record("longest")
        expected_run = records["streaks"]["longest"]
        check(longest and expected_run and number_text(longest[0]) == expected_run["length"] and longest[1].startswith(fmt_days(expected_run)),
              f"records: longest streak {longest} == API {expected_run}")
        current = record("current")
        check(current and (records["streaks"]["current"] is None) == (current[0] == "\u2013"), f"records: current streak {current}")
        # Over the 30-day range the range cuts its first week and month: marked partial as the API says.
        go(d, "records/metric=step_count&over=range")
        span = d.execute_script("return range()")
        cut = call("POST", "/health/query", {"intent": "records", "metric": "step_count", "from": span["from"], "to": span["to"]})
        for key in ("bestWeek", "bestMonth"):
            cells = record(key)
            badge = d.find_elements(By.CSS_SELECTOR, f"#records-table [data-record='{key}'] [data-partial]")
            check(cells and cut[key]["label"] in cells[1] and bool(badge) == cut[key]["partial"], f"records over the range: {key} {cells}, partial {cut[key]['partial']}")
        check(not d.find_elements(By.CSS_SELECTOR, "#records-table [data-record='longest']"), "without a goal no streak is listed")

        # Trend charts are titled with the catalog's names and units, not identifiers.
        go(d, "trends")
        titles = {c.get_attribute("data-chart"): c.find_element(By.CSS_SELECTOR, "h3").text
                  for c in d.find_elements(By.CSS_SELECTOR, "section.chart-card")}
        check(titles.get("step_count") == "Steps", f"the steps chart is titled Steps: {titles.get('step_count')!r}")
        check(titles.get("resting_heart_rate_bpm") == "Resting heart rate (bpm)",
              f"the resting heart rate chart is titled with its name and unit: {titles.get('resting_heart_rate_bpm')!r}")
        check(not [t for t in titles.values() if re.fullmatch(r"[a-z0-9_]+", t)], f"no chart is titled with an identifier: {sorted(titles.values())}")
        options = [o.text for o in d.find_elements(By.CSS_SELECTOR, "#metric option")]
        check("Steps" in options and "step_count" not in options, "the metric picker lists display names")

        # Each night's stages add up to its asleep time.
        go(d, "sleep")
        d.find_element(By.CSS_SELECTOR, ".show-table").click()
        rows = d.execute_script("""return [...document.querySelectorAll('#sleep-table tbody tr')].map((row) =>
            Object.assign({day: row.dataset.day}, Object.fromEntries([...row.querySelectorAll('td[data-stage]')].map((c) => [c.dataset.stage, Number(c.dataset.value)]))))""")
        check(len(rows) >= 25, f"{len(rows)} nights in the sleep table")
        bad = [v["day"] for v in rows if v["deepMinutes"] + v["remMinutes"] + v["coreMinutes"] + v["unspecifiedMinutes"] != v["asleepMinutes"]]
        check(not bad, f"every night's stages add to its asleep time {bad if bad else ''}")
        screenshot(d, "sleep-table", 375)

        # Cancelling a pending intent in the page makes it cancelled in the API.
        viewport(d, 1280)
        go(d, "intents")
        d.find_element(By.CSS_SELECTOR, "[data-intent='dash-meal-1'] button.cancel").click()
        alert = WebDriverWait(d, 5).until(lambda d: d.switch_to.alert)
        check("dash-meal-1" in alert.text, "cancelling asks to confirm")
        alert.accept()
        # The list is drawn again after the cancel: a row found just before that is stale, so look again.
        WebDriverWait(d, 10, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "[data-intent='dash-meal-1']").get_attribute("data-status") == "cancelled")
        check(intent_status("dash-meal-1") == "cancelled", "the API says the intent is cancelled")
        check(intent_status("dash-meal-0") == "pending", "the other pending intent is untouched")

        # The hostile source name is text, never markup.
        go(d, "sync")
        sources = [c.text for c in d.find_elements(By.CSS_SELECTOR, "#sync-table td.source")]
        check(HOSTILE in sources, f"the hostile source name shows as text: {sources}")
        check(not d.find_elements(By.CSS_SELECTOR, "#view img"), "no img element was created from it")
        clients = {r.get_attribute("data-client") for r in d.find_elements(By.CSS_SELECTOR, "#sync-table tbody tr")}
        check({"native", "health_auto_export"} <= clients, f"the sync view names the adapters: {sorted(clients)}")
        # The demo's samples were written without an adapter record: their sources are
        # listed all the same, with the last sample time, the adapter unknown.
        stored = {r.get_attribute("data-source"): [c.text for c in r.find_elements(By.TAG_NAME, "td")]
                  for r in d.find_elements(By.CSS_SELECTOR, "#sources-table tbody tr")}
        demo = {"Apple Watch", "iPhone", "MyFitnessPal", "Withings", "RingConn"}
        check(demo <= set(stored), f"the sync view lists the demo's sources: {sorted(stored)}")
        check(all(stored[name][1] not in ("", "\u2013") for name in demo & set(stored)), "each demo source shows its last sample time")
        # Apple Watch (the seeded workout) and iPhone (the seeded HAE steps) went through adapters since.
        check(all(stored[name][3] == "unknown" for name in {"MyFitnessPal", "Withings", "RingConn"} & set(stored)),
              "demo-only sources show an unknown adapter")
        check("Health Auto Export" in stored.get("iPhone", ["", "", "", ""])[3], "a source later written through HAE names it")
        check(HOSTILE in stored and "Native app" in stored[HOSTILE][3], "a source written through ingest names its adapter")
        errors = console_errors(d)
        check(not errors, f"no console errors at the end {errors if errors else ''}")
        check(not foreign_requests(d), "no request outside the server at the end")
    except TimeoutException as error:
        failures.append(f"timed out: {error}")
        d.save_screenshot(os.path.join(SHOTS, "timeout.png"))
    finally:
        d.quit()
    if failures:
        print(f"{len(failures)} dashboard check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("dashboard: every check passed")


main()
