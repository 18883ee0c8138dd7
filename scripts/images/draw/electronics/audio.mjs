// Electronics that play sound: headphones, a speaker, earbuds, a turntable.
import { rect, circle, ellipse, path, lighten, darken } from "../../lib/svg.mjs";
import { DARK } from "./dark.mjs";

export function headphones(c, p) {
  const body = c.ulin([lighten(p.main, 0.25), p.main, darken(p.main, 0.35)], 0, 200, 0, 640);
  const cup = c.lin([lighten(p.main, 0.3), p.main, darken(p.main, 0.3)], 0, 0, 1, 1);
  const pad = c.lin([lighten(DARK, 0.15), DARK], 0, 0, 1, 0);
  const acc = c.lin([lighten(p.accent, 0.25), darken(p.accent, 0.15)], 0, 0, 1, 1);
  const band = "M238 440 C230 170 570 170 562 440";
  return [
    `<path d="${band}" fill="none" stroke="${body}" stroke-width="34" stroke-linecap="round"/>`,
    `<path d="M268 360 C290 215 510 215 532 360" fill="none" stroke="${darken(p.main, 0.45)}" stroke-width="22" stroke-linecap="round"/>`,
    `<path d="M262 300 C300 205 420 200 470 212" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".35"/>`,
    // yokes
    rect(222, 400, 34, 84, 12, darken(p.main, 0.2)),
    rect(544, 400, 34, 84, 12, darken(p.main, 0.2)),
    // cushions (inner side)
    rect(272, 448, 58, 196, 28, pad),
    rect(470, 448, 58, 196, 28, pad),
    // cups
    rect(172, 432, 128, 224, 60, cup),
    rect(500, 432, 128, 224, 60, cup),
    ellipse(236, 544, 42, 70, acc),
    ellipse(564, 544, 42, 70, acc),
    ellipse(224, 520, 10, 26, "#fff", 'opacity=".35"'),
    ellipse(552, 520, 10, 26, "#fff", 'opacity=".35"'),
    rect(190, 470, 10, 70, 5, "#fff", 'opacity=".25"'),
  ].join("");
}

export function speaker(c, p) {
  const fabric = c.lin([lighten(p.accent, 0.2), p.accent, darken(p.accent, 0.3)]);
  const dots = c.pattern(14, 14, `<circle cx="7" cy="7" r="3" fill="${darken(p.accent, 0.35)}" opacity=".55"/>`);
  const cap = c.lin([lighten(DARK, 0.2), DARK]);
  return [
    `<path d="M600 360 C690 360 700 470 630 500" fill="none" stroke="${darken(p.accent, 0.4)}" stroke-width="14" stroke-linecap="round"/>`,
    rect(130, 330, 540, 250, 125, fabric),
    rect(170, 340, 460, 230, 0, dots),
    path("M255 330 H210 Q130 330 130 455 Q130 580 210 580 H255 Z", cap),
    path("M545 330 H590 Q670 330 670 455 Q670 580 590 580 H545 Z", cap),
    rect(350, 312, 100, 24, 12, DARK),
    circle(372, 324, 5, p.accent),
    circle(400, 324, 5, "#fff", 'opacity=".8"'),
    circle(428, 324, 5, p.accent),
    rect(346, 440, 108, 34, 17, DARK, 'opacity=".9"'),
    rect(366, 453, 68, 8, 4, "#fff", 'opacity=".85"'),
    path("M210 350 H590 Q630 350 640 380 H160 Q170 350 210 350 Z", "#fff", 'opacity=".22"'),
  ].join("");
}

export function earbuds(c, p) {
  const shell = c.lin(["#ffffff", "#eef0f6", "#cfd3de"], 0, 0, 1, 1);
  const lid = c.lin(["#ffffff", "#e6e9f1"]);
  const bud = (x, y, rot, flip = 1) =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${flip} 1)">
      ${rect(-16, 10, 32, 120, 16, shell)}
      ${circle(0, 0, 50, shell)}
      ${ellipse(26, -6, 22, 26, p.accent)}
      ${ellipse(30, -10, 8, 10, "#fff", 'opacity=".35"')}
      ${circle(-14, -14, 12, "#fff", 'opacity=".9"')}
      ${rect(-8, 108, 16, 16, 6, lighten(p.accent, 0.2))}
    </g>`;
  return [
    rect(250, 390, 300, 230, 96, shell),
    path("M346 390 H454 Q550 390 550 470 H250 Q250 390 346 390 Z", lid),
    rect(250, 466, 300, 6, 0, "#c3c8d6"),
    circle(400, 540, 6, p.accent),
    rect(380, 612, 40, 6, 3, "#b9bdc9"),
    path("M300 404 Q330 396 360 396 L300 446 Z", "#fff", 'opacity=".8"'),
    bud(300, 250, -18, 1),
    bud(500, 250, 18, -1),
  ].join("");
}

export function turntable(c, p) {
  const wood = c.ulin([lighten(p.wood, 0.2), p.wood, darken(p.wood, 0.2)], 0, 200, 800, 600);
  const grooves = [150, 138, 126, 114, 102, 90, 78]
    .map((r) => `<circle cx="0" cy="0" r="${r}" fill="none" stroke="#3a3f55" stroke-width="1.5" opacity=".7"/>`)
    .join("");
  const vinyl = c.rad([
    [0, "#2a2e3d"],
    [1, "#0d0f17"],
  ]);
  const top = `<g transform="translate(0 120) scale(1 .72)">
    ${rect(110, 190, 580, 470, 30, wood)}
    ${rect(124, 204, 552, 442, 22, "none", `stroke="#fff" stroke-opacity=".25" stroke-width="3"`)}
    <g transform="translate(350 420)">
      ${circle(0, 0, 188, "#9ea4b3")}
      ${circle(0, 0, 178, vinyl)}
      ${grooves}
      ${path("M-150 -70 A165 165 0 0 1 -40 -160 L-30 -120 A125 125 0 0 0 -112 -52 Z", "#fff", 'opacity=".12"')}
      ${circle(0, 0, 56, p.accent)}
      ${circle(0, 0, 40, lighten(p.accent, 0.25))}
      ${circle(0, 0, 7, "#dfe3ec")}
    </g>
    ${circle(608, 268, 40, "#c9ced9")}
    ${circle(608, 268, 24, "#8d93a3")}
    <path d="M608 268 L620 470 L520 560" fill="none" stroke="#e7eaf1" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    ${rect(500, 548, 44, 28, 6, DARK, 'transform="rotate(-40 522 562)"')}
    ${circle(184, 600, 16, "#e7eaf1")}${circle(232, 600, 16, "#e7eaf1")}
    ${circle(640, 600, 12, p.accent)}
  </g>`;
  return [
    path("M110 560 V604 Q110 626 134 626 H666 Q690 626 690 604 V560 Z", darken(p.wood, 0.3)),
    top,
    rect(140, 622, 44, 16, 4, DARK),
    rect(616, 622, 44, 16, 4, DARK),
  ].join("");
}
