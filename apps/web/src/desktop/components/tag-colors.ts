import type { StatusTagColor } from '../../components/phones/phone-status';

/** A phone status tag's colour as antd names it. */
export const TAG_COLORS: Record<StatusTagColor, string> = {
  success: 'green',
  default: 'default',
  warning: 'orange',
  danger: 'red',
  primary: 'blue',
};
