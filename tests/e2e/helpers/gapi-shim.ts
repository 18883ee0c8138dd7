import type { BrowserContext } from "@playwright/test";

/**
 * Firebase's popup sign-in talks to a helper iframe through Google's gapi
 * loader (https://apis.google.com/js/api.js), even against the Auth emulator,
 * whose iframe page loads it too. This machine has no internet, so the suite
 * serves this stand-in: gapi.load, gapi.iframes.getContext().open() and
 * getParentIframe(), with register/send/ping carried over postMessage. Real
 * browsers with internet use the real script; nothing of this ships.
 */
const SHIM = String.raw`(function () {
  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get("onload");
  if (!window.gapi || !window.gapi.iframes) {
    var FILTER = function () { return true; };
    var channels = [];
    var pending = {};
    var pongs = {};
    var seq = 0;
    function Channel(target) { this.target = target; this.handlers = {}; this.queue = {}; }
    Channel.prototype.register = function (name, handler) {
      this.handlers[name] = handler;
      var queued = this.queue[name] || [];
      delete this.queue[name];
      for (var i = 0; i < queued.length; i++) this.deliver(queued[i]);
    };
    Channel.prototype.deliver = function (message) {
      var target = this.target;
      var handler = this.handlers[message.name];
      if (!handler) { (this.queue[message.name] = this.queue[message.name] || []).push(message); return; }
      Promise.resolve().then(function () { return handler(message.data); }).then(
        function (result) { target.postMessage({ __gapiShim: true, kind: "reply", id: message.id, results: [result] }, "*"); },
        function () { target.postMessage({ __gapiShim: true, kind: "reply", id: message.id, results: [] }, "*"); });
    };
    Channel.prototype.send = function (name, data, callback) {
      var id = ++seq;
      if (callback) pending[id] = callback;
      this.target.postMessage({ __gapiShim: true, kind: "send", name: name, data: data, id: id }, "*");
    };
    Channel.prototype.restyle = function () { return Promise.resolve(); };
    Channel.prototype.ping = function (callback) {
      var target = this.target;
      var id = ++seq;
      return new Promise(function (resolve) {
        var timer = setInterval(function () { target.postMessage({ __gapiShim: true, kind: "ping", id: id }, "*"); }, 100);
        pongs[id] = function () { clearInterval(timer); if (callback) callback(); resolve(); };
        target.postMessage({ __gapiShim: true, kind: "ping", id: id }, "*");
      });
    };
    function channelFor(win) {
      for (var i = 0; i < channels.length; i++) if (channels[i].target === win) return channels[i];
      var channel = new Channel(win);
      channels.push(channel);
      return channel;
    }
    window.addEventListener("message", function (event) {
      var m = event.data;
      if (!m || m.__gapiShim !== true || !event.source) return;
      if (m.kind === "ping") { event.source.postMessage({ __gapiShim: true, kind: "pong", id: m.id }, "*"); return; }
      if (m.kind === "pong") { var pong = pongs[m.id]; delete pongs[m.id]; if (pong) pong(); return; }
      if (m.kind === "reply") {
        var callback = pending[m.id];
        delete pending[m.id];
        if (callback) { try { callback(m.results); } catch (e) { /* Firebase throws after handling */ } }
        return;
      }
      if (m.kind === "send") channelFor(event.source).deliver(m);
    });
    var context = {
      open: function (options, callback) {
        var frame = document.createElement("iframe");
        var attributes = options.attributes || {};
        Object.keys(attributes).forEach(function (key) {
          if (key === "style") Object.assign(frame.style, attributes.style);
          else frame.setAttribute(key, attributes[key]);
        });
        frame.src = options.url;
        (options.where || document.body).appendChild(frame);
        return callback(channelFor(frame.contentWindow));
      },
      getParentIframe: function () { return channelFor(window.parent); },
    };
    window.gapi = {
      load: function (name, options) { setTimeout(function () { (options.callback || options)(); }, 0); },
      iframes: { CROSS_ORIGIN_IFRAMES_FILTER: FILTER, getContext: function () { return context; } },
    };
  }
  if (onload && typeof window[onload] === "function") window[onload]();
  if (typeof window.gapi_onload === "function") window.gapi_onload();
})();`;

/** Serves the gapi stand-in to every page, iframe and popup of the context. */
export async function installGapiShim(context: BrowserContext): Promise<void> {
  await context.route("https://apis.google.com/js/api.js**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: SHIM }),
  );
  // The emulator's account chooser asks for web fonts and styles it cannot reach offline.
  await context.route(/^https:\/\/(fonts\.googleapis\.com|fonts\.gstatic\.com|unpkg\.com|www\.gstatic\.com)\//, (route) => route.abort());
}
