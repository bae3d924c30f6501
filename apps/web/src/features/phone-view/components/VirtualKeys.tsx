import type { PhoneKey } from '@cloudphone/contracts/stream';
import { Icon, type IconName } from '../../../components/icons';

const KEYS: { key: PhoneKey; icon: IconName }[] = [
  { key: 'back', icon: 'back' },
  { key: 'home', icon: 'launcher' },
  { key: 'recents', icon: 'recents' },
];

/** The back, home and recents keys under the screen (shown by default, spec §3); the phone draws none of its own. */
export function VirtualKeys({ onKey, labels }: { onKey: (key: PhoneKey) => void; labels: Record<string, string> }) {
  return (
    <div className="cp-virtual-keys">
      {KEYS.map(({ key, icon }) => (
        <button key={key} type="button" aria-label={labels[key] ?? key} onClick={() => onKey(key)}>
          <Icon name={icon} />
        </button>
      ))}
    </div>
  );
}
