// The project's Cloud Storage stand-in: a plain Node http server on
// 127.0.0.1 that speaks the part of the Cloud Storage JSON API the shop's
// media store uses, in its wire format, so the official client
// (@google-cloud/storage, behind firebase-admin's getStorage()) can be
// pointed at it with STORAGE_EMULATOR_HOST=http://127.0.0.1:<port>.
// Firebase's own Storage emulator cannot start on these machines (it
// downloads its rules runtime at start). It is not Cloud Storage: objects
// live in this process's memory, there is no access control, and the shop
// refuses STORAGE_EMULATOR_HOST in production (lib/env-production.ts).
//
//   POST   /upload/storage/v1/b/<bucket>/o?uploadType=multipart|media[&name=]  store an object
//   GET    /b/<bucket>/o/<name>[?alt=media]   its metadata, or its bytes (x-goog-hash)
//   GET    /download/storage/v1/b/<bucket>/o/<name>?alt=media   its bytes
//   DELETE /b/<bucket>/o/<name>               remove it (404 when absent)
//   GET    /b/<bucket>/o?prefix=&maxResults=&pageToken=   list, by name
// (the client puts the JSON API at an emulator's root; /storage/v1/b/... is taken too).
// Each object's metadata carries the MD5 and CRC32C (Castagnoli) of its
// bytes, computed here, which the client checks every upload and download
// against its own. Errors have the API's shape: { error: { code, message, errors } }.
//
// Its own control, for tests (not the API): POST /_stand-in/fault?mode=none|down|reset-next
// (down: every API request is 503; reset-next: the next API request's
// connection is reset, as a dropped connection). It keeps an idle connection
// open 610 s, as Google's front ends do (Cloud Load Balancing's docs): Node's
// own 5 s equals the idle time of Node's client agent, and a request sent as
// both gave up found it reset.
// Every line it logs starts with "[storage stand-in]".
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

const HOST = "127.0.0.1";
const FAULTS = ["none", "down", "reset-next"];
/** Google Cloud's front ends' HTTP keep-alive timeout (its load balancing docs). */
const IDLE_CONNECTION_MS = 610_000;

/** CRC32C (Castagnoli, reflected 0x82F63B78), as Cloud Storage reports it: big-endian, base64. */
const CRC32C_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
  return c >>> 0;
});

export function crc32cBase64(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32C_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString("base64");
}

function apiError(response, code, message) {
  sendJson(response, code, {
    error: { code, message, errors: [{ message, domain: "global", reason: code === 404 ? "notFound" : "invalid" }] },
  });
}

