import { memo, useEffect, useRef } from 'react';
import { PhonePlayer } from '../../../lib/player/phone-player';

/**
 * The main phone's live screen, driven by its owner: a key issued in the session carries the
 * session's id, so the host replays this input on every active follower. Drawn by the player outside
 * React's render cycle; leaving unmounts it and ends the stream.
 */
export const MainScreen = memo(function MainScreen({ streamUrl }: { streamUrl: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (!canvas || !box) return;
    const player = new PhonePlayer(canvas, {
      streamUrl,
      onEvent: (event) => {
        if (event.type === 'frame') canvas.dataset.frames = String(player.stats.framesDrawn);
      },
    });
    player.connect();
    player.bindInput(box);
    return () => player.disconnect();
  }, [streamUrl]);

  return (
    <div ref={boxRef} className="cp-phone-screen" tabIndex={0} data-testid="sync-main-screen">
      <canvas ref={canvasRef} className="cp-phone-screen__canvas" />
    </div>
  );
});
