// Electronics with a screen, and the abstract wallpaper their screens show.
import { rect, circle, ellipse, path, lighten, darken } from "../../lib/svg.mjs";
import { DARK } from "./dark.mjs";

function screenArt(c, x, y, w, h, a, b) {
  // Abstract wallpaper: gradient + two soft waves + sun.
  const clip = c.clip(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/>`);
  const bgF = c.lin([lighten(a, 0.15), b], 0, 0, 1, 1);
  const wave1 = `M${x} ${y + h * 0.62} C${x + w * 0.3} ${y + h * 0.45} ${x + w * 0.6} ${y + h * 0.85} ${x + w} ${y + h * 0.55} V${y + h} H${x} Z`;
  const wave2 = `M${x} ${y + h * 0.8} C${x + w * 0.35} ${y + h * 0.68} ${x + w * 0.65} ${y + h * 0.98} ${x + w} ${y + h * 0.75} V${y + h} H${x} Z`;
  return `<g clip-path="${clip}">${rect(x, y, w, h, 0, bgF)}${circle(x + w * 0.72, y + h * 0.32, Math.min(w, h) * 0.14, "#fff", 'opacity=".55"')}${path(wave1, "#ffffff", 'opacity=".22"')}${path(wave2, darken(b, 0.25), 'opacity=".45"')}${path(`M${x} ${y} L${x + w * 0.45} ${y} L${x} ${y + h * 0.6} Z`, "#fff", 'opacity=".08"')}</g>`;
}

export function laptop(c, p) {
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

export function smartwatch(c, p) {
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

export function phone(c, p) {
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

export function tablet(c, p) {
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

export function monitor(c, p) {
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
