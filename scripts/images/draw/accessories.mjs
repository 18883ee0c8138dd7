// Accessories illustrations (bags, eyewear, leather goods, headwear ...).
import { rect, circle, ellipse, path, lighten, darken } from "../lib/svg.mjs";

const stitch = (d, col, extra = "") =>
  `<path d="${d}" fill="none" stroke="${col}" stroke-width="3" stroke-dasharray="10 7" stroke-linecap="round" ${extra}/>`;

function backpack(c, p) {
  const body = c.lin([lighten(p.main, 0.2), p.main, darken(p.main, 0.25)], 0, 0, 1, 1);
  const pocket = c.lin([lighten(p.accent, 0.15), darken(p.accent, 0.2)], 0, 0, 1, 1);
  const strap = darken(p.main, 0.4);
  return [
    // shoulder straps peeking out behind
    path("M262 300 C200 360 206 520 236 620 L262 610 C244 520 240 380 286 320 Z", strap),
    path("M538 300 C600 360 594 520 564 620 L538 610 C556 520 560 380 514 320 Z", strap),
    `<path d="M350 214 C350 150 450 150 450 214" fill="none" stroke="${strap}" stroke-width="20" stroke-linecap="round"/>`,
    path("M250 330 C250 240 310 200 400 200 C490 200 550 240 550 330 V600 Q550 640 510 640 H290 Q250 640 250 600 Z", body),
    stitch("M268 330 C268 252 322 218 400 218 C478 218 532 252 532 330", lighten(p.main, 0.35)),
    // lid zip
    `<path d="M262 360 C300 300 500 300 538 360" fill="none" stroke="${darken(p.main, 0.35)}" stroke-width="6" stroke-linecap="round"/>`,
    rect(480, 318, 14, 40, 7, "#e9ecf3", 'transform="rotate(28 487 338)"'),
    // front pocket
    path("M282 460 Q282 420 322 420 H478 Q518 420 518 460 V590 Q518 622 486 622 H314 Q282 622 282 590 Z", pocket),
    stitch("M296 466 Q296 434 328 434 H472 Q504 434 504 466 V584 Q504 608 480 608 H320 Q296 608 296 584 Z", lighten(p.accent, 0.4)),
    `<path d="M300 462 H500" stroke="${darken(p.accent, 0.4)}" stroke-width="6" stroke-linecap="round"/>`,
    rect(442, 452, 12, 36, 6, "#e9ecf3"),
    rect(364, 510, 72, 40, 10, lighten(p.accent, 0.55)),
    rect(376, 524, 48, 12, 6, darken(p.accent, 0.25), 'opacity=".8"'),
    // side compression straps
    rect(244, 470, 20, 70, 6, strap),
    rect(536, 470, 20, 70, 6, strap),
    path("M282 230 C320 206 360 204 390 204 C330 220 300 250 290 300 Z", "#fff", 'opacity=".18"'),
  ].join("");
}

function sunglasses(c, p) {
  const frame = c.lin([lighten(p.main, 0.25), p.main, darken(p.main, 0.3)]);
  const lensF = c.lin(
    [
      [0, darken(p.accent, 0.15)],
      [0.55, darken(p.accent, 0.55)],
      [1, "#0c0f1c"],
    ],
    0,
    0,
    0.3,
    1,
  );
  const lens = "M-150 -70 H-10 Q10 -70 6 -40 L-6 40 Q-14 90 -70 90 H-100 Q-150 90 -158 40 L-166 -40 Q-170 -70 -150 -70 Z";
  const lensInner = "M-146 -56 H-18 Q-6 -56 -8 -40 L-20 36 Q-26 74 -70 74 H-98 Q-136 74 -142 36 L-152 -40 Q-154 -56 -146 -56 Z";
  const side = (sx) => `<g transform="translate(${400 + sx * 36} 430) scale(${-sx} 1)">
      ${path(lens, frame)}
      ${path(lensInner, lensF)}
      ${path("M-130 -50 L-90 -50 L-140 40 Z", "#fff", 'opacity=".28"')}
      ${path("M-78 -50 L-60 -50 L-110 50 L-124 50 Z", "#fff", 'opacity=".16"')}
    </g>`;
  return [
    // temples going back
    // temples folded behind the frame
    path("M214 372 H586 L580 388 H220 Z", darken(p.main, 0.45)),
    rect(184, 366, 36, 22, 8, darken(p.main, 0.2)),
    rect(580, 366, 36, 22, 8, darken(p.main, 0.2)),
    side(-1),
    side(1),
    `<path d="M364 388 Q400 362 436 388" fill="none" stroke="${frame}" stroke-width="18" stroke-linecap="round"/>`,
    circle(200, 377, 5, "#dfe3ec"),
    circle(600, 377, 5, "#dfe3ec"),
  ].join("");
}

