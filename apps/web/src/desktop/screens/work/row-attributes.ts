import type { HTMLAttributes } from 'react';

/** `data-*` attributes for a table row (antd's `onRow`): where tests find it, and what state it is in. */
export const rowAttributes = (attributes: Record<`data-${string}`, string | number | boolean>) =>
  attributes as HTMLAttributes<HTMLElement>;
