import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerStats } from '../../../lib/player/player-events';
import { useStreamingSession } from '../stores/streaming-session';

/** Professional mode's line of figures: codec, frames (or idle) and bitrate of the last second, latency and round trip. */
export function StreamStats() {
  const { t } = useTranslation();
  const session = useStreamingSession((s) => s.session);
  const [stats, setStats] = useState<PlayerStats | null>(null);

  useEffect(() => {
    if (!session) return;
    const read = () => setStats(session.stats);
    read();
    const timer = setInterval(read, 1000);
    return () => clearInterval(timer);
  }, [session]);

  if (!stats) return null;
  return (
    <div className="cp-stream-stats" data-testid="stream-stats">
      {t('phoneView.stats', {
        codec: (stats.codec ?? '').toUpperCase(),
        // Frames are sent only when the picture changes: a still screen is idle, not broken.
        rate: stats.fps > 0 ? t('phoneView.fps', { fps: stats.fps }) : t('phoneView.idle'),
        bitrate: stats.bitrateKbps,
        latency: stats.latencyMs,
        rtt: stats.rttMs,
      })}
    </div>
  );
}
