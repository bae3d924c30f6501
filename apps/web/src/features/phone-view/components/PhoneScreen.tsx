import { memo, useEffect, useRef } from 'react';
import { PhonePlayer, type PlayerEvent } from '../../../lib/player/phone-player';
import { useStreamingSession } from '../stores/streaming-session';

interface PhoneScreenProps {
  streamUrl: string;
  /** Whether input goes to the phone (a view-only grant watches only). */
  interactive: boolean;
  onEvent: (event: PlayerEvent) => void;
  /** Hands the player to the page for keys, clipboard and reconnecting. */
  onPlayer: (player: PhonePlayer | null) => void;
}

/**
 * The live screen. The canvas is mounted once and drawn by the player outside React's render cycle
 * (STYLE: excalidraw); leaving unmounts it and ends the stream.
 */
export const PhoneScreen = memo(function PhoneScreen({ streamUrl, interactive, onEvent, onPlayer }: PhoneScreenProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;

  useEffect(() => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (!canvas || !box) return;
    const player = new PhonePlayer(canvas, {
      streamUrl,
      // A new stream of the same session (after a refused reconnect) keeps the chosen quality.
      definition: useStreamingSession.getState().currentDefinition.name,
      onEvent: (event) => {
        if (event.type === 'frame') canvas.dataset.frames = String(player.stats.framesDrawn);
        // The codec the host announced, which the player follows (tests and support read it here).
        if (event.type === 'connected') canvas.dataset.codec = event.codec;
        onEventRef.current(event);
      },
    });
    player.connect();
    if (interactive) player.bindInput(box);
    onPlayer(player);
    return () => {
      onPlayer(null);
      player.disconnect();
    };
  }, [streamUrl, interactive, onPlayer]);

  return (
    <div ref={boxRef} className="cp-phone-screen" tabIndex={0} data-testid="phone-screen">
      <canvas ref={canvasRef} className="cp-phone-screen__canvas" />
    </div>
  );
});
