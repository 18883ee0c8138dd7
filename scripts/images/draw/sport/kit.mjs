// What a player wears and carries: shoes, a helmet, gloves, a bottle.
import { rect, path, lighten, darken } from "../../lib/svg.mjs";

export function shoe(c, p) {
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

export function helmet(c, p) {
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

export function gloves(c, p) {
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

export function bottle(c, p) {
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