function wallet(c, p) {
  const leather = c.lin([lighten(p.main, 0.18), p.main, darken(p.main, 0.22)], 0, 0, 1, 1);
  const card = (x, y, rot, col) =>
    `<g transform="rotate(${rot} ${x + 120} ${y + 75})">${rect(x, y, 240, 150, 14, col)}${rect(x + 24, y + 34, 40, 30, 6, "#f4d58d")}${rect(x + 24, y + 96, 120, 10, 5, "#fff", 'opacity=".55"')}${circle(x + 200, y + 40, 16, "#fff", 'opacity=".35"')}</g>`;
  return [
    card(240, 240, -12, p.accent),
    card(330, 228, 8, p.accent2),
    card(290, 262, -2, "#2d3142"),
    rect(190, 330, 420, 290, 30, leather),
    stitch("M220 350 H580 Q590 350 590 360 V590 Q590 600 580 600 H220 Q210 600 210 590 V360 Q210 350 220 350 Z", lighten(p.main, 0.45)),
    path("M190 330 H610 V400 Q610 410 600 412 L200 412 Q190 410 190 400 Z", darken(p.main, 0.12)),
    path("M470 380 H640 Q660 380 660 400 V470 Q660 490 640 490 H470 Z", darken(p.main, 0.2)),
    stitch("M480 392 H636 Q648 392 648 404 V466 Q648 478 636 478 H480", lighten(p.main, 0.4)),
    circle(600, 435, 20, "#e6c98f"),
    circle(600, 435, 12, "#c9a35e"),
    circle(594, 429, 5, "#fff", 'opacity=".6"'),
    rect(250, 520, 150, 30, 8, darken(p.main, 0.25), 'opacity=".5"'),
    path("M210 338 H560 Q300 350 200 400 V360 Q200 338 210 338 Z", "#fff", 'opacity=".15"'),
  ].join("");
}

function watch(c, p) {
  const strap = c.lin([lighten(p.strap, 0.15), p.strap, darken(p.strap, 0.2)], 0, 0, 1, 0);
  const caseF = c.lin([lighten(p.main, 0.6), p.main, darken(p.main, 0.3)], 0, 0, 1, 1);
  const dial = c.rad(
    [
      [0, lighten(p.accent, 0.25)],
      [1, darken(p.accent, 0.35)],
    ],
    0.45,
    0.4,
    0.65,
  );
  const marks = Array.from({ length: 12 }, (_, i) => {
    const big = i % 3 === 0;
    return `<rect x="-4" y="${-118}" width="8" height="${big ? 26 : 14}" rx="3" fill="#f8f3e6" transform="rotate(${i * 30})"/>`;
  }).join("");
  return [
    path("M344 130 Q344 118 356 118 H444 Q456 118 456 130 L448 300 H352 Z", strap),
    path("M352 520 H448 L456 680 Q456 692 444 692 H356 Q344 692 344 680 Z", strap),
    stitch("M358 132 L364 290 M442 132 L436 290", lighten(p.strap, 0.35)),
    stitch("M364 530 L358 678 M436 530 L442 678", lighten(p.strap, 0.35)),
    rect(368, 600, 64, 18, 6, darken(p.strap, 0.3)),
    ellipse(400, 640, 8, 6, darken(p.strap, 0.4)),
    rect(540, 394, 34, 32, 8, darken(p.main, 0.2)),
    circle(400, 410, 164, caseF),
    circle(400, 410, 146, darken(p.main, 0.4)),
    circle(400, 410, 138, dial),
    `<g transform="translate(400 410)">${marks}
      <rect x="-6" y="-82" width="12" height="96" rx="6" fill="#f8f3e6" transform="rotate(-60)"/>
      <rect x="-5" y="-112" width="10" height="126" rx="5" fill="#f8f3e6" transform="rotate(50)"/>
      <rect x="-2" y="-120" width="4" height="150" rx="2" fill="${p.hand}" transform="rotate(160)"/>
      <circle r="12" fill="#f8f3e6"/><circle r="5" fill="${p.hand}"/></g>`,
    path("M290 330 A138 138 0 0 1 470 290 Q380 300 300 380 Z", "#fff", 'opacity=".12"'),
  ].join("");
}

