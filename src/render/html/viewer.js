// The check report's viewer. The data (script#report-data) is the JSON report ("report"), the board
// layouts ("layouts") and per game its plies in compact form ("views"); see src/report/html.rs for
// the format. A game's boards are decoded only when the game is opened, so that a report of
// thousands of games opens at once.
//
// Every text of the data comes from a record or a file name: it reaches the page only as text
// nodes and attribute values (el() below), never as markup.
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

  // An element: attributes from `attrs` (a null value is left out), then the children: strings
  // as text, nodes as they are, arrays flattened, null and false left out.
  function el(tag, attrs) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (attrs[k] != null) e.setAttribute(k, String(attrs[k]));
      });
    }
    for (var i = 2; i < arguments.length; i++) add(e, arguments[i]);
    return e;
  }
  function add(parent, child) {
    if (child == null || child === false) return;
    if (Array.isArray(child)) child.forEach(function (c) { add(parent, c); });
    else if (typeof child === "object") parent.appendChild(child);
    else parent.appendChild(document.createTextNode(String(child)));
  }
  // `items` with `sep` between them.
  function joined(items, sep) {
    var out = [];
    items.forEach(function (x, k) { if (k) out.push(sep); out.push(x); });
    return out;
  }
  function code(text) { return el("code", null, text); }
  function replace(parent) {
    while (parent.firstChild) parent.removeChild(parent.firstChild);
    for (var i = 1; i < arguments.length; i++) add(parent, arguments[i]);
  }
  function $(id) { return document.getElementById(id); }
  function frag(file, game, ply) { return "#file=" + file + "&game=" + game + "&ply=" + ply; }
  function sideName(s) { return s === "N" || s === "north" ? "North" : "South"; }
  function validity(game) {
    return game.valid ? el("span", { class: "ok" }, "valid") : el("span", { class: "bad" }, "invalid");
  }

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

  // A ply as the transcript numbers it: "move 15, south (ply 29)" (the ply alone if unknown).
  function moveText(e) {
    return e.move_number != null ? "move " + e.move_number + ", " + e.side + " (ply " + e.ply + ")" : "ply " + e.ply;
  }
  function numbered(e) {
    return e.ply == null ? "" : ", " + moveText(e);
  }

  function errorBox(path, game, e, fileNo, warning) {
    var where = path + ", game " + game.index + numbered(e);
    var at = [];
    if (e.move != null) at.push(code(e.move));
    if (e.line != null) at.push("at " + path + ":" + e.line + ":" + e.column);
    return el("div", { class: warning ? "warning" : "error" },
      warning ? [el("b", null, "warning"), " "] : null,
      el("span", { class: "code" }, e.code), " ",
      e.rule ? [el("span", { class: "rule" }, e.rule), " "] : null,
      el("b", null, where), ": " + e.message,
      at.length ? [" ", el("span", { class: "where" }, "(", joined(at, " "), ")")] : null,
      e.ply != null ? [" ", el("a", { href: frag(fileNo, game.index, e.ply) }, "show ply " + e.ply)] : null,
      e.help ? el("div", { class: "help" }, "help: " + e.help) : null,
      suggestions(e, fileNo, game));
  }

  function suggestions(e, fileNo, game) {
    if (!Array.isArray(e.suggestions) || !e.suggestions.length) return null;
    var items = e.suggestions.map(function (s, k) {
      // The record's notation first, the canonical form beside it where it differs: 8> (A8<+).
      var moves = joined((s.spelled || s.moves || []).map(function (m, i) {
        var canonical = (s.moves || [])[i];
        return canonical != null && canonical !== m ? [code(m), " (", code(canonical), ")"] : code(m);
      }), " ");
      var was = joined((s.was || []).map(code), " ");
      var then = "then " + s.replays + " more pl" + (s.replays === 1 ? "y replays" : "ies replay") +
        (s.complete ? ", and the whole record replays" : "");
      var lead = s.ambiguous ? null : k === 0 ? "most likely" : null;
      return el("li", null, lead ? [el("b", null, lead), ": "] : null,
        s.edit + " at " + moveText(s), was.length ? [": ", was] : null, moves.length ? [" → ", moves] : null,
        "; " + then + " ", el("a", { href: frag(fileNo, game.index, s.ply) }, "show ply " + s.ply));
    });
    // The best tie: none is most likely, and repair applies none.
    var tied = e.suggestions.filter(function (s) { return s.ambiguous; }).length;
    var head = tied ? "ambiguous: " + tied + " candidates, which nothing after the edit tells apart " +
      "(repair leaves the move as written):" : "suggestions:";
    return el("div", { class: "help" }, head, el("ol", { class: "suggestions" }, items));
  }

  function compareNote(game) {
    var c = game.compare;
    if (!c) return null;
    return el("div", { class: "note" }, moveText(c) + " ", code(c.move), " depends on " + c.ruling +
      ": with " + c.ruling + "=" + c.values[0] + ": " + c.outcomes[0] + "; with " + c.ruling + "=" +
      c.values[1] + ": " + c.outcomes[1]);
  }

  // The ply a game opens at: its first error's, else its end.
  function openingPly(game) {
    for (var k = 0; k < game.errors.length; k++) if (game.errors[k].ply != null) return game.errors[k].ply;
    return game.plies;
  }

  // The games a file lists: all, or only the invalid ones (the default when there are any).
  var anyInvalid = report.files.some(function (f) { return f.games.some(function (g) { return !g.valid; }); });
  var onlyInvalid = anyInvalid;
  function listed(file) {
    return onlyInvalid ? file.games.filter(function (g) { return !g.valid; }) : file.games;
  }

  function gameRows(games, file, fileNo, from, to) {
    var rows = [];
    for (var g = from; g < to; g++) {
      var game = games[g];
      rows.push(el("tr", { id: "f" + fileNo + "g" + game.index },
        el("td", null, el("a", { href: frag(fileNo, game.index, openingPly(game)) }, "game " + game.index)),
        el("td", null, game.ruleset || "—"),
        el("td", null, game.plies + "/" + game.recorded_plies),
        el("td", null, game.result || "—"),
        el("td", null, validity(game))));
      var warnings = game.warnings || [];
      if (!game.valid || game.compare || warnings.length) {
        rows.push(el("tr", { class: "detail" }, el("td", { colspan: 5 },
          warnings.map(function (e) { return errorBox(file.path, game, e, fileNo, true); }),
          game.errors.map(function (e) { return errorBox(file.path, game, e, fileNo); }),
          compareNote(game))));
      }
    }
    return rows;
  }

  function renderList() {
    var parts = [el("label", { class: "filter" },
      el("input", { type: "checkbox", id: "only-invalid", checked: onlyInvalid ? "" : null }),
      " only invalid games")];
    report.io_errors.forEach(function (p) {
      parts.push(el("div", { class: "error" }, el("span", { class: "code" }, p.code), " ",
        el("b", null, p.path), ": " + p.message));
    });
    report.files.forEach(function (file, f) {
      var fileNo = f + 1, games = listed(file);
      var bad = file.games.filter(function (g) { return !g.valid; }).length;
      // Only invalid games: the valid games with warnings stay reachable, folded under one line.
      var warned = onlyInvalid ? file.games.filter(function (g) { return g.valid && (g.warnings || []).length; }) : [];
      var warnings = warned.reduce(function (n, g) { return n + g.warnings.length; }, 0);
      var folded = warned.length ? el("details", { class: "warned" },
        el("summary", null, warned.length + " valid game" + (warned.length === 1 ? "" : "s") + " with " +
          warnings + " warning" + (warnings === 1 ? "" : "s")),
        el("table", { class: "games" }, el("tbody", null, gameRows(warned, file, fileNo, 0, warned.length)))) : null;
      if (onlyInvalid && !bad) {
        // A valid file is one line.
        parts.push(el("section", { class: "file passed", id: "file" + fileNo },
          el("div", { class: "line" }, el("b", null, file.path), " ", el("span", { class: "counts" },
            file.games.length + " passed")), folded));
        return;
      }
      parts.push(el("section", { class: "file", id: "file" + fileNo },
        el("h2", null, file.path, " ", el("span", { class: "counts" },
          (file.games.length - bad) + " passed, " + bad + " failed")),
        el("table", { class: "games" },
          el("thead", null, el("tr", null, ["game", "ruleset", "plies", "result", ""].map(function (t) {
            return el("th", null, t);
          }))),
          el("tbody", null, gameRows(games, file, fileNo, 0, Math.min(CHUNK, games.length)))),
        games.length > CHUNK ?
          el("button", { class: "more", "data-file": f, "data-shown": CHUNK }, "show more games") : null,
        folded));
    });
    replace($("files"), parts);
    markOpenRow();
  }

  $("files").addEventListener("click", function (ev) {
    var b = ev.target;
    if (!b.classList || !b.classList.contains("more")) return;
    var f = +b.getAttribute("data-file"), shown = +b.getAttribute("data-shown");
    var file = report.files[f], games = listed(file), to = Math.min(shown + CHUNK, games.length);
    add(b.previousElementSibling.tBodies[0], gameRows(games, file, f + 1, shown, to));
    b.setAttribute("data-shown", to);
    if (to >= games.length) b.remove();
    markOpenRow();
  });
  $("files").addEventListener("change", function (ev) {
    if (ev.target.id !== "only-invalid") return;
    onlyInvalid = ev.target.checked;
    renderList();
  });

  // Marks the open game's row and keeps it in view within the list (not the page's top).
  function markOpenRow() {
    var old = document.querySelector("tr.open");
    if (old) old.classList.remove("open");
    if (!current) return;
    var row = $("f" + current.file + "g" + current.entry.index);
    if (!row) return;
    row.classList.add("open");
    var folded = row.closest("details");
    if (folded) folded.open = true;
    // The list scrolls on its own, so that the page (and the viewer) stays where it is.
    var list = $("files"), r = row.getBoundingClientRect(), b = list.getBoundingClientRect();
    if (r.top < b.top || r.bottom > b.bottom) list.scrollTop += r.top - b.top - list.clientHeight / 3;
  }

  // --- the viewer ---------------------------------------------------------------------------

  function board(state, ply, shownPly, highlight, legal) {
    var L = state.layout;
    var marks = {};
    state.marks.forEach(function (m) { (marks[m[0]] = marks[m[0]] || []).push(m[1]); });
    var slot = 0, southSeen = false;
    var rows = L.rows.map(function (row) {
      var cls = "row";
      if (row.side === "south" && !southSeen) { southSeen = true; cls += " south-first"; }
      return el("div", { class: cls, "data-side": row.side }, el("span", { class: "label" }, row.label),
        row.holes.map(function (hole) {
          var s = slot++, count = state.counts[s], m = marks[s] || [];
          var c = ["hole"].concat(m);
          var said = [hole[1] + ": " + count];
          if (highlight && state.from === s) { c.push("from"); said.push("moved from"); }
          if (highlight && state.captured.indexOf(s) >= 0) { c.push("captured"); said.push("captured"); }
          if (legal.indexOf(hole[0]) >= 0) { c.push("legal"); said.push("a legal move starts here"); }
          // The game's own word for its house (Bao la Kete: kuu).
          var words = m.map(function (w) { return w === "house" ? L.house : w; });
          said = said.concat(words);
          return el("div", { class: c.join(" "), "data-hole": hole[1], "data-index": hole[0], "data-count": count,
            title: said.join(", ") },
            el("span", { class: "count" }, count), el("span", { class: "name" }, hole[1]),
            words.length ? el("span", { class: "mark" }, words.join(" ")) : null);
        }));
    });
    var stores = L.stores.length ? el("div", { class: "stores" }, L.stores.map(function (st) {
      var count = state.counts[slot++];
      return el("span", { class: "store", "data-side": st.side, "data-store": st.label, "data-count": count },
        sideName(st.side) + " " + st.label + ": ", el("b", null, count));
    })) : null;
    return el("div", { id: "board", class: "board", "data-ruleset": L.ruleset, "data-ply": ply,
      "data-board-ply": shownPly, "data-to-move": state.side === "N" ? "north" : "south", role: "img",
      "aria-label": "the board after ply " + shownPly },
      rows, stores,
      el("p", { class: "tomove" }, sideName(state.side) + " to move" +
        (state.notes.length ? " · " + state.notes.join(" · ") : "")));
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
    var parts = [el("h2", null, file.path + ", game " + game.index + " ",
      el("small", null, "(" + (game.ruleset || "?") + ", ", validity(game), ")"))];
    // What the text held and was read one way only: the game's, whatever ply is shown.
    (game.warnings || []).forEach(function (e) { parts.push(errorBox(file.path, game, e, current.file, true)); });
    if (!view) {
      parts.push(el("p", { class: "hint" }, "No board: the record could not be set up."));
      game.errors.forEach(function (e) { parts.push(errorBox(file.path, game, e, current.file)); });
      replace(v, parts);
      return;
    }
    var ply = current.ply, last = lastPly();
    var stop = view.stop && ply === view.stop.ply ? view.stop : null;
    var shownPly = stop ? ply - 1 : ply;
    var state = current.states[shownPly];
    parts.push(el("div", { class: "controls" },
      el("button", { id: "first", title: "start (Home)" }, "«"),
      el("button", { id: "prev", title: "previous ply (←)" }, "‹"),
      el("button", { id: "next", title: "next ply (→)" }, "›"),
      el("button", { id: "last", title: "end (End)" }, "»"),
      el("input", { id: "slider", type: "range", min: 0, max: last, value: ply, "aria-label": "ply" }),
      el("span", { class: "plyinfo", id: "plyinfo" }, plyText(ply, stop))));
    parts.push(board(state, ply, shownPly, !stop && ply > 0, stop ? stop.holes : []));
    if (!stop && ply > 0) {
      var said = [];
      if (state.from != null) said.push(el("span", { class: "from" }, "from " + slotName(state, state.from)));
      if (state.captured.length) {
        said.push(el("span", { class: "captured" }, "captured " + state.captured.map(function (s) {
          return slotName(state, s);
        }).join(", ")));
      }
      if (said.length) parts.push(el("p", { class: "legend" }, joined(said, " · ")));
    }
    if (stop) {
      parts.push(el("p", { class: "legend" }, "The board before ply " + ply,
        stop.holes.length ? ["; ", el("span", { class: "from" }, "dotted"), ": the holes legal moves start from"] : null,
        "."));
      if (stop.over) parts.push(el("p", null, "The game was already over."));
      else parts.push(el("p", { class: "legal-moves", id: "legal" }, "Legal moves here: ",
        stop.legal.length ? joined(stop.legal.map(function (m, i) {
          // A record in another notation: the canonical spelling beside, as the text report has it.
          return stop.canonical ? [code(m), " (", code(stop.canonical[i]), ")"] : code(m);
        }), stop.canonical ? ", " : " ") : "none"));
    }
    game.errors.forEach(function (e) {
      if (e.ply === ply) parts.push(errorBox(file.path, game, e, current.file));
    });
    if (ply === last) {
      game.errors.forEach(function (e) { if (e.ply == null) parts.push(errorBox(file.path, game, e, current.file)); });
    }
    // Plies whose claim is false played, but are marked as the findings they are.
    var claimed = {};
    game.errors.forEach(function (e) { if (e.code === "false-claim" && e.ply != null) claimed[e.ply] = true; });
    // Numbered as the transcript numbers its lines: "15." before the first mover's ply 29, the
    // other side's ply 30 after it; each ply's number in its title.
    var first = current.states.length ? current.states[0].side : "S";
    parts.push(el("div", { class: "moves" }, view.moves.map(function (m, k) {
      var p = k + 1, cls = [], n = Math.ceil(p / 2);
      var side = (p % 2 === 1) === (first === "S") ? "south" : "north";
      if (p === ply) cls.push("current");
      if (view.stop && p === view.stop.ply) cls.push("refused");
      if (claimed[p]) cls.push("false-claim");
      return [p % 2 === 1 ? el("span", { class: "number" }, n + ".") : null, " ",
        el("a", { class: cls.join(" "), href: frag(current.file, game.index, p), "data-ply": p,
          title: "move " + n + ", " + side + " (ply " + p + ")" + (claimed[p] ? ": a false claim" : "") }, m), " "];
    })));
    replace(v, parts);
    $("first").disabled = $("prev").disabled = ply === 0;
    $("next").disabled = $("last").disabled = ply === last;
    // The current move in view within the list (not the page).
    var box = v.querySelector(".moves"), cur = v.querySelector(".moves a.current");
    if (box && cur) box.scrollTop = Math.max(0, cur.offsetTop - box.clientHeight / 2);
  }

  function plyText(ply, stop) {
    if (ply === 0) return "start";
    var text = current.view.moves[ply - 1];
    var first = current.states.length ? current.states[0].side : "S";
    var side = (ply % 2 === 1) === (first === "S") ? "south" : "north";
    return "move " + Math.ceil(ply / 2) + ", " + side + " (ply " + ply + "): " + (text == null ? "" : text) +
      (stop ? " (refused)" : "");
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
    // A game the filter hides is listed again when it is opened, so that the list shows it.
    if (onlyInvalid && file.games[g].valid && !$("f" + fileNo + "g" + gameIndex)) {
      onlyInvalid = false;
      renderList();
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

  // Without an address, the page opens on the first invalid game (at its error).
  function openFirstInvalid() {
    for (var f = 0; f < report.files.length; f++) {
      var games = report.files[f].games;
      for (var g = 0; g < games.length; g++) {
        if (!games[g].valid) return open(f + 1, games[g].index, NaN);
      }
    }
    return false;
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
  if (!current) openFirstInvalid();
  if (!current) {
    replace($("viewer"), el("p", { class: "hint" }, "Choose a game to step through its plies (← → keys, or the " +
      "buttons). The address keeps the ply: ", code("#file=N&game=K&ply=P"), "."));
  }
  document.documentElement.setAttribute("data-ready", String(Math.round(performance.now())));
})();
