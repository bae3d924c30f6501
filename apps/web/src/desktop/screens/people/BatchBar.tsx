import type { ReactNode } from 'react';
import { Button, Space } from 'antd';

/**
 * The bar over a table whose rows are ticked for one action at once (take back, mark read, delete):
 * the action, named with how many are ticked, and what else the table offers beside it.
 */
export function BatchBar({
  label,
  count,
  onRun,
  busy = false,
  danger = false,
  testId,
  before,
  after,
}: {
  label: string;
  count: number;
  onRun: () => void;
  busy?: boolean;
  danger?: boolean;
  testId: string;
  /** Beside the action, ahead of it (adding) … */
  before?: ReactNode;
  /** … and at the bar's other end (searching). */
  after?: ReactNode;
}) {
  return (
    <div className="cp-desk-toolbar">
      <Space>
        {before}
        <Button danger={danger} disabled={count === 0 || busy} data-testid={testId} onClick={onRun}>
          {label}
        </Button>
      </Space>
      {after}
    </div>
  );
}