function cap(c, p) {
  const crown = c.ulin([lighten(p.main, 0.2), p.main, darken(p.main, 0.25)], 200, 250, 600, 560);
  const brim = c.lin([lighten(p.accent, 0.1), darken(p.accent, 0.25)], 0, 0, 1, 1);
  return [
    path("M180 540 C170 360 270 250 410 250 C540 250 620 340 620 470 L620 540 Q400 580 180 540 Z", crown),
    `<path d="M410 252 C380 330 372 430 380 556" fill="none" stroke="${darken(p.main, 0.3)}" stroke-width="4"/>`,
    `<path d="M410 252 C470 310 520 400 540 552" fill="none" stroke="${darken(p.main, 0.3)}" stroke-width="4"/>`,
    `<path d="M410 252 C320 290 250 380 240 548" fill="none" stroke="${darken(p.main, 0.3)}" stroke-width="4"/>`,
    ellipse(410, 252, 26, 10, darken(p.main, 0.2)),
    circle(316, 360, 7, darken(p.main, 0.4)),
    circle(470, 330, 7, darken(p.main, 0.4)),
    path("M540 520 C620 500 700 510 720 540 C736 570 650 596 560 580 Q420 560 360 556 Z", brim),
    path("M180 540 Q400 580 620 540 L620 556 Q400 596 180 556 Z", darken(p.main, 0.35)),
    rect(428, 420, 90, 60, 12, lighten(p.accent, 0.55), 'transform="rotate(6 473 450)"'),
    path("M450 462 L470 436 L490 462 Z", p.accent, 'transform="rotate(6 473 450)"'),
    path("M230 420 C240 340 300 280 380 266 C310 300 262 360 250 440 Z", "#fff", 'opacity=".2"'),
  ].join("");
}

function tote(c, p) {
  const canvas = c.lin([lighten(p.main, 0.1), darken(p.main, 0.08)], 0, 0, 1, 1);
  return [
    `<path d="M320 306 C320 150 480 150 480 306" fill="none" stroke="${darken(p.main, 0.32)}" stroke-width="22" stroke-linecap="round"/>`,
    path("M230 300 H570 L600 640 Q600 650 590 650 H210 Q200 650 200 640 Z", canvas),
    path("M230 300 H570 L572 318 H228 Z", darken(p.main, 0.15)),
    `<path d="M300 372 C300 190 500 190 500 372" fill="none" stroke="${darken(p.main, 0.18)}" stroke-width="22" stroke-linecap="round"/>`,
    rect(284, 300, 32, 84, 6, darken(p.main, 0.12)),
    rect(484, 300, 32, 84, 6, darken(p.main, 0.12)),
    stitch("M290 306 V378 M310 306 V378 M490 306 V378 M510 306 V378", darken(p.main, 0.3)),
    // print: sun over hills
    circle(400, 460, 90, lighten(p.accent, 0.35)),
    circle(400, 440, 44, p.accent2),
    path("M310 500 Q360 460 400 490 T490 490 L490 550 H310 Z", p.accent),
    path("M320 530 Q380 500 420 520 T480 520 L480 552 H320 Z", darken(p.accent, 0.25)),
    rect(300, 580, 200, 8, 4, darken(p.main, 0.25), 'opacity=".5"'),
    path("M240 312 L260 312 L226 620 L212 620 Z", "#fff", 'opacity=".2"'),
  ].join("");
}

