import { create } from 'zustand';
import { NOTIFICATION_DURATION_MS } from '@cloudphone/contracts/limits';
import { connectNotifications } from '../lib/request';

export type NotificationType = 'danger' | 'warning' | 'success' | 'primary';

export interface Notification {
  id: number;
  message: string;
  type: NotificationType;
  /** The text sends the user to customer service: the notification offers the way there. */
  toCustomerService?: boolean;
}

interface NotificationState {
  items: Notification[];
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNotifications = create<NotificationState>((set) => ({
  items: [],
  dismiss: (id) => set((s) => ({ items: s.items.filter((n) => n.id !== id) })),
}));

/**
 * A notification at the top of the screen: danger by default, gone after 3000 ms (spec §9). One that
 * is on screen already is not stacked again: a refusal repeated a few times a second (a key held on a
 * locked phone) shows once.
 */
export function notify(
  message: string,
  type: NotificationType = 'danger',
  durationMs = NOTIFICATION_DURATION_MS,
  toCustomerService = false,
): void {
  if (useNotifications.getState().items.some((n) => n.message === message && n.type === type)) return;
  const id = nextId++;
  useNotifications.setState((s) => ({ items: [...s.items, { id, message, type, toCustomerService }] }));
  setTimeout(() => useNotifications.getState().dismiss(id), durationMs);
}

// The request layer shows its failures through this port (it does not import the store).
connectNotifications((message, toCustomerService) => notify(message, 'danger', undefined, toCustomerService));
