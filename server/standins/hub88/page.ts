/**
 * The stand-in supplier's content: its catalog (as Hub88's /game/list describes games), the games' outcomes,
 * the phone-friendly play page with its separate script (so it runs under script-src 'self'), and the SVG art it
 * draws itself. No third-party artwork, no external script.
 */
import { randomInt } from "node:crypto";

export interface StandInGame {
  code: string;
  name: string;
  category: string;
  colors: [string, string];
  /** The choices the page offers (the first is the default), or none. */
  choices: string[];
  rtp: string;
  volatility: number;
  hitRatio: string;
  rules: string;
}

export const SUPPLIER = "Stand-in Studio";

export const GAMES: readonly StandInGame[] = [
  {
    code: "sts_coinflip",
    name: "Coin Flip",
    category: "Instant Win",
    colors: ["#f5b700", "#8a5a00"],
    choices: ["heads", "tails"],
    rtp: "98.00",
    volatility: 2,
    hitRatio: "50.00",
    rules: "Call heads or tails. A right call pays 1.96 times the stake.",
  },
  {
    code: "sts_wheel",
    name: "Lucky Wheel",
    category: "Table Games",
    colors: ["#00a6a6", "#0b3954"],
    choices: [],
    rtp: "96.00",
    volatility: 3,
    hitRatio: "70.00",
    rules: "Ten segments: 0, 0, 0, 0.5, 0.5, 1, 1.5, 2, 2, 2.1 times the stake.",
  },
  {
    code: "sts_highcard",
    name: "High Card Live",
    category: "Live Casino",
    colors: ["#c0392b", "#2c0b0e"],
    choices: [],
    rtp: "96.31",
    volatility: 2,
    hitRatio: "53.85",
    rules:
      "You and the dealer draw a card (2 to ace). Higher card pays 1.92 times the stake; a tie returns it.",
  },
];

export function findGame(code: unknown): StandInGame | undefined {
  return GAMES.find((g) => g.code === code);
}

/** The game as Hub88's /operator/generic/v2/game/list lists it. */
export function catalogEntry(game: StandInGame, publicUrl: string): Record<string, unknown> {
  return {
    name: game.name,
    game_code: game.code,
    url_thumb: `${publicUrl}/assets/thumb/${game.code}.svg`,
    url_background: `${publicUrl}/assets/background/${game.code}.svg`,
    product: SUPPLIER,
    platforms: ["GPL_DESKTOP", "GPL_MOBILE"],
    category: game.category,
    enabled: true,
    freebet_support: false,
    demo_game_support: true,
    phoenix_jackpot_support: false,
    blocked_countries: [],
    release_date: "2026-01-01",
    volatility: game.volatility,
    rtp: game.rtp,
    paylines: 0,
    hit_ratio: game.hitRatio,
    certifications: [],
    languages: ["eng", "tha"],
    theme: ["Stand-in"],
    technology: ["HTML5"],
    features: [],
  };
}

/** A uniform number in [0, 1): the supplier's randomness (it never looks at who plays). */
export const cryptoRandom = (): number => randomInt(0, 2 ** 32) / 2 ** 32;

const WHEEL_PERMILLE = [0, 0, 0, 500, 500, 1000, 1500, 2000, 2000, 2100];
const CARDS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

export interface Outcome {
  /** Payout as thousandths of the stake (1960 = 1.96×). */
  permille: number;
  text: string;
}

