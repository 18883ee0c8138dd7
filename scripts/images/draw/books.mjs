// Book covers: one shared hardcover body + a distinct cover motif per title.
import { rect, circle, ellipse, path, text, lighten, darken, FONT_SANS, FONT_SERIF } from "../lib/svg.mjs";

// Cover occupies x 250..550, y 150..610. Motifs draw into the middle band.
const X = 250;
const Y = 150;
const W = 300;
const H = 460;
const CX = X + W / 2;

const motifs = {
  circuit(c, p) {
    const line = (d) =>
      `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" opacity=".9"/>`;
    const node = (x, y) => `${circle(x, y, 10, p.bg2)}${circle(x, y, 10, "none", `stroke="${p.ink}" stroke-width="5"`)}`;
    return [
      line("M290 470 H340 L370 440 H430"),
      line("M290 420 H320 L350 390 V340"),
      line("M510 360 H470 L440 390 V420"),
      line("M510 500 H460 L430 470"),
      line("M400 520 V470"),
      rect(360, 400, 80, 80, 12, p.ink),
      rect(374, 414, 52, 52, 8, p.bg2),
      circle(400, 440, 12, p.ink),
      node(290, 470),
      node(290, 420),
      node(350, 340),
      node(510, 360),
      node(510, 500),
      node(400, 528),
    ].join("");
  },
  flame(c, p) {
    const f1 = c.lin([p.accent2, p.ink], 0, 0, 0, 1);
    return [
      path(
        "M400 310 C440 360 490 390 480 450 C472 500 438 520 400 520 C362 520 326 498 320 452 C314 410 350 392 356 350 C376 380 386 392 392 400 C400 370 396 340 400 310 Z",
        f1,
      ),
      path(
        "M402 410 C424 436 446 452 440 478 C436 500 420 510 400 510 C380 510 364 498 362 478 C360 458 380 446 384 426 C392 440 398 444 402 446 C404 432 402 422 402 410 Z",
        "#fff3c4",
      ),
      rect(300, 530, 200, 12, 6, p.ink, 'opacity=".6"'),
    ].join("");
  },
  mountains(c, p) {
    return [
      circle(460, 360, 34, p.accent2),
      path("M270 520 L350 390 L400 450 L450 370 L530 520 Z", p.ink, 'opacity=".55"'),
      path("M270 520 L330 440 L380 490 L440 420 L530 520 Z", p.ink),
      path("M350 390 L372 426 L360 432 L350 420 L338 430 L330 423 Z", "#fff"),
      path("M450 370 L474 410 L462 414 L450 402 L438 414 L428 406 Z", "#fff"),
      `<path d="M310 540 Q380 530 400 548 T490 546" fill="none" stroke="${p.ink}" stroke-width="4" stroke-dasharray="10 8" stroke-linecap="round"/>`,
    ].join("");
  },
  waves(c, p) {
    const wave = (y, col, op) =>
      path(`M270 ${y} Q297 ${y - 22} 325 ${y} T380 ${y} T435 ${y} T490 ${y} T545 ${y} V${y + 60} H270 Z`, col, `opacity="${op}"`);
    const clip = c.clip(`<circle cx="400" cy="430" r="118"/>`);
    return `<g clip-path="${clip}">${rect(270, 300, 280, 260, 0, p.bg1)}${circle(400, 390, 50, p.accent2)}${wave(420, p.ink, 0.35)}${wave(452, p.ink, 0.6)}${wave(486, p.ink, 1)}${wave(520, darken(p.ink, 0.3), 1)}</g><circle cx="400" cy="430" r="118" fill="none" stroke="${p.ink}" stroke-width="4"/>`;
  },
  grid(c, p) {
    return [
      rect(290, 320, 220, 190, 14, "#ffffff", `stroke="${p.ink}" stroke-width="4"`),
      rect(290, 320, 220, 30, 14, p.ink),
      rect(290, 336, 220, 14, 0, p.ink),
      circle(308, 335, 5, "#ff6b6b"),
      circle(324, 335, 5, "#ffd166"),
      circle(340, 335, 5, "#06d6a0"),
      rect(306, 366, 80, 126, 8, p.accent2),
      rect(398, 366, 96, 56, 8, p.accent3),
      rect(398, 434, 44, 58, 8, lighten(p.ink, 0.7)),
      rect(450, 434, 44, 58, 8, p.ink, 'opacity=".85"'),
    ].join("");
  },
  leaf(c, p) {
    const pot = c.lin([lighten(p.accent2, 0.2), darken(p.accent2, 0.2)], 0, 0, 1, 0);
    return [
      path("M400 460 C330 450 290 390 310 320 C360 330 400 380 400 460 Z", p.ink),
      path("M400 460 C470 450 510 390 490 310 C440 320 400 380 400 460 Z", lighten(p.ink, 0.2)),
      path("M400 470 C380 400 380 350 400 300 C420 350 420 400 400 470 Z", lighten(p.ink, 0.35)),
      `<path d="M400 465 V320 M400 440 L350 380 M400 420 L460 360" stroke="${p.bg1}" stroke-width="3" opacity=".6"/>`,
      path("M350 460 H450 L438 540 Q436 548 428 548 H372 Q364 548 362 540 Z", pot),
      rect(344, 456, 112, 18, 6, darken(p.accent2, 0.25)),
    ].join("");
  },
  night(c, p) {
    const stars = [
      [300, 320, 5],
      [480, 330, 4],
      [350, 360, 3],
      [520, 410, 3],
      [290, 420, 3],
      [440, 300, 3],
    ]
      .map(
        ([x, y, r]) =>
          `<path d="M${x} ${y - r * 3} L${x + r} ${y - r} L${x + r * 3} ${y} L${x + r} ${y + r} L${x} ${y + r * 3} L${x - r} ${y + r} L${x - r * 3} ${y} L${x - r} ${y - r} Z" fill="${p.accent2}"/>`,
      )
      .join("");
    return [
      circle(420, 380, 44, p.accent2),
      circle(442, 366, 40, p.bg1),
      stars,
      path(
        "M280 540 V470 H300 V450 L312 430 L324 450 V470 H350 V420 L370 390 L390 420 V470 H410 V440 L422 420 L434 440 V490 H470 V460 L490 430 L510 460 V540 Z",
        p.ink,
      ),
      rect(366, 440, 8, 14, 4, p.accent2),
      rect(484, 476, 8, 14, 4, p.accent2),
    ].join("");
  },
  money(c, p) {
    const coin = (x, y) => `${ellipse(x, y + 8, 46, 14, darken(p.accent2, 0.3))}${ellipse(x, y, 46, 14, p.accent2)}`;
    return [
      coin(330, 520),
      coin(330, 504),
      coin(330, 488),
      coin(330, 472),
      ellipse(330, 472, 30, 8, lighten(p.accent2, 0.3)),
      `<path d="M300 420 L360 380 L400 400 L480 320" fill="none" stroke="${p.ink}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
      path("M456 316 L490 310 L484 344 Z", p.ink),
      rect(400, 450, 30, 80, 6, p.ink, 'opacity=".35"'),
      rect(440, 420, 30, 110, 6, p.ink, 'opacity=".6"'),
      rect(480, 390, 30, 140, 6, p.ink),
    ].join("");
  },
  planet(c, p) {
    const planet = c.rad(
      [
        [0, lighten(p.accent2, 0.3)],
        [1, darken(p.accent2, 0.35)],
      ],
      0.35,
      0.35,
      0.7,
    );
    return [
      circle(300, 330, 3, "#fff"),
      circle(500, 500, 2, "#fff"),
      circle(480, 320, 2.5, "#fff"),
      circle(320, 510, 2, "#fff"),
      `<ellipse cx="400" cy="420" rx="130" ry="30" fill="none" stroke="${p.ink}" stroke-width="10" transform="rotate(-18 400 420)" opacity=".9"/>`,
      circle(400, 420, 78, planet),
      `<path d="M335 449 A130 30 -18 0 0 526 378" fill="none" stroke="${p.ink}" stroke-width="10" opacity=".95"/>`,
      ellipse(376, 392, 22, 12, "#fff", 'opacity=".3" transform="rotate(-30 376 392)"'),
    ].join("");
  },
  coffee(c, p) {
    return [
      `<path d="M370 330 q-14 -20 0 -40 q14 -20 0 -40" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linecap="round" opacity=".5" transform="translate(0 40)"/>`,
      `<path d="M410 330 q-14 -20 0 -40 q14 -20 0 -40" fill="none" stroke="${p.ink}" stroke-width="6" stroke-linecap="round" opacity=".5" transform="translate(0 30)"/>`,
      ellipse(400, 520, 120, 20, p.accent2),
      `<path d="M470 420 Q520 420 516 456 Q512 490 460 490" fill="none" stroke="${p.ink}" stroke-width="14"/>`,
      path("M320 400 H480 V450 Q480 510 420 510 H380 Q320 510 320 450 Z", p.ink),
      ellipse(400, 402, 80, 14, darken(p.ink, 0.3)),
      ellipse(400, 402, 64, 9, "#c08552"),
    ].join("");
  },
  fox(c, p) {
    return [
      path("M320 330 L360 420 L300 420 Z", p.ink),
      path("M480 330 L440 420 L500 420 Z", p.ink),
      path("M330 350 L352 405 L318 405 Z", "#fff6e8"),
      path("M470 350 L448 405 L482 405 Z", "#fff6e8"),
      path("M290 410 Q400 380 510 410 L400 530 Z", p.ink),
      path("M300 420 Q340 430 400 530 L310 440 Z", "#fff6e8"),
      path("M500 420 Q460 430 400 530 L490 440 Z", "#fff6e8"),
      circle(360, 450, 9, "#2b2d42"),
      circle(440, 450, 9, "#2b2d42"),
      ellipse(400, 520, 14, 10, "#2b2d42"),
      circle(300, 350, 4, p.accent2),
      circle(520, 470, 5, p.accent2),
    ].join("");
  },
  track(c, p) {
    const lanes = [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M${270 + i * 26} 540 C${300 + i * 26} 430 ${430 - i * 10} 400 ${530} ${330 + i * 26}" fill="none" stroke="#fff" stroke-width="4" opacity=".85"/>`,
      )
      .join("");
    return [
      path("M270 540 C300 420 420 380 530 320 V540 Z", p.ink),
      lanes,
      circle(330, 340, 34, p.accent2),
      `<g transform="translate(430 330)" stroke="#fff" stroke-width="10" stroke-linecap="round" fill="none">
        <circle cx="0" cy="-40" r="11" fill="#fff" stroke="none"/>
        <path d="M-4 -24 L-12 14 L10 40"/><path d="M-12 14 L-34 30"/><path d="M-4 -18 L18 -2 L30 -20"/><path d="M-4 -18 L-28 -6"/>
      </g>`,
    ].join("");
  },
};

