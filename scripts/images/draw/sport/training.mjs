// Training gear for home: dumbbells, a kettlebell, a jump rope, a yoga mat.
import { rect, ellipse, path, text, lighten, darken, FONT_SANS } from "../../lib/svg.mjs";

const CHROME = ["#f4f6fa", "#aab1c0", "#e8ebf2", "#7b8496"];

export function dumbbells(c, p) {
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

export function kettlebell(c, p) {
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

export function jumpRope(c, p) {
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

export function yogaMat(c, p) {
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
