import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useNotifications, type NotificationType } from '../../stores/notifications';

const KIND: Record<NotificationType, 'error' | 'warning' | 'success' | 'info'> = {
  danger: 'error',
  warning: 'warning',
  success: 'success',
  primary: 'info',
};

/** The app's notifications (the request layer's refusals among them) as antd messages, each shown once. */
export function DesktopNotifications() {
  const { message } = App.useApp();
  const items = useNotifications((s) => s.items);
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const item of items) {
      if (shown.current.has(item.id)) continue;
      shown.current.add(item.id);
      void message.open({ type: KIND[item.type], content: item.message });
    }
  }, [items, message]);
  return null;
}
