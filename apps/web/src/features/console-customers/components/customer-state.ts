import type { CustomerState } from '@cloudphone/contracts/console-customers';

/** How an account's state is coloured: signing in green, stopped red, cancelled grey. */
export const STATE_COLOURS: Record<CustomerState, string> = {
  active: 'green',
  disabled: 'red',
  unregistered: 'default',
};
