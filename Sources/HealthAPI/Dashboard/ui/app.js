// healthd dashboard. Reads the server's JSON API with the token the person typed; every
// value from the database is inserted with textContent (el()), never as HTML.
"use strict";

const TOKEN_KEY = "healthd.token";
/** The person an admin's token acts for (sent as X-Healthd-Person); none: the token's own. */
const PERSON_KEY = "healthd.person";
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

// ---- DOM helpers ---------------------------------------------------------------------

/** An element with attributes and children; strings become text nodes. */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}

/** An SVG element; attribute values are set as attributes (never parsed as markup). */
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

// ---- Formatting (the browser's locale) -------------------------------------------------

const numberFormats = new Map();
function fmt(value, digits = 0) {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  if (!numberFormats.has(digits)) numberFormats.set(digits, new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }));
  return numberFormats.get(digits).format(value);
}
/** "2026-11-22" as a local date string; the key is a calendar date, so it is formatted in UTC. */
function fmtDay(key, style = "medium") {
  const [y, m, d] = key.split("-").map(Number);
  const options = style === "short" ? { month: "short", day: "numeric", timeZone: "UTC" } : { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC" };
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, options);
}
function fmtTime(ms, withDate = true) {
  if (ms === null || ms === undefined) return "–";
  const options = withDate ? { dateStyle: "medium", timeStyle: "short" } : { timeStyle: "short" };
  if (state.tz) options.timeZone = state.tz;
  return new Date(ms).toLocaleString(undefined, options);
}
function fmtMinutes(minutes) {
  if (minutes === null || minutes === undefined) return "–";
  const h = Math.floor(minutes / 60), m = Math.round(minutes % 60);
  return h > 0 ? `${fmt(h)} h ${String(m).padStart(2, "0")} min` : `${fmt(m)} min`;
}
function fmtDuration(seconds) { return fmtMinutes(seconds / 60); }

// ---- Dates ------------------------------------------------------------------------------

/** Today's date key in a time zone (the browser's when none is chosen). */
function todayIn(tz) {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: tz || undefined, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date());
  const get = (type) => parts.find((p) => p.type === type).value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}
