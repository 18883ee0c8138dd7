// Electronics illustrations. Each function gets (ctx, palette) and returns SVG
// markup in an 800x800 coordinate space, product centred around (400, 400).
import { rect, circle, ellipse, path, lighten, darken } from "../lib/svg.mjs";

const DARK = "#1f2433";

function screenArt(c, x, y, w, h, a, b) {
  // Abstract wallpaper: gradient + two soft waves + sun.
  const clip = c.clip(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/>`);
  const bgF = c.lin([lighten(a, 0.15), b], 0, 0, 1, 1);
  const wave1 = `M${x} ${y + h * 0.62} C${x + w * 0.3} ${y + h * 0.45} ${x + w * 0.6} ${y + h * 0.85} ${x + w} ${y + h * 0.55} V${y + h} H${x} Z`;
  const wave2 = `M${x} ${y + h * 0.8} C${x + w * 0.35} ${y + h * 0.68} ${x + w * 0.65} ${y + h * 0.98} ${x + w} ${y + h * 0.75} V${y + h} H${x} Z`;
  return `<g clip-path="${clip}">${rect(x, y, w, h, 0, bgF)}${circle(x + w * 0.72, y + h * 0.32, Math.min(w, h) * 0.14, "#fff", 'opacity=".55"')}${path(wave1, "#ffffff", 'opacity=".22"')}${path(wave2, darken(b, 0.25), 'opacity=".45"')}${path(`M${x} ${y} L${x + w * 0.45} ${y} L${x} ${y + h * 0.6} Z`, "#fff", 'opacity=".08"')}</g>`;
}

function headphones(c, p) {
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

function laptop(c, p) {
  const lid = c.lin([lighten(DARK, 0.12), DARK]);
  const base = c.lin([lighten(p.main, 0.55), p.main, darken(p.main, 0.25)]);
  return [
    rect(168, 180, 464, 318, 20, lid),
    screenArt(c, 186, 198, 428, 280, p.accent, p.accent2 || darken(p.accent, 0.4)),
    circle(400, 189, 3, "#4a5063"),
    path("M120 498 H680 L716 552 Q718 566 702 566 H98 Q82 566 84 552 Z", base),
    path("M84 552 Q82 566 98 566 H702 Q718 566 716 552 Z", darken(p.main, 0.3)),
    path("M350 498 H450 L444 510 Q442 514 436 514 H364 Q358 514 356 510 Z", darken(p.main, 0.15)),
    path("M130 502 H670 L676 510 H124 Z", "#fff", 'opacity=".45"'),
  ].join("");
}

function smartwatch(c, p) {
  const strap = c.lin([lighten(p.accent, 0.2), p.accent, darken(p.accent, 0.15)], 0, 0, 1, 0);
  const caseF = c.lin([lighten(p.main, 0.5), p.main, darken(p.main, 0.35)], 0, 0, 1, 1);
  const ring = (r, col, frac, w = 16) => {
    const L = 2 * Math.PI * r;
    return `<circle cx="400" cy="400" r="${r}" fill="none" stroke="${col}" stroke-opacity=".22" stroke-width="${w}"/><circle cx="400" cy="400" r="${r}" fill="none" stroke="${col}" stroke-width="${w}" stroke-linecap="round" stroke-dasharray="${(L * frac).toFixed(1)} ${L.toFixed(1)}" transform="rotate(-90 400 400)"/>`;
  };
  const holes = [560, 592, 624].map((y) => ellipse(400, y, 7, 5, darken(p.accent, 0.35))).join("");
  return [
    rect(332, 120, 136, 200, 36, strap),
    rect(332, 480, 136, 190, 36, strap),
    holes,
    rect(496, 340, 22, 60, 8, darken(p.main, 0.2)),
    rect(494, 420, 14, 40, 6, darken(p.main, 0.25)),
    rect(292, 258, 212, 284, 70, caseF),
    rect(308, 274, 180, 252, 58, "#0c1020"),
    ring(84, "#ff4d6d", 0.78),
    ring(62, "#b8f35b", 0.62),
    ring(40, "#40c9ff", 0.86),
    path("M316 330 Q320 282 370 280 H420 Q340 300 316 380 Z", "#fff", 'opacity=".12"'),
  ].join("");
}

function camera(c, p) {
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

function speaker(c, p) {
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

function phone(c, p) {
  const back = c.lin([lighten(p.main, 0.35), p.main, darken(p.main, 0.2)], 0, 0, 1, 1);
  const frame = c.lin([lighten(p.main, 0.6), darken(p.main, 0.2)], 0, 0, 1, 1);
  const lens = c.rad(
    [
      [0, "#4b5a8a"],
      [0.6, "#111524"],
      [1, "#05070d"],
    ],
    0.4,
    0.4,
    0.6,
  );
  const backPhone = `<g transform="rotate(12 470 400)">
    ${rect(380, 150, 240, 490, 42, frame)}${rect(386, 156, 228, 478, 38, back)}
    ${rect(404, 176, 112, 126, 30, darken(p.main, 0.15), 'opacity=".9"')}
    ${circle(436, 210, 22, "#1a1d29")}${circle(436, 210, 14, lens)}
    ${circle(436, 268, 22, "#1a1d29")}${circle(436, 268, 14, lens)}
    ${circle(488, 239, 22, "#1a1d29")}${circle(488, 239, 14, lens)}
    ${circle(490, 196, 6, "#fff2c4")}
    ${path("M420 156 H470 L386 420 V200 Q386 156 420 156 Z", "#fff", 'opacity=".12"')}
  </g>`;
  const front = `<g transform="rotate(-6 330 420)">
    ${rect(200, 170, 244, 500, 44, frame)}${rect(206, 176, 232, 488, 40, "#0b0d16")}
    ${screenArt(c, 216, 186, 212, 468, p.accent, p.accent2 || darken(p.accent, 0.45))}
    ${rect(286, 200, 72, 22, 11, "#0b0d16")}
    ${rect(292, 638, 60, 5, 2.5, "#fff", 'opacity=".8"')}
    ${[0, 1, 2, 3].map((i) => rect(236 + i * 46, 560, 34, 34, 10, "#fff", 'opacity=".28"')).join("")}
  </g>`;
  return backPhone + front;
}

function keyboard(c, p) {
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

function earbuds(c, p) {
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

function tablet(c, p) {
  const frame = c.lin([lighten(p.main, 0.6), darken(p.main, 0.2)], 0, 0, 1, 1);
  const pen = c.lin(["#ffffff", "#dfe3ec"], 0, 0, 1, 0);
  const sx = 238;
  const sy = 168;
  const sw = 304;
  const sh = 424;
  const canvas = c.clip(`<rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" rx="10"/>`);
  const art = `<g clip-path="${canvas}">
    ${rect(sx, sy, sw, sh, 0, "#fbfaf7")}
    ${rect(sx, sy, 44, sh, 0, "#eef0f5")}
    ${[0, 1, 2, 3, 4].map((i) => circle(sx + 22, sy + 40 + i * 42, 12, [p.accent, "#ffb703", "#06d6a0", "#118ab2", "#ef476f"][i])).join("")}
    ${circle(sx + 170, sy + 150, 70, lighten(p.accent, 0.3))}
    ${path(`M${sx + 60} ${sy + 330} Q${sx + 140} ${sy + 220} ${sx + 220} ${sy + 300} T${sx + 300} ${sy + 250} V${sy + sh} H${sx + 44} Z`, "#06d6a0", 'opacity=".85"')}
    ${path(`M${sx + 44} ${sy + 370} Q${sx + 160} ${sy + 300} ${sx + 300} ${sy + 360} V${sy + sh} H${sx + 44} Z`, "#118ab2")}
    <path d="M${sx + 90} ${sy + 110} q40 -40 80 0 t80 0" fill="none" stroke="${darken(p.accent, 0.3)}" stroke-width="6" stroke-linecap="round"/>
  </g>`;
  return [
    rect(216, 146, 348, 468, 34, frame),
    rect(224, 154, 332, 452, 28, "#121522"),
    art,
    path("M238 168 H400 L238 420 Z", "#fff", 'opacity=".12"'),
    `<g transform="rotate(24 600 420)">
      ${rect(588, 200, 22, 400, 11, pen)}
      ${path("M588 590 H610 L603 632 Q599 642 595 632 Z", pen)}
      ${rect(588, 200, 22, 30, 11, p.accent)}
      ${rect(592, 240, 4, 320, 2, "#fff", 'opacity=".8"')}
    </g>`,
  ].join("");
}

function controller(c, p) {
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

function drone(c, p) {
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

function monitor(c, p) {
  const stand = c.lin([lighten(p.main, 0.6), p.main, darken(p.main, 0.25)], 0, 0, 1, 0);
  const sx = 130;
  const sy = 160;
  const sw = 540;
  const sh = 330;
  const clip = c.clip(`<rect x="${sx + 10}" y="${sy + 10}" width="${sw - 20}" height="${sh - 30}" rx="4"/>`);
  const sky = c.lin([lighten(p.accent, 0.55), lighten(p.accent, 0.1)]);
  const art = `<g clip-path="${clip}">
    ${rect(sx, sy, sw, sh, 0, sky)}
    ${circle(520, 260, 46, "#fff8e1")}
    ${path(`M${sx} 420 L260 300 L350 380 L450 270 L${sx + sw} 410 V${sy + sh} H${sx} Z`, darken(p.accent, 0.2), 'opacity=".75"')}
    ${path(`M${sx} 460 L230 390 L340 440 L470 360 L${sx + sw} 450 V${sy + sh} H${sx} Z`, darken(p.accent, 0.45))}
    ${path(`M450 270 L474 292 L458 300 L440 290 L430 288 Z`, "#fff", 'opacity=".8"')}
  </g>`;
  return [
    path("M370 488 H430 L446 600 H354 Z", stand),
    rect(290, 594, 220, 26, 13, stand),
    rect(sx, sy, sw, sh, 16, "#1b1f2c"),
    art,
    circle(400, sy + sh - 10, 3, p.accent),
    path(`M${sx + 10} ${sy + 10} H380 L${sx + 10} ${sy + 220} Z`, "#fff", 'opacity=".1"'),
  ].join("");
}

function mouse(c, p) {
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

function turntable(c, p) {
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

const electronics = {
  headphones,
  laptop,
  smartwatch,
  camera,
  speaker,
  phone,
  keyboard,
  earbuds,
  tablet,
  controller,
  drone,
  monitor,
  mouse,
  turntable,
};

export default electronics;