export function playOutcome(game: StandInGame, choice: string, random: () => number): Outcome {
  switch (game.code) {
    case "sts_coinflip": {
      const side = random() < 0.5 ? "heads" : "tails";
      return side === choice
        ? { permille: 1960, text: `The coin shows ${side}: you win.` }
        : { permille: 0, text: `The coin shows ${side}: you lose.` };
    }
    case "sts_wheel": {
      const permille = WHEEL_PERMILLE[Math.floor(random() * WHEEL_PERMILLE.length)] ?? 0;
      return { permille, text: `The wheel stops on ${permille / 1000}×.` };
    }
    default: {
      const you = Math.floor(random() * CARDS.length);
      const dealer = Math.floor(random() * CARDS.length);
      const cards = `You ${CARDS[you]}, dealer ${CARDS[dealer]}`;
      if (you > dealer) return { permille: 1920, text: `${cards}: you win.` };
      if (you === dealer) return { permille: 1000, text: `${cards}: a tie, stake returned.` };
      return { permille: 0, text: `${cards}: dealer wins.` };
    }
  }
}

/** The win for a stake in Hub88 units, rounded down to the satang (1,000 units). */
export function winUnits(stakeUnits: number, permille: number): number {
  const stakeSatang = Math.floor(stakeUnits / 1000);
  return Math.floor((stakeSatang * permille) / 1000) * 1000;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#f4f4f4;min-height:100vh;
  display:flex;justify-content:center;align-items:flex-start;padding:16px}
main{width:100%;max-width:420px;background:rgba(0,0,0,.55);border-radius:16px;padding:20px}
.banner{font-size:12px;letter-spacing:.04em;text-transform:uppercase;background:#fff3;border-radius:8px;padding:6px 10px;
  display:inline-block}