function addDays(key, n) {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
function daysBetween(from, to) {
  const out = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

// ---- State and API --------------------------------------------------------------------

const state = { tz: "", serverTz: "", catalog: null, view: "today" };

class AuthError extends Error {}

/** Calls the JSON API with the token; a 401 signs out with a clear message. */
async function api(path, options = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (!token) throw new AuthError("Not signed in.");
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const person = sessionStorage.getItem(PERSON_KEY);
  if (person) headers["X-Healthd-Person"] = person;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method: options.method || "GET", headers, cache: "no-store", credentials: "omit", referrerPolicy: "no-referrer",
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (response.status === 401) {
    sessionStorage.removeItem(TOKEN_KEY);
    throw new AuthError("The token was refused: it is not this server's token. Check it and sign in again.");
  }
  if (response.status === 404 && person && body && body.error && body.error.details && body.error.details.field === "X-Healthd-Person") {
    // The person was removed meanwhile: back to the token's own.
    sessionStorage.removeItem(PERSON_KEY);
    throw new Error(body.error.message);
  }
  if (response.status === 429) throw new Error(body && body.error ? body.error.message : "Too many requests; wait a moment.");
  if (!response.ok) throw new Error(body && body.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${response.status}`);
  return body;
}

function tzParam() { return state.tz ? `&timezone=${encodeURIComponent(state.tz)}` : ""; }

/** A POST /health/query body with the chosen time zone, when one is chosen. */
function query(body) { return api("/health/query", { method: "POST", body: Object.assign(body, state.tz ? { timezone: state.tz } : {}) }); }

/** The promise's value, or {error} for a failure other than the token's (that one signs out). */
function settled(promise) { return promise.catch((error) => { if (error instanceof AuthError) throw error; return { error }; }); }

async function catalog() {
  if (!state.catalog) state.catalog = (await api("/health/capabilities")).metrics || {};
  return state.catalog;
}

/** A metric's name for people, from the catalog ("Resting heart rate"); its identifier when the catalog has none. */
function metricName(metric, spec) { return (spec && spec.displayName) || metric; }
/** The name with its unit: "Resting heart rate (bpm)"; a count needs no unit ("Steps"). */
function metricTitle(metric, spec) {
  const unit = spec && spec.unit;
  return unit && unit !== "count" ? `${metricName(metric, spec)} (${unit})` : metricName(metric, spec);
}

/**
 * The key a source is matched by, as the server matches it (SourceName.normalized): curly
 * apostrophes and primes as ', no-break and narrow spaces as a space. Names are shown as
 * sent; this only decides which spellings are one source.
 */
function sourceKey(name) { return String(name).replace(/[\u2018\u2019\u2032\u02BC]/g, "'").replace(/[\u00A0\u202F\u2007]/g, " "); }

/** Sources of a run of days, one per key, each shown as the latest day spelled it (days ascending). */
function sourcesOverDays(points, names) {
  const byKey = new Map();
  for (const p of points) for (const name of names(p)) byKey.set(sourceKey(name), name);
  return byKey;
}

// ---- Sign-in ----------------------------------------------------------------------------

function showSignin(message) {
  $("signin").hidden = false;
  $("controls").hidden = true;
  $("nav").hidden = true;
  $("signout").hidden = true;
  $("view").replaceChildren();
  $("signin-error").textContent = message || "";
  $("token").focus();
}

async function signIn(event) {
  event.preventDefault();
  const token = $("token").value.trim();
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  $("signin-error").textContent = "";
  try {
    // A cheap read route: proves the token before any view loads.
    await api("/health/sync/clients");
  } catch (error) {
    sessionStorage.removeItem(TOKEN_KEY);
    $("signin-error").textContent = error instanceof AuthError ? error.message : `Sign-in failed: ${error.message}`;
    return;
  }
  $("token").value = "";
  start();
}

function signOut() {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(PERSON_KEY);
  showSignin("Signed out.");
}

// ---- Controls: range and time zone ---------------------------------------------------

function fillTimeZones(selected) {
  const select = $("tz");
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  if (selected && !zones.includes(selected)) zones.unshift(selected);
  select.replaceChildren(el("option", { value: "", text: `Server default${state.serverTz ? ` (${state.serverTz})` : ""}` }),
    ...zones.map((zone) => el("option", { value: zone, text: zone })));
  select.value = selected || "";
}

/**
 * The person switch, for an admin's token only (GET /health/people answers 403 to any
 * other, and the switch stays hidden): every person by name, the one acted for chosen.
 */
async function fillPeople() {
  let answer = null;
  try { answer = await api("/health/people"); } catch (error) { if (error instanceof AuthError) throw error; }
  const people = (answer && answer.people) || [];
  $("person-label").hidden = people.length < 2;
  const current = people.find((p) => p.current);
  $("person").replaceChildren(...people.map((p) => el("option", { value: p.id, text: p.name })));
  if (current) $("person").value = current.id;
}

/** The range picked: {from, to} as date keys, ending today in the chosen zone. */
function range() {
  const choice = $("range").value;
  if (choice === "custom" && $("from").value && $("to").value) {
    const [a, b] = [$("from").value, $("to").value].sort();
    return { from: a, to: b };
  }
  const days = Number(choice === "custom" ? 30 : choice);
  const to = todayIn(state.tz || state.serverTz);
  return { from: addDays(to, -(days - 1)), to };
}

// ---- Views -----------------------------------------------------------------------------

const views = { today: viewToday, trends: viewTrends, records: viewRecords, sleep: viewSleep, workouts: viewWorkouts, sync: viewSync, intents: viewIntents };
let renderToken = 0;

async function render() {
  const hash = location.hash.replace(/^#/, "");
  const [name, argument] = hash.split("/");
  state.view = views[name] ? name : "today";
  for (const link of document.querySelectorAll("nav a")) {
    if (link.dataset.view === state.view) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
  }
  const current = ++renderToken;
  const main = $("view");
  main.setAttribute("aria-busy", "true");
  main.replaceChildren(el("p", { class: "muted", text: "Loading…" }));
  try {
    const content = await views[state.view](argument ? decodeURIComponent(argument) : undefined);
    if (current !== renderToken) return;
    main.replaceChildren(...[content].flat(Infinity).filter(Boolean));
    main.dataset.view = state.view;
    // When the view was drawn, in ms since navigation start (the browser test reads it).
    main.dataset.drawnAt = String(Math.round(performance.now()));
  } catch (error) {
    if (current !== renderToken) return;
    if (error instanceof AuthError) { showSignin(error.message); return; }
    main.replaceChildren(el("p", { class: "error", role: "alert", text: `Could not load this view: ${error.message}` }));
  } finally {
    if (current === renderToken) main.removeAttribute("aria-busy");
  }
}

// Today / yesterday: the agents' summary text and the day's key numbers from /health/daily.

const KEY_METRICS = [
  ["step_count", "Steps", "total", 0],
  ["active_energy_kcal", "Active energy", "total", 0],
  ["dietary_energy_kcal", "Eaten", "total", 0],
  ["resting_heart_rate_bpm", "Resting HR", "avg", 1],
  ["hrv_sdnn_ms", "HRV", "avg", 1],
  ["body_mass_kg", "Weight", "latest", 2],
  ["body_fat_percent", "Body fat", "latest", 1],
];

async function viewToday(dayArgument) {
  let tz = state.tz || state.serverTz;
  const today = /^\d{4}-\d{2}-\d{2}$/.test(dayArgument || "") ? dayArgument : todayIn(tz);
  const yesterday = addDays(today, -1);
  const [first, second, daily, units, readiness] = await Promise.all([
    api(`/health/summary/daily?day=${today}${tzParam()}`),
    api(`/health/summary/daily?day=${yesterday}${tzParam()}`),
    api(`/health/daily?from=${yesterday}&to=${today}`),
    catalog(),
    settled(query({ intent: "readiness", detail: "brief", date: today })),
  ]);
  const byDay = Object.fromEntries((daily.days || []).map((d) => [d.dayKey, d.metrics]));
  const picker = el("input", { type: "date", id: "day", value: today, "aria-label": "Day" });
  picker.addEventListener("change", () => { if (picker.value) location.hash = `#today/${picker.value}`; });
  const latest = first.provenance && first.provenance.asOfMs ? first.provenance.asOfMs : null;
  const cards = [[today, first, dayArgument ? "Day" : "Today"], [yesterday, second, "Day before"]].map(([day, summary, label]) =>
    dayCard(day, label, summary, byDay[day] || {}, units));
  const note = latest ? el("p", { class: "muted" }, `Latest sample used: ${fmtTime(latest)} · time zone ${first.timezone} (${first.timezoneSource.replace("_", " ")})`) : null;
  return [
    el("h2", { text: "Today and yesterday" }),
    el("div", { class: "toolbar" }, el("label", {}, "Show day", picker),
      el("button", { type: "button", onclick: () => { location.hash = "#today"; } }, "Today"),
      latest ? el("button", { type: "button", onclick: () => { location.hash = `#today/${latestDay(first)}`; } }, "Latest day with data") : null),
    note, readinessCard(today, readiness), el("div", { class: "cards" }, cards),
  ];
}

// Readiness: the server's score, band and sentence, each input against its personal
// baseline, and why it is unknown when it is.

const READINESS_INPUTS = { hrv: "HRV", resting_heart_rate: "Resting HR", asleep: "Last night's sleep" };
const MISSING_REASONS = { no_value: "no value for this day", insufficient_baseline: "baseline too short", no_spread: "baseline without spread" };

/** A value in its summary unit: minutes as hours and minutes, a count bare, others with their unit. */
function fmtUnit(value, unit, digits = 1) {
  if (value === null || value === undefined) return "–";
  if (unit === "min") return fmtMinutes(value);
  return unit && unit !== "count" ? `${fmt(value, digits)} ${unit}` : fmt(value, digits);
}
/** A signed number: "+1.08", "−0.67". */
function fmtSigned(value, digits = 2) {
  if (value === null || value === undefined) return "–";
  return `${value > 0 ? "+" : value < 0 ? "\u2212" : ""}${fmt(Math.abs(value), digits)}`;
}

function readinessCard(day, r) {
  const card = el("section", { class: "card readiness", id: "readiness", "aria-labelledby": "readiness-title" },
    el("h3", { id: "readiness-title" }, `Readiness · ${fmtDay(day)}`));
  if (r.error) {
    card.append(el("p", { class: "error", text: `Readiness could not be read: ${r.error.message}` }));
    return card;
  }
  const scored = r.status === "scored" && typeof r.score === "number";
  card.dataset.status = r.status || "";
  card.append(scored
    ? el("div", { class: "readiness-head" },
      el("span", { class: "score", "data-score": String(r.score), text: String(r.score) }),
      el("span", { class: `badge band-${r.band}`, "data-band": r.band, text: r.band }),
      el("meter", { min: "0", max: "100", low: "50", high: "65", optimum: "100", value: String(r.score), "aria-label": `Readiness ${r.score} of 100` }))
    : el("div", { class: "readiness-head" }, el("span", { class: "score unknown", text: "unknown" })));
  card.append(el("p", { class: "summary", text: r.text || "" }));
  const night = r.lastNightSettling;
  card.append(el("p", { class: night === "provisional" ? "warning" : "muted", "data-last-night": night || "" },
    night === "provisional" ? "Last night is still provisional: its sleep may still be syncing, so the score can change."
      : night ? `Last night is ${night}.` : "No sleep recorded last night.",
    r.settling && (r.components || []).length ? ` The day is ${r.settling}.` : ""));
  const components = r.components || [];
  if (components.length) {
    card.append(el("div", { class: "table-wrap" }, el("table", { id: "readiness-components" },
      el("caption", { class: "muted", text: "Each input against its personal baseline (median of the 28 days before)" }),
      el("thead", {}, el("tr", {}, ["Input", "Value", "Usual", "z", "Points", "Status"].map((h, k) => el("th", { scope: "col", class: k && k < 5 ? "num" : null, text: h })))),
      el("tbody", {}, components.map((c) => el("tr", { "data-component": c.name },
        el("th", { scope: "row", text: READINESS_INPUTS[c.name] || c.name }),
        el("td", { class: "num", "data-value": String(c.value), text: fmtUnit(c.value, c.unit) }),
        el("td", { class: "num", "data-usual": String(c.usual), text: fmtUnit(c.usual, c.unit) }),
        el("td", { class: "num", "data-z": String(c.z), text: fmtSigned(c.z) }),
        el("td", { class: "num", "data-points": String(c.points), text: fmtSigned(c.points, 1) }),
        el("td", { text: c.settling || "" })))))));
  }
  const missing = r.missing || [];
  if (missing.length) {
    card.append(el("div", { class: "table-wrap" }, el("table", { id: "readiness-missing" },
      el("caption", { class: "muted", text: scored ? "Left out of the score" : "Why there is no score: it needs two of the three inputs, each with at least 10 days of baseline" }),
      el("thead", {}, el("tr", {}, ["Input", "Reason", "Baseline days (of the 28 before)"].map((h, k) => el("th", { scope: "col", class: k === 2 ? "num" : null, text: h })))),
      el("tbody", {}, missing.map((m) => el("tr", { "data-missing": m.name, "data-reason": m.reason },
        el("th", { scope: "row", text: READINESS_INPUTS[m.name] || m.name }),
        el("td", { text: MISSING_REASONS[m.reason] || m.reason }),
        el("td", { class: "num", text: m.baselineDays < 10 ? `${fmt(m.baselineDays)} (10 needed)` : fmt(m.baselineDays) })))))));
  }
  return card;
}

function latestDay(summary) {
  const asOf = summary.provenance && summary.provenance.asOf;
  return asOf ? asOf.slice(0, 10) : todayIn(state.tz);
}

function dayCard(day, label, summary, metrics, units) {
  const numbers = el("dl", { class: "numbers" });
  for (const [metric, name, field, digits] of KEY_METRICS) {
    const m = metrics[metric];
    const value = m ? m[field] : undefined;
    const unit = units[metric] ? units[metric].unit : "";
    numbers.append(el("div", { "data-metric": metric },
      el("dt", { text: name }),
      el("dd", value === undefined || value === null ? { "data-value": "", text: "no data" } : { "data-value": String(value) },
        value === undefined || value === null ? null : fmt(value, digits),
        value === undefined || value === null || unit === "count" ? null : el("small", { text: ` ${unit}` }))));
  }
  const sleep = metrics.sleep_segment;
  numbers.append(el("div", { "data-metric": "sleep_segment" }, el("dt", { text: "Asleep" }),
    el("dd", sleep ? { "data-value": String(sleep.asleepMinutes) } : { "data-value": "", text: "no data" }, sleep ? fmtMinutes(sleep.asleepMinutes) : null)));
  return el("section", { class: "card", "data-day": day, "aria-label": `${label} ${fmtDay(day)}` },
    el("h3", {}, `${label}: ${fmtDay(day)}`),
    el("p", { class: "summary", text: summary.text || "" }),
    numbers);
}

// Trends: one chart per metric with data, the per-source split where the metric has one.

function dayValue(m) {
  if (!m) return null;
  for (const field of ["total", "avg", "minutes", "asleepMinutes", "count"]) if (typeof m[field] === "number") return m[field];
  return null;
}

async function viewTrends(metricArgument) {
  const { from, to } = range();
  const [daily, units] = await Promise.all([api(`/health/daily?from=${from}&to=${to}`), catalog()]);
  const days = daysBetween(from, to);
  const byDay = Object.fromEntries((daily.days || []).map((d) => [d.dayKey, d.metrics]));
  const present = new Set();
  for (const d of daily.days || []) for (const [metric, m] of Object.entries(d.metrics)) if (metric !== "sleep_segment" && dayValue(m) !== null) present.add(metric);
  const metrics = [...present].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  const picker = el("select", { id: "metric" }, el("option", { value: "", text: `All ${metrics.length} metrics with data` }),
    ...metrics.map((metric) => el("option", { value: metric, text: metricName(metric, units[metric]) })));
  picker.value = metrics.includes(metricArgument) ? metricArgument : "";
  picker.addEventListener("change", () => { location.hash = picker.value ? `#trends/${picker.value}` : "#trends"; });
  const shown = picker.value ? [picker.value] : metrics;
  const judged = await settled(judgeRange(shown, from, to));
  const charts = shown.map((metric) => metricChart(metric, units[metric] || {}, days, byDay, judgedMetric(judged, metric)));
  return [
    el("h2", {}, `Trends · ${fmtDay(from)} – ${fmtDay(to)}`),
    el("div", { class: "toolbar" }, el("label", {}, "Metric", picker)),
    judged.error ? el("p", { class: "warning", role: "status", text: `Baselines and anomalies could not be read: ${judged.error.message}` })
      : judged.text.map((text) => el("p", { class: "summary anomaly-summary", text })),
    metrics.length ? charts : el("p", { class: "muted", text: "No day values in this range." }),
  ];
}

/**
 * The server's judgement of a range: one `anomalies` query (full: every anomaly and each
 * metric's baseline band) for all charted metrics, in pieces of at most 366 days.
 */
async function judgeRange(metrics, from, to) {
  const out = { bands: {}, anomalies: {}, text: [], threshold: 3 };
  if (!metrics.length) return out;
  const pieces = [];
  for (let start = from; start <= to; start = addDays(start, 366)) {
    const end = addDays(start, 365) < to ? addDays(start, 365) : to;
    pieces.push(query({ intent: "anomalies", from: start, to: end, metrics }));
  }
  for (const answer of await Promise.all(pieces)) {
    out.text.push(answer.text || "");
    out.threshold = answer.threshold;
    for (const a of answer.anomalies || []) (out.anomalies[a.metric] || (out.anomalies[a.metric] = new Map())).set(a.day, a);
    for (const [metric, band] of Object.entries(answer.bands || {})) {
      const days = out.bands[metric] || (out.bands[metric] = new Map());
      band.days.forEach((day, i) => days.set(day, { centre: band.centre[i], spread: band.spread[i] }));
    }
  }
  return out;
}

/** One metric's part of a judgement: its band and anomalies by day; null when none was read. */
function judgedMetric(judged, metric) {
  if (judged.error) return null;
  return { band: judged.bands[metric] || new Map(), anomalies: judged.anomalies[metric] || new Map(), threshold: judged.threshold };
}

/** A day's band and anomaly in words, for a chart's tooltip. */
function judgedTip(p, digits, unit) {
  let tip = "";
  if (p.band) tip += `\nusual ${fmt(p.band.centre, digits)} ± ${fmt(p.band.spread, digits)} ${unit}`;
  if (p.anomaly) tip += `\nanomaly: ${p.anomaly.direction === "below" ? "below" : "above"} usual, z ${fmtSigned(p.anomaly.z)}${p.anomaly.settling === "provisional" ? " (provisional)" : ""}`;
  return tip;
}

function order(metric) {
  const i = ["step_count", "active_energy_kcal", "resting_heart_rate_bpm", "hrv_sdnn_ms", "body_mass_kg", "body_fat_percent", "dietary_energy_kcal"].indexOf(metric);
  return i < 0 ? 100 : i;
}

function metricChart(metric, spec, days, byDay, judged) {
  const unit = spec.unit || "";
  const cumulative = spec.kind === "cumulative" || spec.kind === "cumulativeDeduplicated";
  const digits = unit === "count" ? 0 : 1;
  const points = days.map((day) => {
    const m = byDay[day] && byDay[day][metric];
    return { day, m, value: dayValue(m), band: judged ? judged.band.get(day) || null : null, anomaly: judged ? judged.anomalies.get(day) || null : null };
  });
  const anomalies = points.filter((p) => p.anomaly).length;
  const listed = (p) => (p.m && Array.isArray(p.m.sources) ? p.m.sources : []);
  // Per-source series: one per source key, named as the latest day spelled it.
  const bySource = cumulative ? sourcesOverDays(points, (p) => listed(p).filter((s) => typeof s === "object").map((s) => s.name)) : new Map();
  const sources = [...bySource.keys()];
  const find = (p, key) => listed(p).find((x) => typeof x === "object" && sourceKey(x.name) === key);
  const withData = points.filter((p) => p.value !== null).length;
  const title = metricTitle(metric, spec);
  const caption = `${metricName(metric, spec)} per day${unit ? ` (${unit})` : ""}`;
  let chart, legend;
  if (cumulative && sources.length) {
    const series = sources.map((key, i) => ({ key, name: bySource.get(key), cls: `s${i % 6}` }));
    chart = stackedBars(points.map((p) => ({
      key: p.day, label: fmtDay(p.day, "short"),
      parts: p.m ? series.map((s) => { const found = find(p, s.key); return found ? found.counted : 0; }) : null,
      total: p.value, band: p.band, anomaly: p.anomaly,
      tip: (p.value === null ? `${fmtDay(p.day)}\nno data` : `${fmtDay(p.day)}\n${fmt(p.value, digits)} ${unit}` +
        (p.m.sources || []).map((x) => `\n${x.name}: ${fmt(x.counted, digits)} counted of ${fmt(x.total, digits)}`).join("")) + judgedTip(p, digits, unit),
    })), series, unit, caption);
    legend = series;
  } else {
    chart = lineChart(points.map((p) => ({
      key: p.day, label: fmtDay(p.day, "short"), value: p.value, band: p.band, anomaly: p.anomaly,
      tip: (p.value === null ? `${fmtDay(p.day)}\nno data` : `${fmtDay(p.day)}\n${fmt(p.value, digits)} ${unit}` +
        (p.m && typeof p.m.min === "number" ? `\nmin ${fmt(p.m.min, digits)} · max ${fmt(p.m.max, digits)} · latest ${fmt(p.m.latest, digits)}` : "")) + judgedTip(p, digits, unit),
    })), unit, caption);
    const names = [...sourcesOverDays(points, (p) => listed(p).map((s) => (typeof s === "string" ? s : s.name))).values()];
    legend = [{ name: cumulative ? "day total" : `day average${names.length ? ` · sources: ${names.join(", ")}` : ""}`, cls: "s0" }];
  }
  if (judged && judged.band.size) legend = legend.concat([{ name: "usual range (28-day median ± spread)", cls: "band-sw" }]);
  if (anomalies) legend = legend.concat([{ name: `anomaly (|z| ≥ ${fmt(judged.threshold, 1)})`, cls: "anomaly-sw" }]);
  const table = () => {
    const head = el("tr", {}, el("th", { scope: "col", text: "Day" }), el("th", { scope: "col", class: "num", text: `${cumulative ? "Total" : "Average"}${unit ? ` (${unit})` : ""}` }),
      ...(cumulative ? sources.map((key) => el("th", { scope: "col", class: "num", text: `${bySource.get(key)} (counted)` })) : [el("th", { scope: "col", class: "num", text: "Min" }), el("th", { scope: "col", class: "num", text: "Max" })]),
      ...(judged ? [el("th", { scope: "col", class: "num", text: "Usual ± spread" }), el("th", { scope: "col", class: "num", text: "Anomaly z" })] : []));
    const rows = points.map((p) => el("tr", { "data-day": p.day },
      el("th", { scope: "row", text: fmtDay(p.day) }),
      el("td", { class: "num", "data-value": p.value === null ? "" : String(p.value), text: p.value === null ? "no data" : fmt(p.value, digits) }),
      ...(cumulative ? sources.map((key) => { const f = find(p, key); return el("td", { class: "num", text: f ? fmt(f.counted, digits) : "–" }); })
        : [el("td", { class: "num", text: p.m ? fmt(p.m.min, digits) : "–" }), el("td", { class: "num", text: p.m ? fmt(p.m.max, digits) : "–" })]),
      ...(judged ? [el("td", { class: "num", text: p.band ? `${fmt(p.band.centre, digits)} ± ${fmt(p.band.spread, digits)}` : "–" }),
        el("td", { class: "num", text: p.anomaly ? fmtSigned(p.anomaly.z) : "" })] : [])));
    return el("table", {}, el("caption", { class: "muted", text: caption }), el("thead", {}, head), el("tbody", {}, rows));
  };
  const judgement = !judged ? "" : !judged.band.size ? " · no baseline yet (10 days needed)" : anomalies ? ` · ${anomalies} ${anomalies === 1 ? "anomaly" : "anomalies"}` : " · no anomalies";
  const card = chartCard(title, `${withData} of ${points.length} days with data${judgement}`, chart, legend, table, metric);
  if (judged) card.dataset.anomalies = String(anomalies);
  return card;
}

/** A card: title, legend, the chart, and a button that shows its numbers as a table; `key` names it for tests. */
function chartCard(title, subtitle, chart, legend, table, key = title) {
  const holder = el("div", { class: "table-wrap", hidden: true });
  const button = el("button", { type: "button", "aria-expanded": "false", class: "show-table" }, "Show table");
  button.addEventListener("click", () => {
    const open = holder.hidden;
    if (open && !holder.firstChild) holder.append(table());
    holder.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    button.textContent = open ? "Hide table" : "Show table";
  });
  return el("section", { class: "card chart-card", "data-chart": key },
    el("div", { class: "chart-head" }, el("h3", { text: title }), el("span", { class: "muted", text: subtitle }), button),
    legend ? el("ul", { class: "legend" }, legend.map((s) => el("li", {}, el("span", { class: `sw ${s.cls}`, "aria-hidden": "true" }), s.name))) : null,
    chart, holder);
}

// ---- SVG charts --------------------------------------------------------------------

function niceScale(max) {
  if (!(max > 0)) return { top: 1, step: 0.25 };
  const rough = max / 4, power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough);
  return { top: Math.ceil(max / step) * step, step };
}
function chartWidth() { return Math.max(320, Math.min(1100, ($("view").clientWidth || 800) - 30)); }

/** The frame of a chart: y axis with ticks and unit, x labels every few points. */
function frame(width, height, pad, lo, hi, step, unit, labels, caption) {
  const root = svg("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `${caption}; the numbers are in the table` });
  root.append(svg("title", { text: caption }));
  const y = (v) => pad.t + (height - pad.t - pad.b) * (1 - (v - lo) / (hi - lo || 1));
  for (let v = lo; v <= hi + step / 2; v += step) {
    root.append(svg("line", { class: "grid", x1: pad.l, x2: width - pad.r, y1: y(v), y2: y(v) }));
    root.append(svg("text", { x: pad.l - 6, y: y(v) + 4, "text-anchor": "end", text: fmt(v, step < 1 ? 2 : step < 10 && v % 1 ? 1 : 0) }));
  }
  root.append(svg("text", { x: 4, y: 12, text: unit }));
  root.append(svg("line", { class: "axis", x1: pad.l, x2: width - pad.r, y1: height - pad.b, y2: height - pad.b }));
  const n = labels.length, inner = width - pad.l - pad.r, every = Math.max(1, Math.ceil(n / Math.floor(inner / 70)));
  const x = (i) => pad.l + inner * (i + 0.5) / n;
  labels.forEach((label, i) => {
    if (i % every === 0) root.append(svg("text", { x: x(i), y: height - pad.b + 15, "text-anchor": "middle", text: label }));
  });
  return { root, x, y, band: inner / n };
}

/** One transparent hit area per point with the exact value (hover, and its title); the keyboard reaches the same numbers through the table. */
function hitArea(root, x, band, height, pad, tip, key) {
  const rect = svg("rect", { class: "hit", x: x - band / 2, y: pad.t, width: Math.max(band, 1), height: height - pad.t - pad.b, "data-key": key });
  rect.append(svg("title", { text: tip }));
  rect.addEventListener("mousemove", (event) => showTip(event.clientX, event.clientY, tip));
  rect.addEventListener("mouseleave", hideTip);
  root.append(rect);
}

/**
 * The baseline band behind a chart: centre ± spread of each day that has one, as a shaded
 * area (broken where a day has none) with the centre dashed, clipped to the frame.
 */
function drawBand(f, points, lo, hi) {
  const clip = (v) => Math.min(hi, Math.max(lo, v));
  let area = "", centre = "", run = [];
  const flush = () => {
    if (run.length) {
      const upper = run.map((i) => `${f.x(i).toFixed(1)},${f.y(clip(points[i].band.centre + points[i].band.spread)).toFixed(1)}`);
      const lower = run.slice().reverse().map((i) => `${f.x(i).toFixed(1)},${f.y(clip(points[i].band.centre - points[i].band.spread)).toFixed(1)}`);
      // A lone day is a short bar across its slot, so it still shows.
      if (run.length === 1) {
        const i = run[0], w = f.band * 0.3;
        const [top, bottom] = [f.y(clip(points[i].band.centre + points[i].band.spread)), f.y(clip(points[i].band.centre - points[i].band.spread))];
        area += `M${(f.x(i) - w).toFixed(1)},${top.toFixed(1)}H${(f.x(i) + w).toFixed(1)}V${bottom.toFixed(1)}H${(f.x(i) - w).toFixed(1)}Z`;
      } else area += `M${upper.join("L")}L${lower.join("L")}Z`;
      centre += `M${run.map((i) => `${f.x(i).toFixed(1)},${f.y(clip(points[i].band.centre)).toFixed(1)}`).join("L")}`;
    }
    run = [];
  };
  points.forEach((p, i) => { if (p.band) run.push(i); else flush(); });
  flush();
  if (!area) return;
  f.root.append(svg("path", { class: "band", d: area }), svg("path", { class: "band-centre", d: centre }));
}

/** A ring around each anomaly's value; its title gives value, usual and z. */
function drawAnomalies(f, points, height, pad) {
  points.forEach((p, i) => {
    if (!p.anomaly || p.value === null) return;
    const marker = svg("circle", { class: "anomaly", cx: f.x(i), cy: f.y(p.value), r: 7, "data-day": p.key, "data-z": String(p.anomaly.z) });
    marker.append(svg("title", { text: p.tip }));
    marker.addEventListener("mousemove", (event) => showTip(event.clientX, event.clientY, p.tip));
    marker.addEventListener("mouseleave", hideTip);
    f.root.append(marker);
  });
}

/** The extremes of the band, for the scale. */
function bandExtent(points) {
  const banded = points.filter((p) => p.band);
  return banded.length ? [Math.min(...banded.map((p) => p.band.centre - p.band.spread)), Math.max(...banded.map((p) => p.band.centre + p.band.spread))] : [];
}

function stackedBars(points, series, unit, caption, height = 220) {
  const width = chartWidth(), pad = { t: 18, r: 10, b: 24, l: 52 };
  const max = Math.max(0, ...points.map((p) => (p.parts ? p.parts.reduce((a, b) => a + b, 0) : 0)), ...bandExtent(points));
  const { top, step } = niceScale(max);
  const f = frame(width, height, pad, 0, top, step, unit, points.map((p) => p.label), caption);
  const barWidth = Math.max(1, f.band * 0.75);
  points.forEach((p, i) => {
    if (p.parts) {
      let base = 0;
      p.parts.forEach((part, s) => {
        if (!(part > 0)) return;
        f.root.append(svg("rect", { class: series[s].cls, x: f.x(i) - barWidth / 2, width: barWidth, y: f.y(base + part), height: Math.max(0, f.y(base) - f.y(base + part)) }));
        base += part;
      });
    }
    hitArea(f.root, f.x(i), f.band, height, pad, p.tip, p.key);
  });
  // Over the bars (they would hide it), translucent and not in the pointer's way.
  drawBand(f, points, 0, top);
  drawAnomalies(f, points.map((p) => Object.assign({}, p, { value: p.total === undefined ? null : p.total })), height, pad);
  return f.root;
}

function lineChart(points, unit, caption, height = 200) {
  const width = chartWidth(), pad = { t: 18, r: 10, b: 24, l: 52 };
  const values = points.map((p) => p.value).filter((v) => v !== null);
  const scaled = values.concat(bandExtent(points));
  let lo = Math.min(...scaled), hi = Math.max(...scaled);
  const spread = hi - lo || Math.abs(hi) * 0.1 || 1;
  const { step } = niceScale(spread * 1.2);
  lo = Math.floor((lo - spread * 0.1) / step) * step; hi = Math.ceil((hi + spread * 0.1) / step) * step;
  if (lo < 0 && Math.min(...values) >= 0) lo = 0;
  const f = frame(width, height, pad, lo, hi, step, unit, points.map((p) => p.label), caption);
  drawBand(f, points, lo, hi);
  // Days without data break the line: a gap, never a zero.
  let d = "", open = false;
  points.forEach((p, i) => {
    if (p.value === null) { open = false; return; }
    d += `${open ? "L" : "M"}${f.x(i).toFixed(1)},${f.y(p.value).toFixed(1)}`;
    open = true;
  });
  f.root.append(svg("path", { class: "line", d }));
  if (points.length <= 120) points.forEach((p, i) => { if (p.value !== null) f.root.append(svg("circle", { class: "dot", cx: f.x(i), cy: f.y(p.value), r: 2.5 })); });
  points.forEach((p, i) => hitArea(f.root, f.x(i), f.band, height, pad, p.tip, p.key));
  drawAnomalies(f, points, height, pad);
  return f.root;
}

function showTip(x, y, text) {
  const tip = $("tooltip");
  tip.textContent = text;
  tip.hidden = false;
  const w = tip.offsetWidth;
  tip.style.left = `${Math.min(window.innerWidth - w - 8, x + 12)}px`;
  tip.style.top = `${y + 14}px`;
}
function hideTip() { $("tooltip").hidden = true; }

// Records: a metric's best and worst day, best ISO week and month, and with a goal its
// longest and current streak, from the `records` intent. The choice lives in the hash
// (#records/metric=step_count&goal=10000&over=all), so a reload keeps it.

/** Metrics whose activity ring a goal can name. */
const RING_METRICS = { active_energy_kcal: "move", apple_move_time_min: "move", apple_exercise_time_min: "exercise", apple_stand_hour: "stand", apple_stand_time_min: "stand" };
const RING_NAMES = { move: "Move ring closed", exercise: "Exercise ring closed", stand: "Stand ring closed", all: "All three rings closed" };
/** Listed first in the picker: the metrics most people have. */
const COMMON_METRICS = ["step_count", "active_energy_kcal", "apple_exercise_time_min", "distance_walking_running_km", "sleep_segment", "resting_heart_rate_bpm", "hrv_sdnn_ms", "body_mass_kg", "dietary_energy_kcal"];

async function viewRecords(argument) {
  const params = new URLSearchParams(argument || "");
  const units = await catalog();
  const all = Object.keys(units).sort((a, b) => metricName(a, units[a]).localeCompare(metricName(b, units[b])));
  const metric = units[params.get("metric")] ? params.get("metric") : "step_count";
  const goal = params.get("goal") || "";
  const over = params.get("over") === "range" ? "range" : "all";
  const spec = units[metric] || {};

  const metricPicker = el("select", { id: "records-metric", name: "metric" },
    el("optgroup", { label: "Common" }, COMMON_METRICS.filter((m) => units[m]).map((m) => el("option", { value: m, text: metricName(m, units[m]) }))),
    el("optgroup", { label: "All metrics" }, all.filter((m) => !COMMON_METRICS.includes(m)).map((m) => el("option", { value: m, text: metricName(m, units[m]) }))));
  metricPicker.value = metric;
  const ring = RING_METRICS[metric];
  const kindPicker = el("select", { id: "records-goal-kind", name: "kind" },
    el("option", { value: "", text: "No goal" }), el("option", { value: "number", text: "At least a number" }),
    ring ? [ring, "all"].map((r) => el("option", { value: `ring:${r}`, text: RING_NAMES[r] })) : null);
  kindPicker.value = goal.startsWith("ring:") ? (ring ? goal : "") : goal ? "number" : "";
  const goalInput = el("input", { id: "records-goal", name: "goal", type: "number", step: "any", value: goal.startsWith("ring:") ? "" : goal,
    placeholder: metric === "step_count" ? "10000" : "", "aria-label": `Goal in ${spec.unit && spec.unit !== "count" ? spec.unit : "a day's value"}` });
  const goalLabel = el("label", { hidden: kindPicker.value !== "number" }, `Goal (${spec.unit && spec.unit !== "count" ? spec.unit : "per day"}, met at ≥)`, goalInput);
  const overPicker = el("select", { id: "records-over", name: "over" }, el("option", { value: "all", text: "All time" }), el("option", { value: "range", text: "The range above" }));
  overPicker.value = over;
  const form = el("form", { class: "toolbar", id: "records-form", "aria-label": "Records of a metric" },
    el("label", {}, "Metric", metricPicker), el("label", {}, "Goal", kindPicker), goalLabel, el("label", {}, "Over", overPicker),
    el("button", { type: "submit", class: "primary" }, "Show records"));
  // A new metric starts without a goal: a number of steps means nothing in bpm.
  const choose = (event, keepGoal = true) => {
    if (event && event.type === "submit") event.preventDefault();
    const next = new URLSearchParams({ metric: metricPicker.value });
    const kind = keepGoal ? kindPicker.value : "";
    if (kind === "number" && goalInput.value !== "") next.set("goal", goalInput.value);
    else if (kind.startsWith("ring:") && RING_METRICS[metricPicker.value]) next.set("goal", kind);
    if (overPicker.value === "range") next.set("over", "range");
    const hash = `#records/${next.toString()}`;
    if (location.hash === hash) render(); else location.hash = hash;
  };
  form.addEventListener("submit", choose);
  metricPicker.addEventListener("change", () => choose(null, false));
  overPicker.addEventListener("change", () => choose());
  kindPicker.addEventListener("change", () => {
    goalLabel.hidden = kindPicker.value !== "number";
    if (kindPicker.value === "number") goalInput.focus(); else choose();
  });

  const body = { intent: "records", metric };
  if (goal.startsWith("ring:")) { if (ring) body.goal = goal; } else if (goal !== "" && Number.isFinite(Number(goal))) body.goal = Number(goal);
  if (over === "range") Object.assign(body, range());
  const answer = await settled(query(body));
  const title = el("h2", {}, `Records · ${metricName(metric, spec)}`);
  if (answer.error) return [title, form, el("p", { class: "error", role: "alert", text: `Could not read the records: ${answer.error.message}` })];
  return [title, form, recordsCard(answer, spec)];
}

function recordsCard(r, spec) {
  const unit = r.unit || spec.unit || "";
  const digits = unit === "count" ? 0 : 2;
  const value = (v) => fmtUnit(v, unit, digits);
  const provisional = (x) => (x && x.settling === "provisional" ? el("span", { class: "badge pending", text: "provisional" }) : null);
  // Notes (partial, provisional) follow the dates in their cell: the table stays three columns wide at 375 px.
  const row = (key, label, what, when, ...notes) => el("tr", { "data-record": key },
    el("th", { scope: "row", text: label }), el("td", { class: "num", text: what }), el("td", {}, when, ...notes.filter(Boolean).map((n) => [" ", n])));
  const period = (p) => (p ? `${p.label}${p.start ? ` (${fmtDay(p.start, "short")} – ${fmtDay(p.end, "short")})` : ""}` : "");
  const periodNotes = (p) => [p && p.partial ? el("span", { class: "badge partial", "data-partial": "true", title: `The range cuts this ${p.period === "month" ? "month" : "week"}: ${fmt(p.daysWithData)} days with data in it`, text: "partial" }) : null, provisional(p)];
  const noPeriod = r.summed === false ? "weeks and months are for summed metrics" : "no data";
  const rows = [
    r.best ? row("best", r.lowerIsBetter ? "Best day (lowest)" : "Best day", value(r.best.value), fmtDay(r.best.day), provisional(r.best)) : row("best", "Best day", "–", "no data"),
    r.worst ? row("worst", r.lowerIsBetter ? "Worst day (highest)" : "Worst day", value(r.worst.value), fmtDay(r.worst.day), provisional(r.worst))
      : row("worst", "Worst day", "–", r.best ? "none yet: every day is still provisional" : "no data"),
    r.bestWeek ? row("bestWeek", "Best ISO week", value(r.bestWeek.total), period(r.bestWeek), ...periodNotes(r.bestWeek)) : row("bestWeek", "Best ISO week", "–", noPeriod),
    r.bestMonth ? row("bestMonth", "Best month", value(r.bestMonth.total), period(r.bestMonth), ...periodNotes(r.bestMonth)) : row("bestMonth", "Best month", "–", noPeriod),
  ];
  const streaks = r.streaks;
  if (streaks) {
    const goal = r.goal && r.goal.kind === "ring_closed" ? RING_NAMES[r.goal.ring] || r.goal.ring : `at least ${value(r.goal ? r.goal.threshold : null)}`;
    const run = (s) => (s ? `${fmtDay(s.start)} – ${fmtDay(s.end)}` : "");
    rows.push(
      row("daysMet", "Days meeting the goal", fmt(streaks.daysMet), goal),
      streaks.longest ? row("longest", "Longest streak", `${fmt(streaks.longest.length)} ${streaks.longest.length === 1 ? "day" : "days"}`, run(streaks.longest), provisional(streaks.longest))
        : row("longest", "Longest streak", "–", "the goal was never met"),
      streaks.current ? row("current", "Current streak", `${fmt(streaks.current.length)} ${streaks.current.length === 1 ? "day" : "days"}`, run(streaks.current), provisional(streaks.current),
        streaks.lastDayOpen ? el("span", { class: "muted", text: "(today not met yet)" }) : null)
        : row("current", "Current streak", "–", streaks.lastDayOpen ? "none (today not met yet)" : "none"));
  }
  return el("section", { class: "card table-wrap", "data-metric": r.metric },
    el("p", { class: "summary", text: r.text || "" }),
    el("table", { id: "records-table" },
      el("caption", { class: "muted", text: `${fmtDay(r.from)} – ${fmtDay(r.to)} · ${fmt(r.daysWithData)} days with data · ${r.timezone}` }),
      el("thead", {}, el("tr", {}, ["Record", "Value", "When"].map((h, k) => el("th", { scope: "col", class: k === 1 ? "num" : null, text: h })))),
      el("tbody", {}, rows)),
    streaks ? null : el("p", { class: "muted", text: "Choose a goal to see streaks." }));
}

// Sleep: one stacked bar per night by wake date, with bedtime and wake time.

const STAGES = [["deepMinutes", "Deep", "deep"], ["remMinutes", "REM", "rem"], ["coreMinutes", "Core", "core"], ["unspecifiedMinutes", "Unspecified", "unspecified"], ["awakeMinutes", "Awake", "awake"]];

async function viewSleep() {
  const { from, to } = range();
  // The report takes at most 92 nights a request.
  const chunks = [];
  for (let start = from; start <= to; start = addDays(start, 92)) {
    const end = addDays(start, 91) < to ? addDays(start, 91) : to;
    chunks.push(api("/health/query", { method: "POST", body: Object.assign({ intent: "sleep_report", from: start, to: end }, state.tz ? { timezone: state.tz } : {}) }));
  }
  const reports = await Promise.all(chunks);
  const nights = Object.fromEntries(reports.flatMap((r) => r.nights || []).map((n) => [n.day, n]));
  const days = daysBetween(from, to);
  const series = STAGES.map(([, name, cls]) => ({ name, cls }));
  const chart = stackedBars(days.map((day) => {
    const n = nights[day];
    return {
      key: day, label: fmtDay(day, "short"), parts: n ? STAGES.map(([field]) => n[field] / 60) : null,
      tip: n ? `${fmtDay(day)} · ${n.bedtime}–${n.wakeTime}\nasleep ${fmtMinutes(n.asleepMinutes)}` + STAGES.map(([field, name]) => `\n${name}: ${fmtMinutes(n[field])}`).join("") : `${fmtDay(day)}\nno sleep data`,
    };
  }), series, "h", "Sleep per night by wake date (hours)", 240);
  const table = () => el("table", { id: "sleep-table" },
    el("caption", { class: "muted", text: "Minutes per stage; asleep = deep + REM + core + unspecified" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Wake date" }), el("th", { scope: "col", text: "Bedtime" }), el("th", { scope: "col", text: "Wake" }),
      ...STAGES.map(([, name]) => el("th", { scope: "col", class: "num", text: name })), el("th", { scope: "col", class: "num", text: "Asleep" }), el("th", { scope: "col", class: "hide-narrow", text: "Source" }))),
    el("tbody", {}, days.filter((d) => nights[d]).map((day) => {
      const n = nights[day];
      return el("tr", { "data-day": day },
        el("th", { scope: "row", text: fmtDay(day) }), el("td", { text: n.bedtime || "–" }), el("td", { text: n.wakeTime || "–" }),
        ...STAGES.map(([field]) => el("td", { class: "num", "data-stage": field, "data-value": String(n[field]), text: fmt(n[field]) })),
        el("td", { class: "num", "data-stage": "asleepMinutes", "data-value": String(n.asleepMinutes), text: fmt(n.asleepMinutes) }),
        el("td", { class: "hide-narrow", text: n.source || "" }));
    })));
  const last = reports[reports.length - 1] || {};
  return [
    el("h2", {}, `Sleep · ${fmtDay(from)} – ${fmtDay(to)}`),
    reports.map((r) => el("p", { class: "summary", text: r.text || "" })),
    chartCard("Nights", `${Object.keys(nights).length} of ${days.length} nights with data · ${last.timezone || ""}`, chart, series, table),
  ];
}

// Workouts: a list; one opens to its heart-rate line and its route.

async function viewWorkouts(id) {
  if (id) return workoutDetail(id);
  const { from, to } = range();
  const page = await api(`/health/workouts?from=${from}&to=${to}&limit=200`);
  const rows = (page.workouts || []).map((w) => el("tr", { "data-workout": w.workoutKey },
    el("td", { text: fmtDay(w.day) }),
    el("td", {}, el("a", { href: `#workouts/${encodeURIComponent(w.workoutKey)}`, text: w.name || w.activityType })),
    el("td", { class: "num", text: fmtDuration(w.durationSeconds) }),
    el("td", { class: "num", text: w.distanceKm === null || w.distanceKm === undefined ? "–" : `${fmt(w.distanceKm, 2)} km` }),
    el("td", { class: "num", text: w.activeEnergyKcal === null || w.activeEnergyKcal === undefined ? "–" : `${fmt(w.activeEnergyKcal)} kcal` }),
    el("td", { class: "num", text: w.avgHeartRateBpm === null || w.avgHeartRateBpm === undefined ? "–" : `${fmt(w.avgHeartRateBpm)} bpm` }),
    el("td", { class: "hide-narrow", text: w.sourceName || "" })));
  return [
    el("h2", {}, `Workouts · ${fmtDay(from)} – ${fmtDay(to)}`),
    rows.length ? el("div", { class: "card table-wrap" }, el("table", { id: "workouts-table" },
      el("thead", {}, el("tr", {}, ["Day", "Type", "Duration", "Distance", "Energy", "Avg HR"].map((h, i) => el("th", { scope: "col", class: i > 1 ? "num" : null, text: h })),
        el("th", { scope: "col", class: "hide-narrow", text: "Source" }))),
      el("tbody", {}, rows)), page.nextCursor ? el("p", { class: "muted", text: "Showing the newest 200." }) : null)
      : el("p", { class: "muted", text: "No workouts in this range." }),
  ];
}

async function workoutDetail(id) {
  const w = await api(`/health/workouts/${encodeURIComponent(id)}`);
  const hr = (w.heartRate || []).filter((p) => typeof p.bpm === "number");
  const parts = [
    el("p", {}, el("a", { href: "#workouts", text: "← All workouts" })),
    el("h2", {}, `${w.name || w.activityType} · ${fmtTime(w.startTimeMs)}`),
    el("dl", { class: "numbers" },
      [["Duration", fmtDuration(w.durationSeconds)], ["Distance", w.distanceKm == null ? "–" : `${fmt(w.distanceKm, 2)} km`],
        ["Energy", w.activeEnergyKcal == null ? "–" : `${fmt(w.activeEnergyKcal)} kcal`], ["Avg HR", w.avgHeartRateBpm == null ? "–" : `${fmt(w.avgHeartRateBpm)} bpm`],
        ["Max HR", w.maxHeartRateBpm == null ? "–" : `${fmt(w.maxHeartRateBpm)} bpm`], ["Source", w.sourceName || "–"]]
        .map(([k, v]) => el("div", {}, el("dt", { text: k }), el("dd", { text: v })))),
  ];
  if (hr.length) {
    const chart = lineChart(hr.map((p) => ({ key: String(p.timeMs), label: fmtTime(p.timeMs, false), value: p.bpm, tip: `${fmtTime(p.timeMs, false)}\n${fmt(p.bpm)} bpm` })), "bpm", "Heart rate during the workout");
    parts.push(chartCard("Heart rate", `${hr.length} readings`, chart, [{ name: "bpm", cls: "s0" }], () =>
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: "Time" }), el("th", { class: "num", text: "bpm" }))),
        el("tbody", {}, hr.map((p) => el("tr", {}, el("td", { text: fmtTime(p.timeMs, false) }), el("td", { class: "num", text: fmt(p.bpm) })))))));
  } else parts.push(el("p", { class: "muted", text: "No heart-rate readings for this workout." }));
  const route = (w.route || []).filter((p) => typeof p.latitude === "number" && typeof p.longitude === "number");
  if (route.length > 1) parts.push(el("section", { class: "card" }, el("h3", { text: "Route" }), routeSVG(route), el("p", { class: "muted", text: `${route.length} points · no map tiles, the track only` })));
  else parts.push(el("p", { class: "muted", text: "No route for this workout." }));
  return parts;
}

