import { useTranslation } from 'react-i18next';
import { useNotifications } from '../stores/notifications';
import { navigateTo, useSession } from '../stores/session';

/** The customer-service page of the client the user is in (issue 24). */
function toCustomerService(): void {
  navigateTo(`/customer-service/${useSession.getState().clientNo ?? ''}`);
}

/** Where the page's header (its navigation bar) ends; 0 on a page without one. */
function headerBottom(): number {
  const header = document.querySelector('.adm-nav-bar');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/**
 * Shows the notifications of stores/notifications at the top of the screen, just under the page's
 * header so its back arrow and title stay visible and usable (issue 10 §5).
 */
export function NotificationHost() {
  const { t } = useTranslation();
  const items = useNotifications((s) => s.items);
  const dismiss = useNotifications((s) => s.dismiss);
  if (items.length === 0) return null;
  return (
    <div className="cp-notifications" aria-live="assertive" style={{ top: headerBottom() }}>
      {items.map((n) => (
        <div
          key={n.id}
          role="alert"
          className={`cp-notification cp-notification--${n.type}`}
          onClick={() => dismiss(n.id)}
        >
          {n.message}
          {n.toCustomerService && (
            <button type="button" className="cp-notification__action" onClick={() => toCustomerService()}>
              {t('support.entry')}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
