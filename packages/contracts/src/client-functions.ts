/**
 * The function keys of a client, without zod: the web app's shell reads them before its first page,
 * and a module that declares schemas would bring zod into the entry script (issue 10 §6).
 */

/** The function keys of spec §3 that gate features per client. */
export const FUNCTION_KEYS = [
  'root_button',
  'reboot_button',
  'reset_button',
  'upgrade_button',
  'new_button',
  'renew_button',
  'transfer_button',
  'auth_button',
  'clone_button',
  'template_button',
  'change_button',
  'connect_button',
  'discovery',
  'product_buy',
  'activation_code',
] as const;
export type FunctionKey = (typeof FUNCTION_KEYS)[number];

/** Two entries are always present by default: activation code and product order (spec §3). */
export const DEFAULT_ENABLED_FUNCTIONS: readonly FunctionKey[] = ['activation_code', 'product_buy'];

/** functionType 1 is the customer app's function list (spec §7). */
export const FUNCTION_TYPE_APP = 1;
