// Sport & fitness illustrations.
import { rect, circle, ellipse, path, text, lighten, darken, FONT_SANS } from "../lib/svg.mjs";

const CHROME = ["#f4f6fa", "#aab1c0", "#e8ebf2", "#7b8496"];

function dumbbells(c, p) {
  const chrome = c.lin(CHROME, 0, 0, 0, 1);
  const head = c.lin([lighten(p.main, 0.25), p.main, darken(p.main, 0.35)], 0, 0, 0, 1);
  const hex = (x, y, r, col) => {
    const pts = Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${(x + Math.cos(a) * r * 0.45).toFixed(1)},${(y + Math.sin(a) * r).toFixed(1)}`;
    }).join(" ");
    return `<polygon points="${pts}" fill="${col}"/>`;
  };
  const bell = (x, y, s, dim) => {
    const g = [];
    g.push(rect(x - 150, y - 14, 300, 28, 10, chrome));
    g.push(
      `<path d="M${x - 70} ${y - 14} V${y + 14} M${x - 50} ${y - 14} V${y + 14} M${x - 30} ${y - 14} V${y + 14} M${x + 30} ${y - 14} V${y + 14} M${x + 50} ${y - 14} V${y + 14} M${x + 70} ${y - 14} V${y + 14}" stroke="#8a93a6" stroke-width="2"/>`,
    );
    for (const side of [-1, 1]) {
      const hx = x + side * 150;
      g.push(rect(hx - 50, y - 92, 100, 184, 14, head));
      g.push(rect(hx - 50, y - 92 + 46, 100, 92, 0, "#fff", 'opacity=".08"'));
      g.push(
        `<path d="M${hx - 50} ${y - 46} H${hx + 50} M${hx - 50} ${y + 46} H${hx + 50}" stroke="${darken(p.main, 0.45)}" stroke-width="3"/>`,
      );
      g.push(hex(hx + side * 50, y, 92, darken(p.main, 0.2)));
      g.push(hex(hx + side * 50, y, 70, p.main));
      g.push(rect(hx - side * 58 - 8, y - 30, 16, 60, 5, chrome));
    }
    g.push(rect(x + 150 - 28, y - 24, 56, 48, 8, p.accent));
    g.push(text(x + 150, y + 11, p.label || "10", { size: 28, fill: "#fff", family: FONT_SANS }));
    g.push(rect(x - 150 - 28, y - 24, 56, 48, 8, p.accent));
    g.push(text(x - 150, y + 11, p.label || "10", { size: 28, fill: "#fff", family: FONT_SANS }));
    return `<g transform="translate(${x} ${y}) scale(${s}) translate(${-x} ${-y})" ${dim ? 'opacity=".95"' : ""}>${g.join("")}</g>`;
  };
  return bell(430, 330, 0.82, true) + bell(380, 500, 1, false);
}

function soccer(c, p) {
  const R = 180;
  const cx = 400;
  const cy = 420;
  const clip = c.clip(`<circle cx="${cx}" cy="${cy}" r="${R}"/>`);
  const pent = (x, y, r, rot, col) => {
    const pts = Array.from({ length: 5 }, (_, i) => {
      const a = ((Math.PI * 2) / 5) * i - Math.PI / 2 + rot;
      return `${(x + Math.cos(a) * r).toFixed(1)},${(y + Math.sin(a) * r).toFixed(1)}`;
    }).join(" ");
    return `<polygon points="${pts}" fill="${col}" stroke="${darken(p.main, 0.2)}" stroke-width="3" stroke-linejoin="round"/>`;
  };
  const pc = [cx, cy - 6];
  const r0 = 58;
  const D = 178;
  const r1 = 58;
  const parts = [circle(cx, cy, R, "#fbfbfd"), pent(pc[0], pc[1], r0, 0, p.main)];
  const seams = [];
  const at = (a, r) => [pc[0] + Math.cos(a) * r, pc[1] + Math.sin(a) * r];
  const f = (q) => `${q[0].toFixed(1)} ${q[1].toFixed(1)}`;
  const step = (Math.PI * 2) / 5;
  for (let i = 0; i < 5; i++) {
    const a = step * i - Math.PI / 2;
    // outer pentagon sits in the direction of a centre vertex, pointing inwards
    const oc = at(a, D);
    parts.push(pent(oc[0], oc[1], r1, a + Math.PI / 2 + Math.PI, i % 2 ? p.main : p.accent));
    const inner = at(a, D - r1);
    seams.push(`M${f(at(a, r0))} L${f(inner)}`);
    // hexagon edges: from outer pentagon's side vertices towards the rim
    for (const sgn of [-1, 1]) {
      const v = [oc[0] + Math.cos(a + Math.PI + sgn * step) * r1, oc[1] + Math.sin(a + Math.PI + sgn * step) * r1];
      const out = at(a + sgn * step * 0.5, D + 40);
      seams.push(`M${f(v)} L${f(out)}`);
    }
  }
  const shade = c.rad(
    [
      [0, "#ffffff", 0],
      [0.6, "#ffffff", 0],
      [1, darken(p.main, 0.3), 0.45],
    ],
    0.38,
    0.32,
    0.75,
  );
  return [
    `<g clip-path="${clip}">${parts[0]}<path d="${seams.join(" ")}" stroke="${darken(p.main, 0.2)}" stroke-width="3" fill="none"/>${parts.slice(1).join("")}</g>`,
    circle(cx, cy, R, shade),
    ellipse(cx - 70, cy - 90, 60, 34, "#fff", 'opacity=".45" transform="rotate(-35 330 330)"'),
  ].join("");
}

function yogaMat(c, p) {
  const roll = c.lin([lighten(p.accent, 0.25), p.accent, darken(p.accent, 0.3)], 0, 0, 0, 1);
  const flat = c.lin([lighten(p.accent, 0.1), darken(p.accent, 0.1)], 0, 0, 0, 1);
  const dots = c.pattern(18, 18, `<circle cx="9" cy="9" r="2" fill="${darken(p.accent, 0.25)}" opacity=".35"/>`);
  const spiral = [86, 72, 58, 44, 30]
    .map(
      (r, i) =>
        `<ellipse cx="230" cy="400" rx="${(r * 0.48).toFixed(1)}" ry="${r}" fill="none" stroke="${i % 2 ? darken(p.accent, 0.35) : lighten(p.accent, 0.15)}" stroke-width="10"/>`,
    )
    .join("");
  return [
    // unrolled part lying on the floor
    path("M200 470 H620 L680 620 H140 Z", flat),
    path("M200 470 H620 L680 620 H140 Z", dots),
    path("M140 620 H680 V632 H140 Z", darken(p.accent, 0.35)),
    // roll
    rect(230, 300, 380, 200, 0, roll),
    ellipse(610, 400, 44, 100, darken(p.accent, 0.25)),
    ellipse(230, 400, 48, 100, lighten(p.accent, 0.1)),
    spiral,
    ellipse(230, 400, 10, 18, darken(p.accent, 0.5)),
    // carry strap
    rect(330, 292, 34, 216, 6, p.strap),
    rect(490, 292, 34, 216, 6, p.strap),
    `<path d="M347 292 C360 200 500 200 507 292" fill="none" stroke="${p.strap}" stroke-width="18" stroke-linecap="round"/>`,
    rect(230, 318, 380, 22, 0, "#fff", 'opacity=".25"'),
  ].join("");
}

function racket(c, p) {
  const frame = c.lin([lighten(p.main, 0.3), p.main, darken(p.main, 0.3)], 0, 0, 1, 1);
  const clip = c.clip(`<ellipse cx="400" cy="300" rx="108" ry="148"/>`);
  const strings = [];
  for (let x = 300; x <= 500; x += 22) strings.push(`M${x} 140 V460`);
  for (let y = 160; y <= 450; y += 22) strings.push(`M280 ${y} H520`);
  const ball = c.rad(
    [
      [0, "#f4ff8a"],
      [1, "#b8d62a"],
    ],
    0.35,
    0.35,
    0.7,
  );
  return [
    `<g transform="rotate(-32 400 420)">`,
    ellipse(400, 300, 126, 166, darken(p.main, 0.4)),
    `<g clip-path="${clip}"><rect x="280" y="140" width="240" height="320" fill="${darken(p.main, 0.55)}" opacity=".25"/><path d="${strings.join(" ")}" stroke="#f4f6fa" stroke-width="3" opacity=".9"/></g>`,
    `<ellipse cx="400" cy="300" rx="117" ry="157" fill="none" stroke="${frame}" stroke-width="20"/>`,
    `<ellipse cx="400" cy="300" rx="117" ry="157" fill="none" stroke="${p.accent}" stroke-width="5" stroke-dasharray="120 380" stroke-dashoffset="60"/>`,
    path("M340 440 Q400 500 400 560 Q400 500 460 440 L446 432 Q400 470 354 432 Z", frame),
    path("M386 540 H414 V590 H386 Z", frame),
    rect(380, 580, 40, 160, 12, "#2b2d42"),
    ...[0, 1, 2, 3, 4, 5, 6].map(
      (i) => `<path d="M380 ${596 + i * 20} L420 ${588 + i * 20}" stroke="${p.accent}" stroke-width="4" opacity=".8"/>`,
    ),
    rect(376, 732, 48, 16, 6, p.accent),
    `</g>`,
    `<g transform="translate(-300 20)">`,
    circle(560, 560, 56, ball),
    `<path d="M516 526 C550 546 556 590 536 612" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`,
    `<path d="M584 508 C566 530 570 576 606 592" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`,
    `</g>`,
  ].join("");
}

function basketball(c, p) {
  const ball = c.rad(
    [
      [0, lighten(p.accent, 0.25)],
      [0.7, p.accent],
      [1, darken(p.accent, 0.3)],
    ],
    0.38,
    0.32,
    0.75,
  );
  const pebble = c.pattern(12, 12, `<circle cx="6" cy="6" r="1.6" fill="${darken(p.accent, 0.35)}" opacity=".35"/>`);
  const seam = (d) => `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="8" stroke-linecap="round"/>`;
  return [
    circle(400, 420, 180, ball),
    circle(400, 420, 180, pebble),
    seam("M400 240 V600"),
    seam("M220 420 H580"),
    seam("M272 294 C330 360 330 480 272 546"),
    seam("M528 294 C470 360 470 480 528 546"),
    ellipse(330, 330, 54, 30, "#fff", 'opacity=".3" transform="rotate(-35 330 330)"'),
    text(470, 392, p.brand || "COURT", {
      size: 22,
      fill: p.ink,
      family: FONT_SANS,
      spacing: 2,
      extra: 'opacity=".7" transform="rotate(8 470 392)"',
    }),
  ].join("");
}

function shoe(c, p) {
  const upper = c.lin([lighten(p.main, 0.25), p.main, darken(p.main, 0.2)], 0, 0, 0.4, 1);
  const mesh = c.pattern(10, 10, `<circle cx="5" cy="5" r="1.8" fill="#fff" opacity=".22"/>`);
  const mid = c.lin(["#ffffff", "#e4e7ef"], 0, 0, 0, 1);
  const upperD =
    "M176 520 C168 450 176 380 206 332 C238 318 276 340 306 356 C326 326 350 300 384 296 C402 300 408 318 404 338 C470 376 560 414 626 448 C664 468 668 504 646 520 Z";
  return [
    path(upperD, upper),
    path(upperD, mesh),
    // decorative wave band
    path(
      "M200 470 C280 440 360 470 440 430 C500 400 560 420 630 460 L640 490 C560 460 500 450 440 470 C360 510 280 490 196 500 Z",
      p.accent,
    ),
    // heel counter
    path("M176 520 C170 460 176 400 200 350 C216 400 236 450 250 520 Z", darken(p.main, 0.25)),
    rect(196, 322, 24, 44, 8, p.accent, 'transform="rotate(-12 208 344)"'),
    // tongue & laces
    path("M306 356 C330 320 352 300 384 296 C370 320 360 340 350 372 Z", lighten(p.main, 0.35)),
    ...[0, 1, 2, 3, 4].map(
      (i) => `<path d="M${352 + i * 32} ${354 + i * 16} l24 -22" stroke="#fff" stroke-width="9" stroke-linecap="round"/>`,
    ),
    // midsole & outsole
    path("M166 516 H650 C676 518 680 548 658 566 C630 588 560 590 520 586 H220 C180 586 160 560 166 516 Z", mid),
    `<path d="M190 548 C300 556 420 540 520 552 C570 556 620 552 660 540" fill="none" stroke="#c9cedb" stroke-width="3"/>`,
    path(
      "M180 580 C200 596 220 600 240 600 H520 C570 604 630 600 660 570 C640 590 600 592 560 592 H220 C200 592 186 588 180 580 Z",
      p.accent2,
    ),
    path("M230 352 C260 346 290 360 300 366 L240 380 Z", "#fff", 'opacity=".25"'),
  ].join("");
}

function kettlebell(c, p) {
  const iron = c.ulin([lighten(p.main, 0.3), p.main, darken(p.main, 0.4)], 250, 240, 550, 640);
  return [
    `<path d="M300 420 C280 300 300 200 400 200 C500 200 520 300 500 420" fill="none" stroke="${iron}" stroke-width="46" stroke-linecap="round"/>`,
    `<path d="M316 330 C310 260 340 222 400 222" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".25"/>`,
    path("M290 620 C230 580 226 470 270 420 C310 376 352 364 400 364 C448 364 490 376 530 420 C574 470 570 580 510 620 Z", iron),
    ellipse(400, 620, 112, 14, darken(p.main, 0.5)),
    ellipse(350, 430, 46, 26, "#fff", 'opacity=".2" transform="rotate(-25 350 430)"'),
    rect(342, 482, 116, 70, 14, p.accent),
    text(400, 530, p.label || "16 KG", { size: 30, fill: "#fff", family: FONT_SANS }),
  ].join("");
}

function jumpRope(c, p) {
  const handle = (x, y, rot) => {
    const g = c.lin([lighten(p.accent, 0.25), p.accent, darken(p.accent, 0.3)], 0, 0, 1, 0);
    return `<g transform="rotate(${rot} ${x} ${y})">${rect(x - 22, y - 100, 44, 200, 22, g)}${rect(x - 22, y - 100, 44, 26, 12, p.main)}${rect(x - 10, y - 120, 20, 28, 6, "#cfd5e1")}${rect(x - 12, y - 70, 6, 150, 3, "#fff", 'opacity=".35"')}</g>`;
  };
  const rope = "M332 410 C240 330 150 190 290 160 C370 142 430 142 510 160 C650 190 560 330 468 410";
  return [
    `<path d="${rope}" fill="none" stroke="${darken(p.main, 0.3)}" stroke-width="14" stroke-linecap="round" opacity=".18" transform="translate(0 14)"/>`,
    `<path d="${rope}" fill="none" stroke="${p.main}" stroke-width="11" stroke-linecap="round"/>`,
    `<path d="M300 200 C360 166 430 164 480 172" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".35"/>`,
    handle(290, 510, 25),
    handle(510, 510, -25),
  ].join("");
}

function helmet(c, p) {
  const shell = c.ulin([lighten(p.main, 0.35), p.main, darken(p.main, 0.3)], 200, 240, 600, 520);
  const shellD = "M176 480 C170 330 300 236 450 240 C580 244 660 330 648 446 C610 470 560 472 520 462 L440 486 C340 510 230 510 176 480 Z";
  const vent = (d) => path(d, "#1f2433");
  return [
    `<path d="M300 500 L360 640 L440 496" fill="none" stroke="#1f2433" stroke-width="10" stroke-linejoin="round"/>`,
    rect(340, 628, 40, 24, 6, "#1f2433"),
    path(shellD, shell),
    path(
      "M176 480 C230 510 340 510 440 486 L520 462 C560 472 610 470 648 446 L644 470 C600 494 556 492 520 484 L444 508 C340 532 226 528 180 500 Z",
      "#1f2433",
    ),
    path("M230 330 C300 290 360 270 440 266 C400 290 350 320 320 360 Z", p.accent),
    vent("M300 330 C350 300 400 290 450 290 C430 310 390 320 350 346 Z"),
    vent("M470 290 C520 292 570 310 600 340 C560 338 520 330 480 320 Z"),
    vent("M300 400 C360 370 430 360 500 366 C470 386 400 396 330 420 Z"),
    vent("M520 370 C560 372 600 384 626 400 C596 408 560 406 530 398 Z"),
    path("M560 440 C600 430 640 420 670 424 C660 446 620 460 570 462 Z", darken(p.main, 0.45)),
    path("M230 400 C260 330 330 280 420 262 C340 300 280 350 250 420 Z", "#fff", 'opacity=".25"'),
    rect(200, 440, 30, 10, 5, "#ff4d6d"),
  ].join("");
}

function bottle(c, p) {
  const plastic = c.lin(
    [
      [0, p.accent, 0.75],
      [0.4, lighten(p.accent, 0.4), 0.65],
      [1, darken(p.accent, 0.2), 0.85],
    ],
    0,
    0,
    1,
    0,
  );
  const water = c.lin(
    [
      [0, lighten(p.water, 0.2), 0.9],
      [1, p.water, 0.95],
    ],
    0,
    0,
    0,
    1,
  );
  const capF = c.lin([lighten(p.main, 0.25), darken(p.main, 0.25)], 0, 0, 1, 0);
  const bodyD =
    "M320 300 H480 Q500 300 500 330 V420 Q486 450 486 480 Q486 510 500 540 V620 Q500 650 470 650 H330 Q300 650 300 620 V540 Q314 510 314 480 Q314 450 300 420 V330 Q300 300 320 300 Z";
  const clip = c.clip(`<path d="${bodyD}"/>`);
  return [
    `<path d="M450 230 C520 200 540 280 490 300" fill="none" stroke="${p.main}" stroke-width="12" stroke-linecap="round"/>`,
    rect(368, 190, 64, 60, 14, capF),
    rect(384, 160, 32, 40, 10, p.main),
    rect(332, 236, 136, 70, 22, capF),
    path(bodyD, plastic),
    `<g clip-path="${clip}">${path("M300 430 Q400 410 500 430 V660 H300 Z", water)}${rect(300, 420, 200, 16, 0, "#fff", 'opacity=".3"')}</g>`,
    ...[0, 1, 2, 3, 4].map((i) => rect(440, 340 + i * 40, i % 2 ? 18 : 30, 5, 2.5, "#fff", 'opacity=".8"')),
    rect(322, 330, 14, 290, 7, "#fff", 'opacity=".5"'),
    rect(340, 520, 120, 60, 12, "#fff", 'opacity=".9"'),
    path("M362 560 L384 534 L400 552 L412 540 L438 566 Z", p.main),
  ].join("");
}

function gloves(c, p) {
  const glove = (dx, dy, s, col, flip = 1) => {
    const leather = c.lin([lighten(col, 0.3), col, darken(col, 0.35)], 0, 0, 1, 1);
    return `<g transform="translate(${dx} ${dy}) scale(${s * flip} ${s})">
      ${path("M-100 -160 C0 -220 140 -190 160 -90 C180 0 140 60 100 80 L100 140 H-80 L-80 80 C-130 50 -160 -20 -150 -90 C-145 -120 -130 -140 -100 -160 Z", leather)}
      ${path("M-138 -40 C-170 -20 -168 40 -130 60 C-100 70 -70 50 -70 20 C-70 0 -100 0 -110 10 Z", darken(col, 0.12))}
      <path d="M-136 -36 C-110 -20 -96 10 -84 40" fill="none" stroke="${darken(col, 0.35)}" stroke-width="4" stroke-linecap="round"/>
      ${path("M-60 -170 C20 -200 110 -180 140 -110 C90 -150 10 -160 -60 -150 Z", "#fff", 'opacity=".3"')}
      ${rect(-96, 80, 212, 140, 22, darken(col, 0.2))}
      ${rect(-104, 112, 228, 54, 12, "#f4f6fa")}
      ${rect(-104, 112, 228, 10, 0, "#d0d5e0")}
      ${rect(90, 118, 16, 44, 4, col)}
      ${path("M-80 80 C0 100 60 96 100 80", "none", `stroke="${darken(col, 0.4)}" stroke-width="4"`)}
    </g>`;
  };
  return glove(470, 360, 0.9, p.accent2, -1) + glove(350, 420, 1, p.accent, 1);
}

function skateboard(c, p) {
  const clip = c.clip(`<rect x="110" y="330" width="580" height="150" rx="75"/>`);
  const sunset = [p.accent, "#ff9f43", "#ffd166", "#ff6b6b", "#8e5cff"];
  const wheel = (x, y) =>
    `${rect(x - 26, y - 30, 52, 60, 18, "#f8f3e6")}${rect(x - 26, y - 30, 52, 18, 9, "#fff")}${circle(x, y, 8, "#c7c2b4")}`;
  const truck = (x) =>
    `${wheel(x, 306)}${wheel(x, 504)}${rect(x - 12, 300, 24, 210, 10, "#b8bfcc")}${rect(x - 40, 370, 80, 70, 10, "#9aa2b2")}${rect(x - 24, 388, 48, 34, 14, "#ff6b6b")}${circle(x, 405, 7, "#f4f6fa")}`;
  return [
    `<g transform="rotate(-24 400 405)">`,
    rect(110, 342, 580, 150, 75, darken(p.main, 0.4)),
    rect(110, 330, 580, 150, 75, p.main),
    `<g clip-path="${clip}">
      ${sunset.map((col, i) => rect(110, 330 + i * 30, 580, 30, 0, col)).join("")}
      ${circle(400, 440, 70, "#fff3c4", 'opacity=".9"')}
      ${path("M110 450 Q250 400 400 440 T690 430 V480 H110 Z", "#2b2d42", 'opacity=".85"')}
    </g>`,
    truck(230),
    truck(570),
    rect(130, 338, 540, 10, 5, "#fff", 'opacity=".25"'),
    `</g>`,
  ].join("");
}

const sport = {
  dumbbells,
  soccer,
  yogaMat,
  racket,
  basketball,
  shoe,
  kettlebell,
  jumpRope,
  helmet,
  bottle,
  gloves,
  skateboard,
};

export default sport;
