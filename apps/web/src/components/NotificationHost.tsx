import { useNotifications } from '../stores/notifications';

/** Shows the notifications of stores/notifications at the top of the screen. */
export function NotificationHost() {
  const items = useNotifications((s) => s.items);
  const dismiss = useNotifications((s) => s.dismiss);
  if (items.length === 0) return null;
  return (
    <div className="cp-notifications" aria-live="assertive">
      {items.map((n) => (
        <div
          key={n.id}
          role="alert"
          className={`cp-notification cp-notification--${n.type}`}
          onClick={() => dismiss(n.id)}
        >
          {n.message}
        </div>
      ))}
    </div>
  );
}