/** The route as one SVG path, longitudes scaled by the cosine of the latitude. */
function routeSVG(points) {
  const lat0 = points.reduce((a, p) => a + p.latitude, 0) / points.length;
  const k = Math.cos(lat0 * Math.PI / 180);
  const xs = points.map((p) => p.longitude * k), ys = points.map((p) => -p.latitude);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const size = 300, margin = 12, span = Math.max(maxX - minX, maxY - minY) || 1e-6;
  const px = (i) => margin + (xs[i] - minX) / span * (size - 2 * margin), py = (i) => margin + (ys[i] - minY) / span * (size - 2 * margin);
  const d = points.map((_, i) => `${i ? "L" : "M"}${px(i).toFixed(1)},${py(i).toFixed(1)}`).join("");
  const last = points.length - 1;
  return svg("svg", { class: "route", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": `Route of ${points.length} points` },
    svg("path", { d }), svg("circle", { class: "start", cx: px(0), cy: py(0), r: 5 }), svg("circle", { class: "end", cx: px(last), cy: py(last), r: 5 }));
}

// Sync: every source with stored samples and its last sample; per client adapter and
// source, the last sample and the last request; import jobs.

const CLIENT_NAMES = { native: "Native app (ingest)", healthsave: "HealthSave", health_auto_export: "Health Auto Export", import: "Apple Health import", observations: "Observation batches" };

async function viewSync() {
  const data = await api("/health/sync/clients");
  const now = Date.now(), day = 24 * 3600 * 1000;
  const clients = data.clients || [];
  const silent = clients.filter((c) => now - c.lastSampleMs > day && now - c.lastRequestMs > day);
  const rows = clients.map((c) => {
    const quiet = now - c.lastSampleMs > day && now - c.lastRequestMs > day;
    return el("tr", { class: quiet ? "warn" : null, "data-client": c.client },
      el("td", { text: CLIENT_NAMES[c.client] || c.client }),
      el("td", { class: "source", text: c.source || "(no source name)" }),
      el("td", { text: fmtTime(c.lastSampleMs) }),
      el("td", { class: "hide-narrow", text: fmtTime(c.lastRequestMs) }),
      el("td", { class: "num hide-narrow", text: fmt(c.samples) }),
      el("td", { text: quiet ? `silent for ${fmtMinutes((now - Math.max(c.lastSampleMs, c.lastRequestMs)) / 60000)}` : "syncing" }));
  });
  // Read from the samples themselves: data written before adapters were recorded, or by
  // `healthd demo`, still shows its sources (the adapter is then unknown).
  const stored = data.sources || [];
  const sourceRows = stored.map((s) => el("tr", { "data-source": s.source },
    el("td", { class: "source", text: s.source || "(no source name)" }),
    el("td", { "data-ms": String(s.lastSampleMs), text: fmtTime(s.lastSampleMs) }),
    el("td", { class: "num hide-narrow", text: fmt(s.samples) }),
    el("td", { text: s.clients && s.clients.length ? s.clients.map((c) => CLIENT_NAMES[c] || c).join(", ") : "unknown" })));
  const jobs = (data.importJobs || []).map((j) => el("tr", {},
    el("td", { text: j.id }), el("td", { text: j.status }), el("td", { text: j.stage }),
    el("td", {}, el("progress", { max: "1", value: String(j.progress.fraction), "aria-label": `${fmt(j.progress.fraction * 100)} %` }), ` ${fmt(j.progress.fraction * 100)} %`),
    el("td", { class: "num", text: fmt(j.progress.records) }),
    el("td", { text: j.error ? j.error.message : j.result ? `${fmt(j.result.inserted)} inserted, ${fmt(j.result.unchanged)} unchanged` : "" })));
  return [
    el("h2", { text: "Sync" }),
    silent.length ? el("p", { class: "warning", role: "status" }, `${silent.length} source${silent.length > 1 ? "s have" : " has"} been silent for over 24 h: ${silent.map((c) => `${c.source || "(no source name)"} via ${CLIENT_NAMES[c.client] || c.client}`).join(", ")}.`) : null,
    el("section", { class: "card table-wrap" }, el("h3", { text: "Sources" }),
      sourceRows.length ? el("table", { id: "sources-table" }, el("caption", { class: "muted", text: "Every source with stored samples, whatever wrote them" }),
        el("thead", {}, el("tr", {}, ["Source", "Last sample", "Samples", "Adapter"].map((h, k) => el("th", { scope: "col", class: k === 2 ? "num hide-narrow" : null, text: h })))),
        el("tbody", {}, sourceRows))
        : el("p", { class: "muted", text: "No samples stored yet." })),
    el("section", { class: "card table-wrap" }, el("h3", { text: "Clients and sources" }),
      clients.length ? el("table", { id: "sync-table" }, el("thead", {}, el("tr", {}, ["Client", "Source", "Last sample", "Last request", "Samples", "State"].map((h, k) => el("th", { scope: "col", class: k === 3 || k === 4 ? "hide-narrow" : null, text: h })))), el("tbody", {}, rows))
        : el("p", { class: "muted", text: "No client has written since this server recorded adapters." })),
    el("section", { class: "card table-wrap" }, el("h3", { text: "Import jobs" }),
      jobs.length ? el("table", {}, el("thead", {}, el("tr", {}, ["Job", "Status", "Stage", "Progress", "Records", "Result"].map((h) => el("th", { scope: "col", text: h })))), el("tbody", {}, jobs))
        : el("p", { class: "muted", text: "No import since the server started." })),
  ];
}

// Write intents: statuses, attempts and errors; a pending one can be cancelled.

async function viewIntents() {
  const intents = [];
  let cursor = null;
  do {
    const page = await api(`/health/write-intents?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    intents.push(...(page.intents || []));
    cursor = page.nextCursor;
  } while (cursor && intents.length < 2000);
  const counts = {};
  for (const i of intents) counts[i.status] = (counts[i.status] || 0) + 1;
  const rows = intents.map((i) => el("tr", { "data-intent": i.externalId, "data-status": i.status },
    el("td", { text: i.externalId }),
    el("td", { class: "hide-narrow", text: i.metric }),
    el("td", { class: "num", text: `${fmt(i.valueNumber, 1)} ${i.unit || ""}` }),
    el("td", {}, el("span", { class: `badge ${i.status}`, text: i.status })),
    el("td", { class: "num", text: fmt(i.attempts) }),
    el("td", { text: [i.lastError, i.deadReason].filter(Boolean).join(" · ") || "" }),
    el("td", { class: "hide-narrow", text: typeof i.createdAt === "number" ? fmtTime(i.createdAt) : "" }),
    el("td", {}, i.status === "pending" ? el("button", { type: "button", class: "cancel", onclick: () => cancelIntent(i) }, "Cancel") : null)));
  return [
    el("h2", { text: "Write intents" }),
    el("p", { class: "muted" }, Object.keys(counts).length ? Object.entries(counts).map(([s, n]) => `${n} ${s}`).join(" · ") : "No write intents."),
    rows.length ? el("div", { class: "card table-wrap" }, el("table", { id: "intents-table" },
      el("thead", {}, el("tr", {}, ["Id", "Metric", "Value", "Status", "Attempts", "Error"].map((h, k) => el("th", { scope: "col", class: k === 1 ? "hide-narrow" : k === 2 || k === 4 ? "num" : null, text: h })),
        el("th", { scope: "col", class: "hide-narrow", text: "Created" }), el("th", { scope: "col", text: "" }))), el("tbody", {}, rows))) : null,
  ];
}

async function cancelIntent(intent) {
  if (!window.confirm(`Cancel write intent "${intent.externalId}" (${intent.metric} ${intent.valueNumber} ${intent.unit})? The phone will not write it.`)) return;
  try {
    await api(`/health/write-intents/${encodeURIComponent(intent.externalId)}/cancel`, { method: "POST" });
  } catch (error) {
    if (error instanceof AuthError) { showSignin(error.message); return; }
    window.alert(`Could not cancel: ${error.message}`);
  }
  render();
}

// ---- Start --------------------------------------------------------------------------------

async function start() {
  $("signin").hidden = true;
  $("controls").hidden = false;
  $("nav").hidden = false;
  $("signout").hidden = false;
  if (!state.serverTz) {
    try {
      const y = await api("/health/summary/yesterday");
      state.serverTz = y.timezone || "";
    } catch (error) {
      if (error instanceof AuthError) { showSignin(error.message); return; }
    }
  }
  fillTimeZones(state.tz);
  await fillPeople();
  const { from, to } = range();
  $("from").value = from;
  $("to").value = to;
  render();
}

function init() {
  $("signin-form").addEventListener("submit", signIn);
  $("person").addEventListener("change", () => {
    sessionStorage.setItem(PERSON_KEY, $("person").value);
    // Each person has their own metrics, zone and data: nothing read for the last one is kept.
    state.catalog = null;
    state.serverTz = "";
    start();
  });
  $("signout").addEventListener("click", signOut);
  $("range").addEventListener("change", () => {
    const custom = $("range").value === "custom";
    $("from-label").hidden = !custom;
    $("to-label").hidden = !custom;
    render();
  });
  $("from").addEventListener("change", () => { if ($("range").value === "custom") render(); });
  $("to").addEventListener("change", () => { if ($("range").value === "custom") render(); });
  $("tz").addEventListener("change", () => { state.tz = $("tz").value; render(); });
  window.addEventListener("hashchange", () => { if (sessionStorage.getItem(TOKEN_KEY)) render(); });
  // Charts are drawn for the page's width: redraw when the width (not the height) changes.
  let resizeTimer = null, drawnWidth = window.innerWidth;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (window.innerWidth === drawnWidth) return;
      drawnWidth = window.innerWidth;
      if (sessionStorage.getItem(TOKEN_KEY) && !["intents", "sync", "records"].includes(state.view)) render();
    }, 300);
  });
  if (sessionStorage.getItem(TOKEN_KEY)) start(); else showSignin("");
}

document.addEventListener("DOMContentLoaded", init);