function sendJson(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", "Content-Length": Buffer.byteLength(text) });
  response.end(text);
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The parts of a multipart/related body: each its headers (lower-case names) and bytes. */
function multipartParts(body, contentType) {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? "")?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) return null;
    // Each part: CRLF, headers, a blank line, the bytes, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    if (split === -1) return null;
    const headers = Object.fromEntries(
      part
        .subarray(0, split)
        .toString("latin1")
        .split("\r\n")
        .map((line) => [line.slice(0, line.indexOf(":")).trim().toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    parts.push({ headers, bytes: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

/** What the stand-in holds: bucket → name → { bytes, resource }, and its fault setting. */
class Buckets {
  objects = new Map();
  generation = Date.now() * 1000;
  fault = "none";
  address = "";

  bucket(name) {
    if (!this.objects.has(name)) this.objects.set(name, new Map());
    return this.objects.get(name);
  }

  /** An object's resource, as the JSON API describes it, for `bytes` stored now. */
  resource(bucket, name, bytes, metadata) {
    const md5Hash = createHash("md5").update(bytes).digest("base64");
    this.generation += 1;
    const now = new Date().toISOString();
    const path = `b/${bucket}/o/${encodeURIComponent(name)}`;
    return {
      kind: "storage#object",
      id: `${bucket}/${name}/${this.generation}`,
      selfLink: `${this.address}/storage/v1/${path}`,
      mediaLink: `${this.address}/download/storage/v1/${path}?generation=${this.generation}&alt=media`,
      name,
      bucket,
      generation: String(this.generation),
      metageneration: "1",
      contentType: metadata.contentType ?? "application/octet-stream",
      ...(metadata.cacheControl && { cacheControl: metadata.cacheControl }),
      ...(metadata.metadata && { metadata: metadata.metadata }),
      storageClass: "STANDARD",
      size: String(bytes.length),
      md5Hash,
      crc32c: crc32cBase64(bytes),
      etag: md5Hash,
      timeCreated: now,
      updated: now,
    };
  }
}

/** The upload's metadata and bytes (multipart: JSON then media; media: the body alone), or an error's words. */
async function uploaded(request, query) {
  const body = await readBody(request);
  const type = query.get("uploadType");
  if (type === "media") return { metadata: { contentType: request.headers["content-type"] }, bytes: body };
  if (type !== "multipart") return { error: `uploadType ${type} is not supported by the stand-in (multipart and media are)` };
  const parts = multipartParts(body, request.headers["content-type"]);
  if (!parts || parts.length !== 2) return { error: "A multipart upload has two parts: the metadata, then the media" };
  let metadata;
  try {
    metadata = JSON.parse(parts[0].bytes.toString("utf8"));
  } catch {
    return { error: "The metadata part is not JSON" };
  }
  metadata.contentType ??= parts[1].headers["content-type"];
  return { metadata, bytes: Buffer.from(parts[1].bytes) };
}

async function upload(state, request, response, bucket, query) {
  const { metadata, bytes, error } = await uploaded(request, query);
  if (error) return apiError(response, 400, error);
  const name = metadata.name ?? query.get("name");
  if (!name) return apiError(response, 400, "Required: the object's name");
  // Hashes the client sent with the bytes must match them, as Cloud Storage checks.
  const resource = state.resource(bucket, name, bytes, metadata);
  if ((metadata.md5Hash && metadata.md5Hash !== resource.md5Hash) || (metadata.crc32c && metadata.crc32c !== resource.crc32c)) {
    return apiError(response, 400, "Provided hash does not match the object's bytes");
  }
  state.bucket(bucket).set(name, { bytes, resource });
  sendJson(response, 200, resource);
}

function sendMedia(response, object) {
  response.writeHead(200, {
    "Content-Type": object.resource.contentType,
    "Content-Length": object.bytes.length,
    "x-goog-hash": `crc32c=${object.resource.crc32c},md5=${object.resource.md5Hash}`,
    "x-goog-generation": object.resource.generation,
    "x-goog-stored-content-length": String(object.bytes.length),
  });
  response.end(object.bytes);
}

/** A page of the bucket's objects by name, after pageToken (the last name of the page before). */
function list(state, response, bucket, query) {
  const prefix = query.get("prefix") ?? "";
  const max = Math.min(Number(query.get("maxResults") ?? 1000) || 1000, 1000);
  const token = query.get("pageToken");
  const names = [...state.bucket(bucket).keys()].filter((name) => name.startsWith(prefix) && (!token || name > token)).sort();
  const page = names.slice(0, max);
  sendJson(response, 200, {
    kind: "storage#objects",
    ...(page.length > 0 && { items: page.map((name) => state.bucket(bucket).get(name).resource) }),
    ...(names.length > max && { nextPageToken: page.at(-1) }),
  });
}

/** One object's call: its metadata or bytes, or its removal. */
function objectCall(state, request, response, kind, bucket, name) {
  const object = state.bucket(bucket).get(name);
  if (request.method === "GET") {
    if (!object) return apiError(response, 404, `No such object: ${bucket}/${name}`);
    const url = new URL(request.url, state.address);
    if (kind === "download/" || url.searchParams.get("alt") === "media") return sendMedia(response, object);
    return sendJson(response, 200, object.resource);
  }
  if (request.method === "DELETE" && !kind) {
    if (!object) return apiError(response, 404, `No such object: ${bucket}/${name}`);
    state.bucket(bucket).delete(name);
    response.writeHead(204).end();
    return;
  }
  return apiError(response, 405, `${request.method} ${request.url} is not supported by the stand-in`);
}

async function handle(state, request, response, log) {
  const url = new URL(request.url, state.address);
  if (url.pathname === "/_stand-in/fault" && request.method === "POST") {
    state.fault = FAULTS.find((mode) => mode === url.searchParams.get("mode")) ?? "none";
    log(`[storage stand-in] fault: ${state.fault}`);
    return sendJson(response, 200, { fault: state.fault });
  }
  if (state.fault === "down") return apiError(response, 503, "The stand-in is set to be down (/_stand-in/fault)");
  if (state.fault === "reset-next") {
    state.fault = "none";
    log(`[storage stand-in] reset the connection of ${request.method} ${url.pathname}`);
    return request.socket.resetAndDestroy();
  }
  // The client sends the JSON API's calls to an emulator's root (/b/...), uploads under /upload/storage/v1.
  const match = /^\/(upload\/|download\/)?(?:storage\/v1\/)?b\/([^/]+)\/o(?:\/(.+))?$/.exec(url.pathname);
  if (!match) return apiError(response, 404, `Not a path of the stand-in: ${request.method} ${url.pathname}`);
  const [, kind, bucket, encodedName] = match;
  if (encodedName !== undefined) return objectCall(state, request, response, kind, bucket, decodeURIComponent(encodedName));
  if (kind === "upload/" && request.method === "POST") return upload(state, request, response, bucket, url.searchParams);
  if (!kind && request.method === "GET") return list(state, response, bucket, url.searchParams);
  return apiError(response, 405, `${request.method} ${url.pathname} is not supported by the stand-in`);
}

/** Starts the stand-in; resolves once it listens. */
export async function startStorageStandIn({ port = 0, host = HOST, log = (line) => console.log(line) } = {}) {
  const state = new Buckets();
  const server = createServer((request, response) => {
    handle(state, request, response, log).catch((error) => {
      log(`[storage stand-in] ${request.method} ${request.url}: ${error.stack ?? error}`);
      if (!response.headersSent) apiError(response, 500, "The stand-in failed");
      else response.destroy();
    });
  });
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  state.address = `http://${host}:${server.address().port}`;
  return {
    url: state.address,
    names: (bucket) => [...state.bucket(bucket).keys()].sort(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // No top-level await: the unit suite's bundler imports this file as CommonJS.
  startStorageStandIn({ port: Number(process.env.STORAGE_STAND_IN_PORT ?? 4443) }).then((standIn) =>
    console.log(`[storage stand-in] listening at ${standIn.url} (set STORAGE_EMULATOR_HOST=${standIn.url}); it is not Cloud Storage`),
  );
}
