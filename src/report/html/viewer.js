// The check report's viewer. The data (script#report-data) is the JSON report ("report"), the board
// layouts ("layouts") and per game its plies in compact form ("views"); see src/report/html.rs for
// the format. A game's boards are decoded only when the game is opened, so that a report of
// thousands of games opens at once.
(function () {
  "use strict";
  var DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  var MARKS = { h: "house", t: "takasia", r: "reserved" };
  var CHUNK = 1000; // games listed at a time per file

  var data = JSON.parse(document.getElementById("report-data").textContent);
  var report = data.report;
  var layouts = data.layouts;
  var views = data.views;

  var current = null; // { file, game, states, view, entry, ply }

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function $(id) { return document.getElementById(id); }
  function frag(file, game, ply) { return "#file=" + file + "&game=" + game + "&ply=" + ply; }
  function sideName(s) { return s === "N" || s === "north" ? "North" : "South"; }

  // --- the compact plies -------------------------------------------------------------------

  // Boards are joined by spaces. One board: side ('S' | 'N'), then sections '|' + letter + content: L layout (decimal;
  // counts and marks start again from none), m marks (slot, letter)*, n notes (decimal), f from
  // slot, x captured slots, d changed counts (slot, count)*. A number is one digit of DIGITS or
  // '~' decimal '.'.
  function decode(view) {
    if (typeof view.moves === "string") view.moves = view.moves ? view.moves.split(" ") : [];
    var states = [];
    var layout = null, counts = [], marks = [], notes = 0;
    view.plies.split(" ").forEach(function (s) {
      var from = null, captured = [];
      var sections = s.slice(1).split("|");
      sections.forEach(function (sec) {
        if (!sec) return;
        var kind = sec[0], body = sec.slice(1), i = 0;
        function num() {
          var c = body[i++];
          if (c === "~") {
            var j = body.indexOf(".", i);
            var n = parseInt(body.slice(i, j), 10);
            i = j + 1;
            return n;
          }
          return DIGITS.indexOf(c);
        }
        if (kind === "L") {
          layout = layouts[parseInt(body, 10)];
          counts = new Array(layout.slots).fill(0);
          marks = [];
        } else if (kind === "m") {
          marks = [];
          while (i < body.length) { var slot = num(); marks.push([slot, MARKS[body[i++]]]); }
        } else if (kind === "n") {
          notes = parseInt(body, 10);
        } else if (kind === "f") {
          from = num();
        } else if (kind === "x") {
          while (i < body.length) captured.push(num());
        } else if (kind === "d") {
          counts = counts.slice();
          while (i < body.length) { var at = num(); counts[at] = num(); }
        }
      });
      states.push({
        layout: layout, counts: counts, marks: marks, notes: view.notes[notes] || [],
        side: s[0], from: from, captured: captured,
      });
    });
    return states;
  }

  // --- the list of files and games ----------------------------------------------------------

  function errorHtml(path, game, e, fileNo) {
    var where = path + ", game " + game.index + (e.ply != null ? ", ply " + e.ply : "");
    var h = '<div class="error"><span class="code">' + esc(e.code) + "</span> ";
    if (e.rule) h += '<span class="rule">' + esc(e.rule) + "</span> ";
    h += "<b>" + esc(where) + "</b>: " + esc(e.message);
    var at = [];
    if (e.move != null) at.push("<code>" + esc(e.move) + "</code>");
    if (e.line != null) at.push("at " + esc(path) + ":" + e.line + ":" + e.column);
    if (at.length) h += ' <span class="where">(' + at.join(" ") + ")</span>";
    if (e.ply != null) h += ' <a href="' + frag(fileNo, game.index, e.ply) + '">show ply ' + e.ply + "</a>";
    if (e.help) h += '<div class="help">help: ' + esc(e.help) + "</div>";
    h += suggestionsHtml(e, fileNo, game);
    return h + "</div>";
  }

  function suggestionsHtml(e, fileNo, game) {
    if (!Array.isArray(e.suggestions) || !e.suggestions.length) return "";
    var items = e.suggestions.map(function (s, k) {
      var moves = (s.moves || []).map(function (m) { return "<code>" + esc(m) + "</code>"; }).join(" ");
      var was = (s.was || []).map(function (m) { return "<code>" + esc(m) + "</code>"; }).join(" ");
      var what = esc(s.edit) + " at ply " + esc(s.ply) + (was ? ": " + was : "") + (moves ? " → " + moves : "");
      var then = "then " + esc(s.replays) + " more pl" + (s.replays === 1 ? "y replays" : "ies replay") +
        (s.complete ? ", and the whole record replays" : "");
      return "<li>" + (k === 0 ? "<b>most likely</b>: " : "") + what + "; " + then +
        ' <a href="' + frag(fileNo, game.index, s.ply) + '">ply ' + esc(s.ply) + "</a></li>";
    });
    return '<div class="help">suggestions:<ol class="suggestions">' + items.join("") + "</ol></div>";
  }

  function compareHtml(game) {
    var c = game.compare;
    if (!c) return "";
    return '<div class="note">ply ' + esc(c.ply) + " <code>" + esc(c.move) + "</code> depends on " +
      esc(c.ruling) + ": with " + esc(c.ruling) + "=" + esc(c.values[0]) + ": " + esc(c.outcomes[0]) +
      "; with " + esc(c.ruling) + "=" + esc(c.values[1]) + ": " + esc(c.outcomes[1]) + "</div>";
  }

  // The ply a game opens at: its first error's, else its end.
  function openingPly(game) {
    for (var k = 0; k < game.errors.length; k++) if (game.errors[k].ply != null) return game.errors[k].ply;
    return game.plies;
  }

  // The games a file lists: all, or only the invalid ones.
  var onlyInvalid = false;
  function listed(file) {
    return onlyInvalid ? file.games.filter(function (g) { return !g.valid; }) : file.games;
  }

  function gameRows(games, file, fileNo, from, to) {
    var h = "";
    for (var g = from; g < to; g++) {
      var game = games[g];
      h += '<tr id="f' + fileNo + "g" + game.index + '"><td><a href="' +
        frag(fileNo, game.index, openingPly(game)) + '">game ' + game.index + "</a></td><td>" +
        esc(game.ruleset || "—") + "</td><td>" + game.plies + "/" + game.recorded_plies + "</td><td>" +
        esc(game.result || "—") + "</td><td>" + (game.valid ? '<span class="ok">valid</span>' :
          '<span class="bad">invalid</span>') + "</td></tr>";
      if (!game.valid || game.compare) {
        h += '<tr class="detail"><td colspan="5">';
        game.errors.forEach(function (e) { h += errorHtml(file.path, game, e, fileNo); });
        h += compareHtml(game) + "</td></tr>";
      }
    }
    return h;
  }

  function renderList() {
    var out = $("files");
    var h = '<label class="filter"><input type="checkbox" id="only-invalid"' + (onlyInvalid ? " checked" : "") +
      "> only invalid games</label>";
    report.io_errors.forEach(function (p) {
      h += '<div class="error"><span class="code">' + esc(p.code) + "</span> <b>" + esc(p.path) +
        "</b>: " + esc(p.message) + "</div>";
    });
    report.files.forEach(function (file, f) {
      var fileNo = f + 1;
      var bad = file.games.filter(function (g) { return !g.valid; }).length;
      h += '<section class="file" id="file' + fileNo + '"><h2>' + esc(file.path) +
        ' <span class="counts">' + (file.games.length - bad) + " passed, " + bad + " failed</span></h2>" +
        '<table class="games"><thead><tr><th>game</th><th>ruleset</th><th>plies</th><th>result</th>' +
        "<th></th></tr></thead><tbody>" + gameRows(listed(file), file, fileNo, 0, Math.min(CHUNK, listed(file).length)) +
        "</tbody></table>";
      if (listed(file).length > CHUNK) {
        h += '<button class="more" data-file="' + f + '" data-shown="' + CHUNK + '">show more games</button>';
      }
      h += "</section>";
    });
    out.innerHTML = h;
    markOpenRow();
  }

  $("files").addEventListener("click", function (ev) {
    var b = ev.target;
    if (!b.classList || !b.classList.contains("more")) return;
    var f = +b.getAttribute("data-file"), shown = +b.getAttribute("data-shown");
    var file = report.files[f], games = listed(file), to = Math.min(shown + CHUNK, games.length);
    b.previousElementSibling.tBodies[0].insertAdjacentHTML("beforeend", gameRows(games, file, f + 1, shown, to));
    b.setAttribute("data-shown", to);
    if (to >= games.length) b.remove();
    markOpenRow();
  });
  $("files").addEventListener("change", function (ev) {
    if (ev.target.id !== "only-invalid") return;
    onlyInvalid = ev.target.checked;
    renderList();
  });

  function markOpenRow() {
    var old = document.querySelector("tr.open");
    if (old) old.classList.remove("open");
    if (!current) return;
    var row = $("f" + current.file + "g" + current.entry.index);
    if (row) row.classList.add("open");
  }

  // --- the viewer ---------------------------------------------------------------------------

  function boardHtml(state, ply, shownPly, highlight, legal) {
    var L = state.layout;
    var marks = {};
    state.marks.forEach(function (m) { (marks[m[0]] = marks[m[0]] || []).push(m[1]); });
    var h = '<div id="board" class="board" data-ruleset="' + esc(L.ruleset) + '" data-ply="' + ply +
      '" data-board-ply="' + shownPly + '" data-to-move="' + (state.side === "N" ? "north" : "south") +
      '" role="img" aria-label="the board after ply ' + shownPly + '">';
    var slot = 0, southSeen = false;
    L.rows.forEach(function (row) {
      var cls = "row";
      if (row.side === "south" && !southSeen) { southSeen = true; cls += " south-first"; }
      h += '<div class="' + cls + '" data-side="' + row.side + '"><span class="label">' + esc(row.label) + "</span>";
      row.holes.forEach(function (hole) {
        var s = slot++, count = state.counts[s], m = marks[s] || [];
        var c = ["hole"].concat(m);
        var said = [hole[1] + ": " + count];
        if (highlight && state.from === s) { c.push("from"); said.push("moved from"); }
        if (highlight && state.captured.indexOf(s) >= 0) { c.push("captured"); said.push("captured"); }
        if (legal.indexOf(hole[0]) >= 0) { c.push("legal"); said.push("a legal move starts here"); }
        // The game's own word for its house (Bao la Kete: kuu).
        var words = m.map(function (w) { return w === "house" ? L.house : w; });
        said = said.concat(words);
        h += '<div class="' + c.join(" ") + '" data-hole="' + esc(hole[1]) + '" data-index="' + hole[0] +
          '" data-count="' + count + '" title="' + esc(said.join(", ")) + '"><span class="count">' + count +
          '</span><span class="name">' + esc(hole[1]) + "</span>" +
          (words.length ? '<span class="mark">' + esc(words.join(" ")) + "</span>" : "") + "</div>";
      });
      h += "</div>";
    });
    if (L.stores.length) {
      h += '<div class="stores">';
      L.stores.forEach(function (st) {
        var count = state.counts[slot++];
        h += '<span class="store" data-side="' + st.side + '" data-store="' + esc(st.label) + '" data-count="' +
          count + '">' + sideName(st.side) + " " + esc(st.label) + ": <b>" + count + "</b></span>";
      });
      h += "</div>";
    }
    h += '<p class="tomove">' + sideName(state.side) + " to move" +
      (state.notes.length ? " · " + state.notes.map(esc).join(" · ") : "") + "</p></div>";
    return h;
  }

  function slotName(state, s) {
    var slot = 0, name = null;
    state.layout.rows.forEach(function (row) {
      row.holes.forEach(function (hole) { if (slot++ === s) name = hole[1]; });
    });
    return name;
  }

  function lastPly() {
    return current.view.stop ? current.view.stop.ply : current.states.length - 1;
  }

  function renderViewer() {
    var v = $("viewer");
    var game = current.entry, view = current.view, file = report.files[current.file - 1];
    var h = "<h2>" + esc(file.path) + ", game " + game.index + " <small>(" + esc(game.ruleset || "?") +
      ", " + (game.valid ? '<span class="ok">valid</span>' : '<span class="bad">invalid</span>') + ")</small></h2>";
    if (!view) {
      h += '<p class="hint">No board: the record could not be set up.</p>';
      game.errors.forEach(function (e) { h += errorHtml(file.path, game, e, current.file); });
      v.innerHTML = h;
      return;
    }
    var ply = current.ply, last = lastPly();
    var stop = view.stop && ply === view.stop.ply ? view.stop : null;
    var shownPly = stop ? ply - 1 : ply;
    var state = current.states[shownPly];
    h += '<div class="controls"><button id="first" title="start (Home)">«</button>' +
      '<button id="prev" title="previous ply (←)">‹</button>' +
      '<button id="next" title="next ply (→)">›</button><button id="last" title="end (End)">»</button>' +
      '<input id="slider" type="range" min="0" max="' + last + '" value="' + ply + '" aria-label="ply">' +
      '<span class="plyinfo" id="plyinfo">' + plyText(ply, stop) + "</span></div>";
    h += boardHtml(state, ply, shownPly, !stop && ply > 0, stop ? stop.holes : []);
    if (!stop && ply > 0) {
      var parts = [];
      if (state.from != null) parts.push('<span class="from">from ' + esc(slotName(state, state.from)) + "</span>");
      if (state.captured.length) {
        parts.push('<span class="captured">captured ' + state.captured.map(function (s) {
          return esc(slotName(state, s));
        }).join(", ") + "</span>");
      }
      if (parts.length) h += '<p class="legend">' + parts.join(" · ") + "</p>";
    }
    if (stop) {
      h += '<p class="legend">The board before ply ' + ply +
        (stop.holes.length ? '; <span class="from">dotted</span>: the holes legal moves start from' : "") + ".</p>";
      if (stop.over) h += "<p>The game was already over.</p>";
      else h += '<p class="legal-moves" id="legal">Legal moves here: ' + (stop.legal.length ? stop.legal.map(function (m) {
        return "<code>" + esc(m) + "</code>";
      }).join(" ") : "none") + "</p>";
    }
    game.errors.forEach(function (e) {
      if (e.ply === ply) h += errorHtml(file.path, game, e, current.file);
    });
    if (ply === last) {
      game.errors.forEach(function (e) { if (e.ply == null) h += errorHtml(file.path, game, e, current.file); });
    }
    h += '<div class="moves">';
    view.moves.forEach(function (m, k) {
      var p = k + 1, cls = p === ply ? "current" : "";
      if (view.stop && p === view.stop.ply) cls += " refused";
      h += '<a class="' + cls + '" href="' + frag(current.file, game.index, p) + '">' + p + ". " + esc(m) + "</a> ";
    });
    h += "</div>";
    v.innerHTML = h;
    $("first").disabled = $("prev").disabled = ply === 0;
    $("next").disabled = $("last").disabled = ply === last;
    // The current move in view within the list (not the page).
    var box = v.querySelector(".moves"), cur = v.querySelector(".moves a.current");
    if (box && cur) box.scrollTop = Math.max(0, cur.offsetTop - box.clientHeight / 2);
  }

  function plyText(ply, stop) {
    if (ply === 0) return "start";
    var text = current.view.moves[ply - 1];
    return "ply " + ply + ": " + (text == null ? "" : text) + (stop ? " (refused)" : "");
  }

  function open(fileNo, gameIndex, ply) {
    var file = report.files[fileNo - 1];
    if (!file) return false;
    var g = -1;
    for (var k = 0; k < file.games.length; k++) if (file.games[k].index === gameIndex) { g = k; break; }
    if (g < 0) return false;
    if (!current || current.file !== fileNo || current.entry !== file.games[g]) {
      var view = views[fileNo - 1][g];
      current = { file: fileNo, entry: file.games[g], view: view, states: view ? decode(view) : [], ply: 0 };
    }
    if (current.view) {
      var last = lastPly();
      current.ply = isNaN(ply) ? openingPly(current.entry) : Math.max(0, Math.min(last, ply));
    }
    renderViewer();
    markOpenRow();
    return true;
  }

  function fromHash() {
    var q = new URLSearchParams(location.hash.slice(1));
    if (!q.has("file") || !q.has("game")) return;
    open(parseInt(q.get("file"), 10), parseInt(q.get("game"), 10), parseInt(q.get("ply"), 10));
  }

  function step(ply) {
    if (!current || !current.view) return;
    current.ply = Math.max(0, Math.min(lastPly(), ply));
    var f = frag(current.file, current.entry.index, current.ply);
    // The fragment follows the viewer without a history entry per ply.
    if (location.hash !== f) history.replaceState(null, "", f);
    renderViewer();
  }

  $("viewer").addEventListener("click", function (ev) {
    if (!current) return;
    var id = ev.target.id;
    if (id === "first") step(0);
    else if (id === "prev") step(current.ply - 1);
    else if (id === "next") step(current.ply + 1);
    else if (id === "last") step(lastPly());
  });
  $("viewer").addEventListener("input", function (ev) {
    if (ev.target.id === "slider") step(parseInt(ev.target.value, 10));
  });
  document.addEventListener("keydown", function (ev) {
    if (!current || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target && ev.target.id === "slider") return; // the slider steps itself
    var keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (ev.key in keys) step(current.ply + keys[ev.key]);
    else if (ev.key === "Home") step(0);
    else if (ev.key === "End") step(lastPly());
    else return;
    ev.preventDefault();
  });
  window.addEventListener("hashchange", fromHash);

  renderList();
  fromHash();
  if (!current) {
    $("viewer").innerHTML = '<p class="hint">Choose a game to step through its plies (← → keys, or the ' +
      "buttons). The address keeps the ply: <code>#file=N&amp;game=K&amp;ply=P</code>.</p>";
  }
  document.documentElement.setAttribute("data-ready", String(Math.round(performance.now())));
})();
