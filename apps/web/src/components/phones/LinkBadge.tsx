import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhonePlayer } from '../../lib/player/phone-player';

/** How often the delay shown is read again. */
const READ_MS = 1000;

/**
 * The stream's delay, capture on the phone to drawn here, and a "poor network" mark while the host
 * skips frames for this viewer (issue 57): a viewer on a slow link knows the network is the cause.
 * `poor` comes from the player's event as soon as the host says so. Beside it, the picture's lines
 * (720P, 540P…): the rung "auto" is on (issue 58).
 */
export function LinkBadge({ player, poor, lines }: { player: PhonePlayer | null; poor: boolean; lines: number }) {
  const { t } = useTranslation();
  const [delayMs, setDelayMs] = useState(0);

  useEffect(() => {
    if (!player) return;
    // While frames come, how old each is when drawn; on a still screen, the last ping's round trip
    // (the last frame's age would only grow stale).
    const read = () => {
      const stats = player.stats;
      setDelayMs(stats.fps > 0 ? stats.latencyMs : stats.rttMs);
    };
    const timer = setInterval(read, READ_MS);
    return () => clearInterval(timer);
  }, [player]);

  if (!poor && delayMs === 0) return null;
  return (
    <div className="cp-link-badge" data-poor={poor} data-testid="link-badge" role="status">
      {lines > 0 && <span data-testid="stream-lines">{t('phoneView.link.lines', { lines })} · </span>}
      {poor ? t('phoneView.link.poor') : t('phoneView.link.delay', { ms: delayMs })}
    </div>
  );
}