function umbrella(c, p) {
  const n = 5;
  const left = 150;
  const right = 650;
  const base = 430;
  const apex = [400, 190];
  const w = (right - left) / n;
  const panels = [];
  for (let i = 0; i < n; i++) {
    const x0 = left + i * w;
    const x1 = x0 + w;
    const col = i % 2 === 0 ? p.accent : p.accent2;
    const grad = c.lin([lighten(col, 0.2), col, darken(col, 0.2)], 0, 0, 0, 1);
    const cx0 = apex[0] + (x0 - apex[0]) * 0.55;
    const cx1 = apex[0] + (x1 - apex[0]) * 0.55;
    panels.push(
      path(
        `M${apex[0]} ${apex[1]} Q${cx0} ${apex[1] + 10} ${x0} ${base} Q${(x0 + x1) / 2} ${base - 46} ${x1} ${base} Q${cx1} ${apex[1] + 10} ${apex[0]} ${apex[1]} Z`,
        grad,
      ),
    );
  }
  return [
    `<path d="M400 170 V190" stroke="${darken(p.main, 0.2)}" stroke-width="10" stroke-linecap="round"/>`,
    `<path d="M400 420 V600 Q400 660 448 660 Q490 660 492 618" fill="none" stroke="${p.main}" stroke-width="14" stroke-linecap="round"/>`,
    `<path d="M400 540 V600 Q400 660 448 660 Q490 660 492 618" fill="none" stroke="${darken(p.main, 0.45)}" stroke-width="22" stroke-linecap="round"/>`,
    ...panels,
    path("M400 190 Q250 210 170 420 Q210 380 240 376 Q290 240 400 190 Z", "#fff", 'opacity=".18"'),
    circle(400, 188, 10, darken(p.main, 0.1)),
    ...Array.from({ length: n + 1 }, (_, i) => circle(left + i * w, base, 6, darken(p.main, 0.2))).join(""),
  ].join("");
}

function belt(c, p) {
  const leather = c.lin([lighten(p.main, 0.2), p.main, darken(p.main, 0.25)], 0, 0, 0, 1);
  const back = darken(p.main, 0.35);
  const metal = c.lin([lighten(p.metal, 0.5), p.metal, darken(p.metal, 0.3)], 0, 0, 1, 1);
  return [
    // coiled belt seen in 3/4 view: back band, inner coil, front band
    `<ellipse cx="400" cy="430" rx="240" ry="150" fill="none" stroke="${back}" stroke-width="56"/>`,
    `<ellipse cx="400" cy="430" rx="170" ry="100" fill="none" stroke="${darken(p.main, 0.2)}" stroke-width="48"/>`,
    `<ellipse cx="400" cy="430" rx="170" ry="100" fill="none" stroke="${lighten(p.main, 0.35)}" stroke-width="2" stroke-dasharray="9 7" opacity=".8"/>`,
    `<path d="M160 430 A240 150 0 0 0 640 430" fill="none" stroke="${leather}" stroke-width="56"/>`,
    `<path d="M178 448 A222 134 0 0 0 622 448" fill="none" stroke="${lighten(p.main, 0.4)}" stroke-width="3" stroke-dasharray="10 7"/>`,
    // holes on inner coil
    ...[0, 1, 2, 3].map((i) => ellipse(294 + i * 36, 344 - (i === 0 || i === 3 ? -6 : 0), 6, 5, darken(p.main, 0.55))),
    // buckle
    rect(336, 528, 128, 104, 22, "none", `stroke="${metal}" stroke-width="20"`),
    rect(396, 520, 8, 120, 4, metal),
    path("M190 500 Q300 570 400 580", "none", `stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".25"`),
  ].join("");
}

