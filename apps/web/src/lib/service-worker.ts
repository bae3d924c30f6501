/**
 * Registers the service worker at /app/sw.js with scope /app/. When an updated worker finishes
 * activating, the page reloads so the user runs the new version (spec §2).
 */
export function registerServiceWorker(reload: () => void = () => window.location.reload()): void {
  if (!('serviceWorker' in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker
    .register('/app/sw.js', { scope: '/app/' })
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
