// §1's "Page weight": each page's HTML against issue 13's starting point,
// and the weights its targets allow (bench/page-weight.mjs measures).
// Formatting only.
import { BASELINE } from "./page-weight.mjs";
import { n0, pct } from "./report-format.mjs";

/** The page-weight targets of issue 13: bytes at most. */
export const WEIGHT_TARGETS = {
  home: 80_000,
  electronics: Math.floor(BASELINE.bytes.electronics * 0.6),
  details: Math.floor(BASELINE.bytes.details * 0.6),
};

export function weightsSection(rows) {
  return [
    `Each page's HTML as \`next start\` sends it uncompressed (the demo catalogue). *Before* is issue 13's starting point, ${BASELINE.commit}.`,
    "The RSC payload is the inline `self.__next_f.push` scripts: React's copy of the page for hydration. The sign-in",
    "page, which shows no product, is the layout's and framework's floor for comparison.",
    "",
    "| page | bytes | before | of before | RSC payload | other inline scripts | markup | images |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => {
      const before = BASELINE.bytes[r.label];
      return `| ${r.label} \`${r.path}\` | ${n0(r.bytes)} | ${before ? n0(before) : "—"} | ${before ? pct(r.bytes / before) : "—"} | ${n0(r.rsc)} | ${n0(r.otherInlineScripts)} | ${n0(r.markup)} | ${r.images} |`;
    }),
    "",
    "What made them lighter: the shop's own images are static files with a two-entry srcset made at build",
    "(`lib/images/variants.ts`) instead of five `/_next/image` URLs each; product cards, the header and the footer are",
    "client components, so their markup is not repeated in the RSC payload (a server component's is sent twice).",
  ];
}