function book(c, p) {
  const cover = c.lin([p.bg1, p.bg2], 0, 0, 1, 1);
  const spine = darken(p.bg2, 0.25);
  const pages = c.lin(["#fffdf7", "#e9e4d8"], 0, 0, 1, 0);
  const fam = p.serif ? FONT_SERIF : FONT_SANS;
  const size = p.titleSize || 40;
  const titleTop = p.layout !== "bottom";
  const lh = size * 1.12;
  const n = p.title.length;
  const ty = titleTop ? Y + 72 : Y + H - 40 - (n - 1) * lh;
  const title = p.title
    .map((ln, i) => text(CX + 10, ty + i * lh, ln, { size, fill: p.titleColor || p.ink, family: fam, weight: 700 }))
    .join("");
  const sub = p.subtitle
    ? text(CX + 10, ty + (n - 1) * lh + 34, p.subtitle, {
        size: 15,
        weight: 400,
        fill: p.ink,
        family: FONT_SANS,
        spacing: 1.5,
        extra: 'opacity=".85"',
      })
    : "";
  const author = text(CX + 10, titleTop ? Y + H - 28 : Y + 70, p.author.toUpperCase(), {
    size: 16,
    weight: 700,
    fill: p.authorColor || p.ink,
    family: FONT_SANS,
    spacing: 3,
    extra: 'opacity=".85"',
  });
  // Motifs are drawn around (400, 424); fit them into the free band of the cover.
  const motifT = titleTop
    ? `translate(410 ${p.subtitle ? 448 : 440}) scale(${p.subtitle ? 0.82 : 0.88}) translate(-400 -424)`
    : `translate(410 ${Y + 222}) scale(.84) translate(-400 -424)`;
  return [
    // page block + back board
    path(`M${X + W} ${Y + 8} L${X + W + 26} ${Y + 22} V${Y + H + 14} L${X + W} ${Y + H} Z`, pages),
    ...[0, 1, 2, 3, 4, 5].map(
      (i) => `<path d="M${X + W + 4 + i * 4} ${Y + 14 + i * 2} V${Y + H + 2 + i * 2}" stroke="#d6cfbf" stroke-width="1"/>`,
    ),
    path(`M${X + 10} ${Y + H} L${X + W} ${Y + H} L${X + W + 26} ${Y + H + 14} L${X + 30} ${Y + H + 14} Z`, darken(p.bg2, 0.35)),
    rect(X, Y, W, H, 10, cover),
    rect(X, Y, 26, H, 0, spine, 'opacity=".55"'),
    `<path d="M${X + 30} ${Y} V${Y + H}" stroke="#000" stroke-opacity=".18" stroke-width="3"/>`,
    `<path d="M${X + 34} ${Y} V${Y + H}" stroke="#fff" stroke-opacity=".18" stroke-width="2"/>`,
    `<g transform="${motifT}">${motifs[p.motif](c, p)}</g>`,
    title,
    sub,
    author,
    path(`M${X} ${Y} H${X + 170} L${X} ${Y + 320} Z`, "#fff", 'opacity=".07"'),
    p.ribbon ? path(`M${X + 230} ${Y + H - 2} h16 v40 l-8 -10 l-8 10 Z`, p.ribbon) : "",
  ].join("");
}

const books = { book };

export default books;
