import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import nodemailer from "nodemailer";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "../scripts/mail-catcher.mjs";

// The local SMTP catcher (npm run start:local's mailbox): a real SMTP
// conversation in, .eml files kept, the page and the JSON listing out.
describe("the local mail catcher", () => {
  let dir: string;
  let catcher: MailCatcher;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "mail-catcher-"));
    catcher = await startMailCatcher({ smtpPort: 0, webPort: 0, dir: join(dir, "mail") });
  });
  after(async () => {
    await catcher.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (to: string, subject: string, text: string) =>
    nodemailer
      .createTransport(catcher.smtpUrl)
      .sendMail({ from: "Shop <orders@shop.test>", to, subject, text, messageId: `<${subject.length}-${to}@shop.test>` });
  const mails = async (query = ""): Promise<CaughtMail[]> =>
    (await fetch(`${catcher.webUrl}/api/mails${query}`)).json() as Promise<CaughtMail[]>;

  it("keeps each mail as an .eml file and says where it listens", async () => {
    await send("ada@example.com", "First", "Hello Ada");
    const files = readdirSync(join(dir, "mail")).filter((name) => name.endsWith(".eml"));
    assert.equal(files.length, 1);
    assert.match(readFileSync(join(dir, "mail", files[0]), "utf8"), /Subject: First/);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "mail", "catcher.json"), "utf8")), { smtp: catcher.smtpUrl, web: catcher.webUrl });
  });

  it("lists mail newest first as JSON, with its text and Message-ID, filtered by recipient", async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send("Bob@example.com", "Second <b>", "Hello Bob\n<script>alert(1)</script>");
    const all = await mails();
    assert.deepEqual(
      all.map((mail) => mail.subject),
      ["Second <b>", "First"],
    );
    assert.deepEqual(all[0].to, ["Bob@example.com"]);
    assert.equal(all[0].messageId, "<10-Bob@example.com@shop.test>");
    assert.match(all[0].text, /^Hello Bob\n<script>alert\(1\)<\/script>/);
    assert.deepEqual(
      (await mails("?to=BOB@example.com")).map((mail) => mail.subject),
      ["Second <b>"],
    );
  });

  it("shows the list and each mail as escaped HTML", async () => {
    const list = await (await fetch(catcher.webUrl)).text();
    assert.match(list, /<h1>Local mail \(2\)<\/h1>/);
    assert.ok(list.indexOf("Second &lt;b&gt;") < list.indexOf(">First<"), "newest first");
    const [newest] = await mails();
    const one = await (await fetch(`${catcher.webUrl}/mail/${newest.id}`)).text();
    assert.ok(one.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert.ok(!one.includes("<script>"));
    assert.equal((await fetch(`${catcher.webUrl}/mail/0000000000000-00000000`)).status, 404);
    assert.equal((await fetch(`${catcher.webUrl}/mail/..%2Fcatcher.json`)).status, 404);
  });
});
