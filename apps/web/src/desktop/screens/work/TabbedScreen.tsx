import { useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { Screen } from '../../components/Screen';
import './work.css';

interface ScreenTab<K extends string> {
  key: K;
  label: ReactNode;
  children: ReactNode;
}

/**
 * A work screen of tabs — the work, then its records. `tabs` is given a way to move to another tab
 * (a transfer done, to its records). Tabs left are unmounted unless `keep`: a clone under way keeps
 * its progress.
 */
export function TabbedScreen<K extends string>({
  title,
  tabs,
  keep = false,
}: {
  title: ReactNode;
  tabs: (go: (key: K) => void) => readonly ScreenTab<K>[];
  keep?: boolean;
}) {
  const [active, setActive] = useState<K | undefined>();
  const items = tabs(setActive);
  return (
    <Screen title={title}>
      <Tabs
        activeKey={active ?? items[0]?.key}
        onChange={(key) => setActive(key as K)}
        destroyOnHidden={!keep}
        items={[...items]}
      />
    </Screen>
  );
}
