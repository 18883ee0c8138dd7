// Electronics that take pictures: a mirrorless camera, a camera drone.
import { rect, circle, ellipse, path, lighten, darken } from "../../lib/svg.mjs";
import { DARK } from "./dark.mjs";

export function camera(c, p) {
  const top = c.lin([lighten(p.main, 0.6), p.main, darken(p.main, 0.2)]);
  const leather = c.pattern(10, 10, `<rect width="10" height="10" fill="${DARK}"/><circle cx="5" cy="5" r="2.2" fill="#2e3447"/>`);
  const lensOuter = c.lin([lighten(p.main, 0.6), darken(p.main, 0.3)], 0, 0, 1, 1);
  const glass = c.rad(
    [
      [0, lighten(p.accent, 0.5)],
      [0.45, p.accent],
      [1, "#0b0d1a"],
    ],
    0.4,
    0.35,
    0.65,
  );
  return [
    path("M238 300 L262 228 H370 L394 300 Z", top),
    rect(530, 250, 64, 26, 8, darken(p.main, 0.3)),
    rect(456, 256, 52, 20, 6, darken(p.main, 0.15)),
    rect(156, 292, 488, 300, 38, top),
    path("M156 380 H644 V554 Q644 592 606 592 H194 Q156 592 156 554 Z", leather),
    rect(156, 374, 488, 10, 0, darken(p.main, 0.35), 'opacity=".5"'),
    circle(590, 334, 12, p.accent),
    rect(200, 320, 110, 30, 8, darken(p.main, 0.45), 'opacity=".8"'),
    circle(410, 468, 150, darken(p.main, 0.5)),
    circle(410, 468, 132, lensOuter),
    `<circle cx="410" cy="468" r="118" fill="none" stroke="${darken(p.main, 0.4)}" stroke-width="6" stroke-dasharray="4 6"/>`,
    circle(410, 468, 100, "#10131f"),
    circle(410, 468, 78, glass),
    circle(410, 468, 34, "#0b0d1a", 'opacity=".7"'),
    ellipse(380, 434, 26, 14, "#fff", 'opacity=".55" transform="rotate(-30 380 434)"'),
    circle(446, 502, 7, "#fff", 'opacity=".35"'),
    path("M176 300 H624 Q640 300 642 316 H158 Q160 300 176 300 Z", "#fff", 'opacity=".35"'),
  ].join("");
}

export function drone(c, p) {
  const shell = c.lin([lighten(p.main, 0.5), p.main, darken(p.main, 0.3)]);
  const arm = darken(p.main, 0.25);
  const rotor = (x, y, s = 1) =>
    `${rect(x - 14 * s, y - 4, 28 * s, 36 * s, 8, darken(p.main, 0.4))}${ellipse(x, y, 118 * s, 24 * s, "#ffffff", `opacity=".35" stroke="#fff" stroke-opacity=".8" stroke-width="3"`)}${ellipse(x, y, 60 * s, 9 * s, darken(p.main, 0.3), 'opacity=".45"')}${circle(x, y, 9 * s, p.accent)}`;
  const lens = c.rad(
    [
      [0, lighten(p.accent, 0.4)],
      [0.5, "#1c2240"],
      [1, "#05070d"],
    ],
    0.4,
    0.4,
  );
  return [
    rotor(232, 332, 0.85),
    rotor(568, 332, 0.85),
    `<path d="M400 410 L240 340 M400 410 L560 340" stroke="${arm}" stroke-width="24" stroke-linecap="round"/>`,
    `<path d="M400 430 L210 508 M400 430 L590 508" stroke="${arm}" stroke-width="28" stroke-linecap="round"/>`,
    rect(300, 360, 200, 110, 54, shell),
    path("M340 366 H460 Q492 366 496 392 H304 Q308 366 340 366 Z", "#fff", 'opacity=".35"'),
    rect(360, 446, 80, 14, 7, p.accent),
    rect(380, 468, 40, 26, 6, darken(p.main, 0.4)),
    circle(400, 514, 34, darken(p.main, 0.45)),
    circle(400, 514, 22, lens),
    circle(392, 506, 6, "#fff", 'opacity=".6"'),
    rotor(210, 508, 1),
    rotor(590, 508, 1),
  ].join("");
}
