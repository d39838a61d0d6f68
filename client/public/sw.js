// The hall's service worker: it shows the hall's Web Push messages (server/push.py) as
// notifications, even with every tab of the hall closed, and a click on one opens the
// table (or the finished game's replay) it is about. It caches nothing: the hall is
// served as ever.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch {
    push = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof push.title === "string" && push.title ? push.title : "Spieltisch";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof push.body === "string" ? push.body : "",
      tag: typeof push.tag === "string" ? push.tag : undefined,
      data: { url: sameOrigin(push.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOrigin(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of open) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});

/** A path of the hall's own: a push never opens another site. */
function sameOrigin(path) {
  try {
    const url = new URL(typeof path === "string" ? path : "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}
