// Sport balls: a football, a basketball.
import { circle, ellipse, text, lighten, darken, FONT_SANS } from "../../lib/svg.mjs";

export function soccer(c, p) {
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

export function basketball(c, p) {
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
