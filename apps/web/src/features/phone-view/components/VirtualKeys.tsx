import type { PhoneKey } from '@cloudphone/contracts/stream';

const KEYS: { key: PhoneKey; glyph: string; label: string }[] = [
  { key: 'back', glyph: '◁', label: 'back' },
  { key: 'home', glyph: '○', label: 'home' },
  { key: 'recents', glyph: '□', label: 'recents' },
];

/** The back, home and recents keys under the screen (shown by default, spec §3). */
export function VirtualKeys({ onKey, labels }: { onKey: (key: PhoneKey) => void; labels: Record<string, string> }) {
  return (
    <div className="cp-virtual-keys">
      {KEYS.map(({ key, glyph, label }) => (
        <button key={key} type="button" aria-label={labels[label] ?? label} onClick={() => onKey(key)}>
          {glyph}
        </button>
      ))}
    </div>
  );
}
