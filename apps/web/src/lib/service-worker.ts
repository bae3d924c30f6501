/**
 * Registers the service worker at /sw.js with scope /app/ (spec §2; the server serves it at the root). When an updated worker finishes
 * activating, the page reloads so the user runs the new version (spec §2).
 */
export function registerServiceWorker(reload: () => void = () => window.location.reload()): void {
  if (!('serviceWorker' in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker
    .register('/sw.js', { scope: '/app/' })
    .then((registration) => {
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'activated' && hadController) reload();
        });
      });
    })
    .catch(() => {
      // An install failure leaves the app working online; nothing to tell the user.
    });
}
