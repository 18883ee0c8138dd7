// Held or ridden: a racket, a skateboard.
import { rect, circle, ellipse, path, lighten, darken } from "../../lib/svg.mjs";

export function racket(c, p) {
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

export function skateboard(c, p) {
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
