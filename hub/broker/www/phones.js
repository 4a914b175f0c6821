/* The players' phones: live standings, read-only (docs/phones.md).
 *
 * Renders what the hub publishes (State, Standings and the scores that moved since, a club
 * night's standings) as the hall display reads it: nothing is ranked or added up here, no game
 * is named, and every word comes from words.json, which the hub makes from its catalogs.
 * "Mine" (a team, or a table on a club night) is remembered in localStorage.
 */
(function () {
  "use strict";
  var SYMBOLS = { spades: "\u2660", hearts: "\u2665", diamonds: "\u2666", clubs: "\u2663" };
  var RED = { hearts: true, diamonds: true };
  var KEY = "whist.phones.mine";
  var $ = function (id) { return document.getElementById(id); };

  var all = {};          // words.json: {"en": {...}, "fr@manche": {...}}
  var topics = {};       // topics.json: the public topics, under the hub's root
  var lang = "en";
  var connected = false;
  var hubOnline = null;
  var state = null;
  var standings = null;  // as the hub sent it, with the gathered changes since applied
  var unranked = false;  // scores newer than the hub's ranks (until its next full Standings)
  var night = null;
  var hubOffset = null;  // the hub's time minus this phone's steady clock (seconds)

  function pickLanguage() {
    var langs = navigator.languages && navigator.languages.length
      ? navigator.languages : [navigator.language || "en"];
    for (var i = 0; i < langs.length; i++) {
      var l = String(langs[i]).toLowerCase().slice(0, 2);
      if (l === "fr" || l === "en") { return l; }
    }
    return "en";
  }

  function w(key, values) {
    var wording = state && state.rules && state.rules.wording;
    var table = (wording && all[lang + "@" + wording]) || all[lang] || {};
    var text = table[key] !== undefined ? table[key] : (all.en || {})[key] || "";
    if (values) {
      Object.keys(values).forEach(function (k) {
        text = text.split("{" + k + "}").join(String(values[k]));
      });
    }
    return text;
  }

  function mine() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function setMine(value) {
    try {
      if (value === null) { window.localStorage.removeItem(KEY); }
      else { window.localStorage.setItem(KEY, value); }
    } catch (e) { /* private browsing: not remembered, still shown */ }
    render();
  }

  function club() { return !!(state && state.club); }
  function unit() { return state && state.rules && state.rules.unit === "points" ? "points" : "flags"; }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function row(key, rank, name, detail, score, scoreUnit) {
    var li = el("li");
    li.dataset.key = key;
    if (mine() === key) { li.className = "mine"; }
    li.appendChild(el("span", "rank", rank));
    var n = el("span", "name", name);
    if (detail) { n.appendChild(el("small", "", detail)); }
    li.appendChild(n);
    var s = el("span", "score", score);
    if (scoreUnit) { s.appendChild(el("small", "", scoreUnit)); }
    li.appendChild(s);
    li.addEventListener("click", function () { setMine(key); });
    return li;
  }

  function renderHeader() {
    document.documentElement.lang = lang;
    var title = state ? state.tournament : (night ? night.night : w("title"));
    $("title").textContent = title;
    document.title = title ? title + " \u00b7 " + w("title") : w("title");
    var hand = "";
    var trump = $("trump");
    trump.textContent = "";
    if (state && !club()) {
      // "Final standings" only once the places are settled (State.settled, issue 25)
      if (state.settled) { hand = w("final"); }
      else if (state.finished) { hand = w("over"); }
      else if (state.hand === 0) { hand = w("before"); }
      else { hand = w("hand", { n: state.hand, total: state.hands }); }
      if (state.hand > 0 && !state.finished) {
        var t = state.trump;
        var name = t === null || t === undefined ? w("unchosen") : w(t);
        var parts = w("trump").split("{trump}");
        trump.appendChild(document.createTextNode(parts[0]));
        if (SYMBOLS[t]) {
          trump.appendChild(el("span", "suit" + (RED[t] ? " red" : ""), SYMBOLS[t]));
          trump.appendChild(document.createTextNode(" "));
        }
        trump.appendChild(document.createTextNode(name + (parts[1] || "")));
        if (state.phase === "playing") {
          hand += " \u00b7 " + w("reported", { k: state.reported.length, n: state.tables });
        }
      }
    } else if (night && night.ended) {
      hand = w("ended");
    }
    $("hand").textContent = hand;
  }

  // The room's clock (issue 26): State.clock is a start, a length and the pauses in the
  // hub's time, with the hub's "now"; the phone keeps the largest offset from it (a retained
  // message may be old, never early), so a phone whose own clock is wrong still counts right.
  function steady() { return window.performance.now() / 1000; }
  function mmss(s) { return Math.floor(s / 60) + ":" + ("0" + (s % 60)).slice(-2); }
  function renderClock() {
    var c = state && state.clock;
    var p = $("clock");
    if (!c || hubOffset === null) { p.textContent = ""; p.className = ""; return; }
    var until = c.paused_at !== null && c.paused_at !== undefined
      ? c.paused_at : steady() + hubOffset;
    var left = c.seconds - (until - c.started - (c.stood || 0));
    var text;
    if (left < 0) { text = w("clock_over", { time: mmss(Math.floor(-left)) }); }
    else if (c.paused_at !== null && c.paused_at !== undefined) {
      text = w("clock_paused", { time: mmss(Math.ceil(left)) });
    } else if (left > 300) { text = w("clock_calm", { n: Math.round(left / 60) }); }
    else { text = w("clock_close", { time: mmss(Math.ceil(left)) }); }
    p.textContent = text;
    p.className = left < 0 ? "over" : "";
  }

  function renderBanner() {
    var text = "";
    if (!connected) { text = state || standings || night ? w("lost") : w("connecting"); }
    else if (hubOnline === false) { text = w("hub_offline"); }
    else if (!standings && !night) { text = w("waiting"); }
    var banner = $("banner");
    banner.textContent = text;
    banner.className = connected && hubOnline !== false ? "" : "lost";
    document.body.dataset.connected = connected ? "yes" : "no";
  }

  function renderTeams(list) {
    var teams = standings.teams;
    var u = w(unit());
    var chosen = null;
    var ranks = teams.map(function (t) { return t.rank; });
    teams.forEach(function (t) {
      var key = "team:" + t.team;
      var name = t.name ? t.team + " \u00b7 " + t.name : w("team", { n: t.team });
      if (mine() === key) { chosen = name; }
      var score = unit() === "points" ? t.points : t.flags;
      // a place several teams share reads "2=", as on the hall and every sheet
      var shared = ranks.filter(function (k) { return k === t.rank; }).length > 1;
      // level on score yet on a place of its own: what placed it (the hub's own flags)
      var placed = t.by_leader ? w("placed_leader")
        : t.tie_broken ? w("placed_" + (standings.placed_by || "playoff")) : "";
      list.appendChild(row(key, t.rank + (shared ? "=" : ""), name, placed, String(score), u));
    });
    $("note").hidden = !(standings.results_missing > 0 && !standings.final);
    $("note").textContent = w("provisional");
    return chosen;
  }

  function renderNight(list) {
    var rules = (state && state.club) || night.rules || {};
    var ranksBy = rules.ranks_by || [rules.wins || "games", "points"];
    var wins = ranksBy.length > 1 ? ranksBy[0] : null;
    var last = ranksBy[ranksBy.length - 1];
    var ranks = night.rows.map(function (r) { return r.rank; });
    var chosen = null;
    night.rows.forEach(function (r) {
      var key = "table:" + r.table;
      var shared = ranks.filter(function (k) { return k === r.rank; }).length > 1;
      var place = w("table", { n: r.table }) + (rules.individual ? "" : " " + r.party);
      var players = r.players.map(function (p) { return p.name || p.seat; }).join(", ");
      if (mine() === key) { chosen = w("table", { n: r.table }); }
      var score = String(r.points);
      var detail = players;
      if (wins) { detail += " \u00b7 " + w(wins) + " " + (wins === "rubbers" ? r.rubbers : r.games); }
      list.appendChild(row(key, r.rank + (shared ? "=" : ""), place, detail, score, w(last === "tricks" ? "tricks" : "points")));
    });
    $("note").hidden = true;
    return chosen;
  }

  function render() {
    renderHeader();
    renderClock();
    renderBanner();
    var list = $("rows");
    list.textContent = "";
    list.className = unranked && !club() ? "unranked" : "";
    var chosen = null;
    var have = false;
    if (club() && night) { chosen = renderNight(list); have = true; }
    else if (!club() && standings) { chosen = renderTeams(list); have = true; }
    $("follow").hidden = chosen === null;
    $("following").textContent = chosen === null ? "" : w("following", { name: chosen });
    $("forget").textContent = w("forget");
    $("pick").hidden = !have || chosen !== null;
    $("pick").textContent = club() ? w("pick_table") : w("pick_team");
  }

  function onMessage(topic, payload) {
    var text = payload.toString();
    if (topic === topics.hub_status) { hubOnline = text === "online"; render(); return; }
    var data;
    try { data = JSON.parse(text); } catch (e) { return; }
    if (!data || typeof data !== "object") { return; }
    if (topic === topics.state) {
      state = data;
      if (data.clock && typeof data.clock.now === "number") {
        var offset = data.clock.now - steady();
        if (hubOffset === null || offset > hubOffset) { hubOffset = offset; }
      }
    }
    else if (topic === topics.standings) {
      if (standings && data.seq && data.seq < standings.seq) { return; }
      standings = data;
      unranked = false;
      document.body.dataset.source = "standings";
    } else if (topic === topics.changes) {
      // StandingsChanges gathered: the new scores at once, in place; the ranks and the
      // order stay the hub's until its next full Standings (within a second).
      if (!standings || !data.seq || data.seq <= (standings.seq || 0)) { return; }
      var moved = {};
      (data.teams || []).forEach(function (c) { moved[c.team] = c; });
      standings.teams = standings.teams.map(function (t) {
        var c = moved[t.team];
        return c ? Object.assign({}, t, { flags: c.flags, points: c.points }) : t;
      });
      standings.seq = data.seq;
      unranked = true;
      document.body.dataset.source = "changes";
    } else if (topic === topics.night) {
      if (night && data.seq && data.seq < night.seq) { return; }
      night = data;
    } else { return; }
    render();
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var client = window.mqtt.connect(scheme + location.host + "/", {
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      keepalive: 20,
      clean: true,
      protocolVersion: 4
    });
    client.on("connect", function () {
      connected = true;
      var list = Object.keys(topics).map(function (k) { return topics[k]; });
      client.subscribe(list, { qos: 0 });
      render();
    });
    client.on("close", function () { if (connected) { connected = false; render(); } });
    client.on("offline", function () { connected = false; render(); });
    client.on("message", onMessage);
  }

  function load(name) {
    return fetch(name, { cache: "no-store" }).then(function (r) { return r.json(); });
  }

  $("forget").addEventListener("click", function () { setMine(null); });
  lang = pickLanguage();
  Promise.all([load("words.json"), load("topics.json")]).then(function (got) {
    all = got[0];
    topics = got[1];
    render();
    connect();
    window.setInterval(renderClock, 1000);
  });
}());
