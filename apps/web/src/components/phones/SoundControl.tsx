import { useEffect, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SoundMuteOutline, SoundOutline } from 'antd-mobile-icons';
import type { PhonePlayer } from '../../lib/player/phone-player';
import { supportsSound } from '../../lib/player/sound-player';

/** Where this device keeps the sound's mute and volume. */
const SOUND_KEY = 'cloudphone.sound';
/** How often the decoded sound is counted onto the control (tests and support read it there). */
const COUNT_MS = 500;

interface SoundSetting {
  on: boolean;
  /** 0–1. */
  volume: number;
}

function remembered(onByDefault: boolean): SoundSetting {
  try {
    const kept = JSON.parse(localStorage.getItem(SOUND_KEY) ?? 'null') as Partial<SoundSetting> | null;
    // A browser starts sound only on a gesture: it starts muted there, whatever was left on.
    return { on: onByDefault && (kept?.on ?? true), volume: kept?.volume ?? 0.8 };
  } catch {
    return { on: onByDefault, volume: 0.8 };
  }
}

/** The control's taps are the control's, not the phone's (the screen under it takes pointer input). */
const keepFromPhone = (event: PointerEvent) => event.stopPropagation();

/**
 * The phone's sound (issue 59): mute and volume, remembered on this device. In a browser it starts
 * muted (sound starts only on a gesture: the first tap on it unmutes); `onByDefault` in the desktop
 * shell's windows, whose browser needs none. A browser without WebCodecs' AudioDecoder says so.
 */
export function SoundControl({
  player,
  available,
  onByDefault = false,
}: {
  player: PhonePlayer | null;
  /** Whether the phone makes sound here (its stream's config says). */
  available: boolean;
  onByDefault?: boolean;
}) {
  const { t } = useTranslation();
  const [setting, setSetting] = useState(() => remembered(onByDefault));
  const [decoded, setDecoded] = useState(0);
  const supported = supportsSound();

  useEffect(() => {
    if (!player || !supported) return;
    player.setSound(setting.on && available, setting.volume);
    if (!setting.on) return;
    const timer = setInterval(() => setDecoded(player.stats.audioFramesDecoded), COUNT_MS);
    return () => clearInterval(timer);
  }, [player, supported, available, setting]);

  const change = (next: SoundSetting) => {
    setSetting(next);
    localStorage.setItem(SOUND_KEY, JSON.stringify(next));
  };

  if (!available) return null;
  const label = !supported
    ? t('phoneView.sound.unsupported')
    : setting.on
      ? t('phoneView.sound.mute')
      : t('phoneView.sound.unmute');
  return (
    <div className="cp-sound" onPointerDown={keepFromPhone} onPointerUp={keepFromPhone} data-testid="sound-control">
      <button
        type="button"
        className="cp-sound__toggle"
        aria-label={label}
        title={label}
        aria-pressed={setting.on}
        disabled={!supported}
        data-audio-frames={decoded}
        onClick={() => change({ ...setting, on: !setting.on })}
      >
        {setting.on ? <SoundOutline /> : <SoundMuteOutline />}
        {!supported && <span className="cp-sound__note">{label}</span>}
      </button>
      {setting.on && (
        <input
          type="range"
          className="cp-sound__volume"
          aria-label={t('phoneView.sound.volume')}
          min={0}
          max={100}
          value={Math.round(setting.volume * 100)}
          onChange={(event) => change({ ...setting, volume: Number(event.target.value) / 100 })}
        />
      )}
    </div>
  );
}