h1{margin:14px 0 4px;font-size:26px}
.rules{font-size:14px;opacity:.85;margin:0 0 16px}
.balance{font-size:15px;margin:0 0 16px}
.balance strong{font-size:22px;display:block}
label{display:block;font-size:14px;margin-bottom:6px}
input{width:100%;font-size:20px;padding:10px 12px;border-radius:10px;border:0;margin-bottom:12px}
.choices{display:flex;gap:8px;margin-bottom:12px}
.choices button{flex:1;font-size:16px;padding:10px;border-radius:10px;border:2px solid #fff6;background:transparent;color:inherit}
.choices button[aria-pressed="true"]{background:#fff;color:#111}
#play{width:100%;font-size:20px;font-weight:700;padding:14px;border-radius:12px;border:0;background:#ffd23f;color:#111}
#play:disabled{opacity:.6}
#result{min-height:48px;margin:14px 0 0;font-size:16px}
a{color:#ffd23f}
`;

/** The play page. `launchId` goes in a data attribute; the script reads it (no inline script). */
export function playPage(
  game: StandInGame,
  launchId: string,
  options: { demo: boolean; lobbyUrl: string | undefined },
): string {
  const [from, to] = game.colors;
  const choices =
    game.choices.length === 0
      ? ""
      : `<div class="choices" role="group" aria-label="Your call">${game.choices
          .map(
            (c, i) =>
              `<button type="button" data-choice="${c}" aria-pressed="${i === 0 ? "true" : "false"}">${escapeHtml(c)}</button>`,
          )
          .join("")}</div>`;
  const lobby =
    options.lobbyUrl && /^https?:\/\//.test(options.lobbyUrl)
      ? `<p><a href="${escapeHtml(options.lobbyUrl)}" target="_top">Back to the lobby</a></p>`
      : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(game.name)} — stand-in provider</title>
<style>${STYLE}body{background:linear-gradient(160deg,${from},${to})}</style>
</head>
<body>
<main id="game" data-launch="${escapeHtml(launchId)}" data-choice="${escapeHtml(game.choices[0] ?? "")}">
<span class="banner">Stand-in provider — test games${options.demo ? " · demo money" : ""}</span>
<h1>${escapeHtml(game.name)}</h1>
<p class="rules">${escapeHtml(game.rules)}</p>
<p class="balance">Balance<strong id="balance">…</strong></p>
<label for="stake">Stake</label>
<input id="stake" inputmode="decimal" autocomplete="off" value="10.00">
${choices}
<button id="play" type="button">Play</button>
<p id="result" role="status" aria-live="polite"></p>
${lobby}
</main>
<script src="assets/game.js"></script>
</body>
</html>`;
}

/** The play page's script, served as /play/assets/game.js. */
export const GAME_SCRIPT = `"use strict";
(function () {
  var root = document.getElementById("game");
  var id = root.getAttribute("data-launch");
  var base = "./" + encodeURIComponent(id);
  var choice = root.getAttribute("data-choice") || "";
  var balance = document.getElementById("balance");
  var result = document.getElementById("result");
  var play = document.getElementById("play");
  var stake = document.getElementById("stake");
  function money(units, currency) {
    return (units / 100000).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 5 }) +
      " " + currency;
  }
  function show(state) {
    if (typeof state.balance === "number") balance.textContent = money(state.balance, state.currency);
    else if (state.status) balance.textContent = state.status;
  }
  function refresh() {
    fetch(base + "/state", { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(show)
      .catch(function () { balance.textContent = "unavailable"; });
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-choice]"), function (button) {
    if (button === root) return;
    button.addEventListener("click", function () {
      choice = button.getAttribute("data-choice");
      Array.prototype.forEach.call(document.querySelectorAll("button[data-choice]"), function (b) {
        b.setAttribute("aria-pressed", b === button ? "true" : "false");
      });
    });
  });
  play.addEventListener("click", function () {
    play.disabled = true;
    result.textContent = "…";
    fetch(base + "/round", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stake: stake.value, choice: choice })
    })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        result.textContent = answer.message || answer.error || "";
        show(answer);
      })
      .catch(function () { result.textContent = "Network error, try again."; })
      .then(function () { play.disabled = false; });
  });
  refresh();
})();
`;

/** A round's transactions as the stand-in saw them (the target of /game/round's URL). */
export function roundPage(round: string, lines: string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Round ${escapeHtml(round)}</title></head>
<body><h1>Round ${escapeHtml(round)}</h1><p>Stand-in provider — test games</p><ul>${lines
    .map((l) => `<li>${escapeHtml(l)}</li>`)
    .join("")}</ul></body></html>`;
}

export function thumbSvg(game: StandInGame): string {
  const [from, to] = game.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="400" height="300" rx="24" fill="url(#g)"/>
${gameMark(game)}
<text x="200" y="262" font-family="sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">${escapeHtml(game.name)}</text>
</svg>`;
}

export function backgroundSvg(game: StandInGame): string {
  const [from, to] = game.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><radialGradient id="g" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<g opacity="0.15" transform="translate(440 160) scale(1.0)">${gameMark(game)}</g>
</svg>`;
}

function gameMark(game: StandInGame): string {
  switch (game.code) {
    case "sts_coinflip":
      return `<circle cx="200" cy="125" r="80" fill="#ffe27a" stroke="#fff" stroke-width="8"/><text x="200" y="150" font-family="serif" font-size="72" font-weight="700" fill="#8a5a00" text-anchor="middle">฿</text>`;
    case "sts_wheel":
      return `<circle cx="200" cy="125" r="85" fill="#fff" stroke="#0b3954" stroke-width="6"/>${Array.from(
        { length: 10 },
        (_, i) =>
          `<line x1="200" y1="125" x2="${200 + 85 * Math.cos((i * Math.PI) / 5)}" y2="${125 + 85 * Math.sin((i * Math.PI) / 5)}" stroke="#00a6a6" stroke-width="4"/>`,
      ).join("")}<circle cx="200" cy="125" r="14" fill="#0b3954"/>`;
    default:
      return `<rect x="120" y="45" width="100" height="150" rx="12" fill="#fff" transform="rotate(-10 170 120)"/><rect x="185" y="45" width="100" height="150" rx="12" fill="#fff" stroke="#c0392b" stroke-width="4" transform="rotate(8 235 120)"/><text x="240" y="140" font-family="serif" font-size="64" font-weight="700" fill="#c0392b" text-anchor="middle">A</text>`;
  }
}