function flask(c, p) {
  const body = c.lin([darken(p.accent, 0.25), lighten(p.accent, 0.25), p.accent, darken(p.accent, 0.3)], 0, 0, 1, 0);
  const steel = c.lin([darken(p.main, 0.2), lighten(p.main, 0.6), p.main, darken(p.main, 0.35)], 0, 0, 1, 0);
  return [
    `<path d="M350 190 C350 130 450 130 450 190" fill="none" stroke="${darken(p.main, 0.4)}" stroke-width="16"/>`,
    rect(338, 170, 124, 76, 20, steel),
    rect(338, 234, 124, 12, 0, darken(p.main, 0.4), 'opacity=".6"'),
    path(
      "M346 246 H454 V262 Q454 272 466 282 L480 300 Q492 314 492 336 V622 Q492 660 454 660 H346 Q308 660 308 622 V336 Q308 314 320 300 L334 282 Q346 272 346 262 Z",
      body,
    ),
    rect(308, 540, 184, 40, 0, darken(p.accent, 0.2), 'opacity=".35"'),
    rect(308, 380, 184, 4, 0, "#fff", 'opacity=".35"'),
    rect(340, 300, 18, 310, 9, "#fff", 'opacity=".45"'),
    rect(370, 300, 6, 310, 3, "#fff", 'opacity=".2"'),
    rect(352, 440, 96, 54, 10, "#fff", 'opacity=".85"'),
    circle(376, 467, 12, p.accent),
    rect(394, 460, 42, 6, 3, darken(p.accent, 0.3)),
    rect(394, 472, 30, 6, 3, darken(p.accent, 0.3), 'opacity=".6"'),
  ].join("");
}

function beanie(c, p) {
  const knit = c.ulin([lighten(p.main, 0.2), p.main, darken(p.main, 0.25)], 0, 260, 0, 640);
  const ribs = c.pattern(
    22,
    40,
    `<rect width="22" height="40" fill="${darken(p.main, 0.1)}"/><rect x="2" width="12" height="40" rx="6" fill="${lighten(p.main, 0.12)}"/>`,
  );
  const vs = c.pattern(
    36,
    30,
    `<path d="M4 6 L18 22 L32 6" fill="none" stroke="${darken(p.main, 0.18)}" stroke-width="4" stroke-linecap="round" opacity=".6"/>`,
  );
  const pom = [];
  for (let i = 0; i < 22; i++) {
    const a = (i / 22) * Math.PI * 2;
    pom.push(
      circle((400 + Math.cos(a) * 62).toFixed(1), (220 + Math.sin(a) * 56).toFixed(1), 22, i % 2 ? p.accent : lighten(p.accent, 0.12)),
    );
  }
  const pomBody = c.rad(
    [
      [0, lighten(p.accent, 0.35)],
      [1, p.accent],
    ],
    0.4,
    0.35,
  );
  return [
    ...pom,
    ellipse(400, 220, 72, 64, pomBody),
    path("M200 520 C200 340 290 258 400 258 C510 258 600 340 600 520 Z", knit),
    path("M200 520 C200 340 290 258 400 258 C510 258 600 340 600 520 Z", vs),
    path("M180 500 Q400 470 620 500 V610 Q400 640 180 610 Z", ribs),
    path(
      "M180 500 Q400 470 620 500 V610 Q400 640 180 610 Z",
      c.lin([
        [0, "#fff", 0.18],
        [1, "#000", 0.18],
      ]),
    ),
    rect(500, 530, 70, 46, 8, lighten(p.accent, 0.55), 'transform="rotate(-4 535 553)"'),
    path("M250 430 C260 360 300 310 360 284 C310 330 280 380 270 440 Z", "#fff", 'opacity=".2"'),
  ].join("");
}

const accessories = { backpack, sunglasses, wallet, watch, cap, tote, umbrella, belt, flask, beanie };

export default accessories;
