// The local SMTP catcher: a real SMTP server (smtp-server) that accepts every
// email, without authentication or TLS, on 127.0.0.1, and keeps each one as
// an .eml file in a folder; and a small page on 127.0.0.1 to read them.
//
//   npm run start:local runs it with the shop (scripts/local.mjs) and points
//   the shop's SMTP_URL at it; alone: node scripts/mail-catcher.mjs
//   (MAIL_CATCHER_SMTP_PORT, default 1025; MAIL_CATCHER_WEB_PORT, default
//   1080; the mail under LOCAL_DATA_DIR/mail, default .data/mail).
//
// The page (plain Node http, every value HTML-escaped):
//   GET /                 the mails, newest first: date, to, subject
//   GET /mail/<id>        one mail: its headers and its text
//   GET /api/mails        the same as JSON, newest first, each with its text
//                         (?to=<address> keeps one recipient's): what the e2e
//                         specs read mail back with
// The catcher writes its two addresses to <folder>/catcher.json
// ({ "smtp": "smtp://…", "web": "http://…" }), so a script that started it on
// free ports (port 0) can find it.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const HOST = "127.0.0.1";
/** The largest email kept; a bigger one is refused (552). */
const MAX_BYTES = 10 * 1024 * 1024;
const MAIL_FILE = /^(\d{13})-[0-9a-f]{8}\.eml$/;

/**
 * Starts the catcher; resolves with { smtpPort, webPort, smtpUrl, webUrl,
 * dir, close() } once both servers listen. Port 0 means a free port.
 */
export async function startMailCatcher({ smtpPort = 1025, webPort = 1080, dir }) {
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    // No STARTTLS: a client offered it would try TLS with a self-signed certificate and give up.
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        if (stream.sizeExceeded)
          return callback(Object.assign(new Error("Message too large for the local catcher"), { responseCode: 552 }));
        const id = `${Date.now()}-${randomBytes(4).toString("hex")}`;
        writeFileSync(join(folder, `${id}.eml`), Buffer.concat(chunks));
        callback(null, `Kept as ${id}`);
      });
    },
  });
  const web = createServer((request, response) => {
    answer(folder, request, response).catch((error) => {
      response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      response.end(`The mail catcher failed: ${error.message}\n`);
    });
  });
  const smtpBound = await listen(smtp.server, smtpPort, "SMTP");
  let webBound;
  try {
    webBound = await listen(web, webPort, "web page");
  } catch (error) {
    await new Promise((r) => smtp.close(r));
    throw error;
  }
  const smtpUrl = `smtp://${HOST}:${smtpBound}`;
  const webUrl = `http://${HOST}:${webBound}`;
  writeFileSync(join(folder, "catcher.json"), JSON.stringify({ smtp: smtpUrl, web: webUrl }) + "\n");
  return {
    smtpPort: smtpBound,
    webPort: webBound,
    smtpUrl,
    webUrl,
    dir: folder,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => web.close(r))]),
  };
}

function listen(server, port, what) {
  return new Promise((resolvePort, reject) => {
    const onError = (error) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `The mail catcher's ${what} cannot listen on ${HOST}:${port}: it is in use (another start:local?). Stop that process, or set MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_WEB_PORT.`,
            )
          : error,
      );
    server.once("error", onError);
    server.listen(port, HOST, () => {
      server.off("error", onError);
      resolvePort(server.address().port);
    });
  });
}

/** The kept mails, newest first, parsed. */
async function readMails(folder) {
  const files = readdirSync(folder)
    .filter((name) => MAIL_FILE.test(name))
    .sort()
    .reverse();
  return Promise.all(files.map((name) => readMail(folder, name)));
}

const parsed = new Map();

/** One kept mail, parsed once (a kept file never changes). */
async function readMail(folder, name) {
  const path = join(folder, name);
  if (!parsed.has(path)) {
    const mail = await simpleParser(await readFile(path));
    parsed.set(path, {
      id: name.replace(/\.eml$/, ""),
      receivedAt: new Date(Number(MAIL_FILE.exec(name)[1])).toISOString(),
      date: mail.date ? mail.date.toISOString() : null,
      messageId: mail.messageId ?? null,
      from: mail.from?.text ?? "",
      to: addressesOf(mail.to),
      subject: mail.subject ?? "",
      text: mail.text ?? "",
    });
  }
  return parsed.get(path);
}

function addressesOf(field) {
  const groups = Array.isArray(field) ? field : field ? [field] : [];
  return groups.flatMap((group) => group.value.map((entry) => entry.address ?? "")).filter(Boolean);
}

async function answer(folder, request, response) {
  const url = new URL(request.url ?? "/", `http://${HOST}`);
  if (request.method !== "GET" && request.method !== "HEAD") return send(response, 405, "text/plain", "Only GET\n");
  if (url.pathname === "/api/mails") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const mails = (await readMails(folder)).filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to));
    return send(response, 200, "application/json", JSON.stringify(mails));
  }
  if (url.pathname === "/") return send(response, 200, "text/html", listPage(await readMails(folder)));
  const id = /^\/mail\/(\d{13}-[0-9a-f]{8})$/.exec(url.pathname)?.[1];
  if (id && readdirSync(folder).includes(`${id}.eml`))
    return send(response, 200, "text/html", mailPage(await readMail(folder, `${id}.eml`)));
  return send(response, 404, "text/html", page("Not found", '<p>No such mail. <a href="/">All mail</a></p>'));
}

function send(response, status, type, body) {
  response.writeHead(status, { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store" });
  response.end(body);
}

const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1.5rem;max-width:60rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}
dt{font-weight:600}dd{margin:0 0 .5rem}</style></head>
<body>${body}</body></html>
`;
}

function listPage(mails) {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.receivedAt.replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(mail.to.join(", "))}</td>` +
        `<td><a href="/mail/${escapeHtml(mail.id)}">${escapeHtml(mail.subject || "(no subject)")}</a></td></tr>`,
    )
    .join("\n");
  const table = mails.length
    ? `<table><thead><tr><th scope="col">Received (UTC)</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
    : "<p>No mail yet. Mail the shop sends locally arrives here.</p>";
  return page("Local mail", `<h1>Local mail (${mails.length})</h1>\n${table}`);
}

function mailPage(mail) {
  const fields = [
    ["Received", mail.receivedAt],
    ["From", mail.from],
    ["To", mail.to.join(", ")],
    ["Subject", mail.subject],
    ["Message-ID", mail.messageId ?? ""],
  ];
  const list = fields.map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`).join("");
  return page(
    mail.subject || "(no subject)",
    `<p><a href="/">All mail</a></p>\n<h1>${escapeHtml(mail.subject || "(no subject)")}</h1>\n<dl>${list}</dl>\n<pre>${escapeHtml(mail.text)}</pre>`,
  );
}

/** The ports from the environment: a number, or the default when unset or empty. */
export function catcherPort(value, fallback) {
  if (value === undefined || value.trim() === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`A mail catcher port must be 0..65535, not "${value}"`);
  return port;
}

async function main() {
  const catcher = await startMailCatcher({
    smtpPort: catcherPort(process.env.MAIL_CATCHER_SMTP_PORT, 1025),
    webPort: catcherPort(process.env.MAIL_CATCHER_WEB_PORT, 1080),
    dir: join(process.env.LOCAL_DATA_DIR || ".data", "mail"),
  });
  console.log(`Catching mail at ${catcher.smtpUrl}; read it at ${catcher.webUrl} (kept in ${catcher.dir}). Ctrl-C stops.`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void catcher.close().then(() => process.exit(0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
