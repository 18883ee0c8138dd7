/**
 * CSV both ways (lib/csv): every exported cell a spreadsheet would read as a
 * formula is neutralised and restored on import, whatever it held; a row's
 * line is the line it starts on, past quoted line breaks and empty lines; a
 * file that is not CSV is one reason with its line.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { neutraliseCell, restoreCell } from "@/lib/csv/formula-cells";
import { readCsv } from "@/lib/csv/read";
import { csvLines } from "@/lib/csv/write";

const TRICKY = ["=1+2", "+1", "-5", "@SUM(A1)", "\tx", "\rx", "'=x", "''+y", "'quoted'", "plain", "", "a=b", "'", "O'Brien"];

test("a cell a spreadsheet would read as a formula gets one apostrophe; any other is left as it is", () => {
  assert.deepEqual(["=1+2", "+1", "-5", "@SUM(A1)", "\tx", "'=x", "plain", "a=b", "'quoted'"].map(neutraliseCell), [
    "'=1+2",
    "'+1",
    "'-5",
    "'@SUM(A1)",
    "'\tx",
    "''=x",
    "plain",
    "a=b",
    "'quoted'",
  ]);
});

test("every cell comes back from an export as it was, through the file", () => {
  for (const cell of TRICKY) assert.equal(restoreCell(neutraliseCell(cell)), cell, JSON.stringify(cell));
  const read = readCsv(csvLines([["n", "value"], ...TRICKY.map((cell, n) => [String(n), cell])]));
  assert.ok(read.ok);
  assert.deepEqual(
    read.rows.map((row) => row.cells.value),
    TRICKY,
  );
});

test("rows know the line they start on: past quoted line breaks, empty lines, CRLF and LF; cells by column name", () => {
  const text = 'a,b\r\n1,"x\r\ny"\r\n\r\n2,3\r\n3,"m\nl"\r\n4,z,extra\r\nñ,é\r\n5,6';
  const read = readCsv(text);
  assert.ok(read.ok);
  assert.deepEqual(read.columns, ["a", "b"]);
  assert.deepEqual(
    read.rows.map((row) => [row.line, row.width, row.cells.b]),
    [
      [2, 2, "x\r\ny"],
      [5, 2, "3"],
      [6, 2, "m\nl"],
      [8, 3, "z"],
      [9, 2, "é"],
      [10, 2, "6"],
    ],
  );
  assert.equal(read.rows[3].cells["column 3"], "extra");
  const withBom = readCsv("\uFEFFname\nx\n");
  assert.ok(withBom.ok);
  assert.deepEqual(withBom.columns, ["name"]);
});

test("a file that is not CSV is one reason, with its line", () => {
  assert.deepEqual(readCsv('a,b\n1,"never closed\n'), {
    ok: false,
    line: 2,
    reason: "A quoted cell is never closed: a cell that starts with a quote ends with one.",
  });
  assert.deepEqual(readCsv('a,b\n1,x"y"z\n'), {
    ok: false,
    line: 2,
    reason: 'A quote inside a cell: write such a cell in quotes, each quote in it doubled ("").',
  });
  assert.deepEqual(readCsv(""), { ok: false, line: 1, reason: "The file is empty: its first line names the columns." });
});

test("an export quotes what needs it and ends each line with CRLF", () => {
  assert.equal(csvLines([["a", "x,y", 'q"r', "line\nbreak", "cr\rlf"]]), 'a,"x,y","q""r","line\nbreak","cr\rlf"\r\n');
});
