// Writes one benchmark's section into docs/BENCHMARKS.md, replacing that
// section's previous results and keeping the others.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const FILE = "docs/BENCHMARKS.md";
const HEADER = "# Benchmarks\n\nEvery figure here is written by a script under `bench/`; rerun it to refresh its section.\n";

export function writeSection(title, body) {
  mkdirSync("docs", { recursive: true });
  let text = existsSync(FILE) ? readFileSync(FILE, "utf8") : HEADER;
  const heading = `## ${title}`;
  const start = text.indexOf(heading);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const next = text.indexOf("\n## ", start + heading.length);
    text = text.slice(0, start) + section + (next === -1 ? "" : text.slice(next + 1));
  }
  writeFileSync(FILE, text.trimEnd() + "\n");
}
