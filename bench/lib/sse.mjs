// A raw live stream (/api/events), as a tab's EventSource holds it, for
// benchmarks that need many tabs or exact event times without a browser.

/**
 * Opens the stream with `cookie` (the visitor's cookies) and keeps reading.
 * `next(name, since)` resolves with the Date.now() at which the first `name`
 * event arrived at or after `since` (default: the call; 0 for any since the
 * stream opened); `close()` hangs up, as closing the tab does.
 */
export async function openStream(baseURL, cookie = "") {
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/api/events`, {
    headers: { accept: "text/event-stream", ...(cookie && { cookie }) },
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`${baseURL}/api/events answered ${response.status}`);
  const waiting = [];
  const seen = [];
  const decoder = new TextDecoder();
  let buffer = "";
  const reading = (async () => {
    for await (const chunk of response.body) {
      const at = Date.now();
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const name = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (!name) continue;
        seen.push([name, at]);
        for (const w of waiting.filter((w) => w.name === name && at >= w.since)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(at);
        }
      }
    }
  })().catch(() => {});
  return {
    next(name, since = Date.now(), timeoutMs = 10_000) {
      const already = seen.find(([n, at]) => n === name && at >= since);
      if (already) return Promise.resolve(already[1]);
      return new Promise((resolve, reject) => {
        const entry = { name, since, resolve };
        waiting.push(entry);
        setTimeout(() => {
          if (waiting.includes(entry)) {
            waiting.splice(waiting.indexOf(entry), 1);
            reject(new Error(`no ${name} event on ${baseURL}/api/events within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
