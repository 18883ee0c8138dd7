// Electronics held or typed on: a keyboard, a game controller, a mouse.
import { rect, circle, path, lighten, darken } from "../../lib/svg.mjs";
import { DARK } from "./dark.mjs";

export function keyboard(c, p) {
  const caseF = c.lin([lighten(p.main, 0.3), p.main]);
  const out = [];
  const kx0 = 112;
  const ky0 = 300;
  const k = 34;
  const g = 6;
  const rows = [
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2],
    [1.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.5],
    [1.75, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.25],
    [2.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.75],
    [1.25, 1.25, 1.25, 6.25, 1.25, 1.25, 1.25, 1.25],
  ];
  const unit = (576 - 13 * g) / 15;
  const accentKeys = new Set(["0-0", "2-12", "4-3"]);
  rows.forEach((row, r) => {
    let x = kx0;
    row.forEach((wu, i) => {
      const w = wu * unit + (wu - 1) * g;
      const y = ky0 + r * (k + g);
      const isAcc = accentKeys.has(`${r}-${i}`);
      const base = isAcc ? darken(p.accent, 0.25) : darken(p.key, 0.22);
      const topC = isAcc ? p.accent : p.key;
      out.push(rect(x.toFixed(1), y, w.toFixed(1), k, 7, base));
      out.push(rect((x + 3).toFixed(1), y + 2, (w - 6).toFixed(1), k - 9, 6, topC));
      x += w + g;
    });
  });
  return [
    `<g transform="rotate(-6 400 420)">`,
    rect(84, 292, 632, 252, 26, darken(p.main, 0.35)),
    rect(84, 272, 632, 252, 26, caseF),
    rect(100, 286, 600, 224, 14, darken(p.main, 0.3)),
    ...out,
    rect(620, 279, 40, 5, 2.5, p.accent),
    `</g>`,
  ].join("");
}

export function controller(c, p) {
  const body = c.ulin([lighten(p.main, 0.3), p.main, darken(p.main, 0.35)], 0, 300, 0, 620);
  const shape =
    "M262 318 H538 C620 318 664 370 680 450 L704 560 C716 620 660 650 618 610 L560 548 H240 L182 610 C140 650 84 620 96 560 L120 450 C136 370 180 318 262 318 Z";
  const btn = (x, y, col) =>
    `${circle(x, y + 4, 17, darken(col, 0.4))}${circle(x, y, 17, col)}${circle(x - 5, y - 5, 5, "#fff", 'opacity=".5"')}`;
  const stick = (x, y) =>
    `${circle(x, y, 40, darken(p.main, 0.45))}${circle(x, y, 30, c.lin([lighten(DARK, 0.3), DARK]))}${circle(x, y, 20, "none", `stroke="${lighten(DARK, 0.25)}" stroke-width="3"`)}`;
  return [
    path(shape, body),
    path("M262 318 H538 C580 318 612 332 636 356 H164 C188 332 220 318 262 318 Z", "#fff", 'opacity=".18"'),
    rect(340, 330, 120, 10, 5, p.accent),
    // d-pad
    rect(196, 382, 28, 84, 6, DARK),
    rect(168, 410, 84, 28, 6, DARK),
    // face buttons
    btn(590, 384, "#40c9ff"),
    btn(624, 418, "#ff4d6d"),
    btn(556, 418, "#ffd166"),
    btn(590, 452, "#06d6a0"),
    stick(318, 494),
    stick(482, 494),
    rect(356, 400, 32, 12, 6, darken(p.main, 0.5)),
    rect(412, 400, 32, 12, 6, darken(p.main, 0.5)),
    circle(400, 446, 16, darken(p.main, 0.5)),
    circle(400, 446, 8, p.accent),
  ].join("");
}

export function mouse(c, p) {
  const shell = c.lin([lighten(p.main, 0.4), p.main, darken(p.main, 0.35)], 0, 0, 1, 1);
  const dongle = c.lin([lighten(DARK, 0.3), DARK]);
  return [
    `<g transform="rotate(-14 400 420)">`,
    path("M400 180 C510 180 540 300 540 420 C540 560 480 650 400 650 C320 650 260 560 260 420 C260 300 290 180 400 180 Z", shell),
    path("M400 180 C320 180 290 280 284 350 Q400 374 516 350 C510 280 480 180 400 180 Z", lighten(p.main, 0.15), 'opacity=".6"'),
    `<path d="M400 186 V355" stroke="${darken(p.main, 0.4)}" stroke-width="4"/>`,
    `<path d="M284 352 Q400 376 516 352" fill="none" stroke="${darken(p.main, 0.35)}" stroke-width="3"/>`,
    rect(386, 230, 28, 70, 14, DARK),
    rect(391, 240, 18, 50, 9, p.accent),
    path("M262 420 C264 520 300 600 360 636 C310 590 290 520 286 430 Z", p.accent, 'opacity=".85"'),
    path("M340 200 C300 220 288 270 286 320 Q300 250 350 206 Z", "#fff", 'opacity=".5"'),
    `</g>`,
    `<g transform="rotate(20 620 560)">${rect(590, 520, 60, 90, 10, dongle)}${rect(598, 480, 44, 46, 4, "#c9ced9")}${rect(606, 490, 10, 10, 1, "#8d93a3")}${rect(624, 490, 10, 10, 1, "#8d93a3")}${circle(620, 590, 5, p.accent)}</g>`,
  ].join("");
}
