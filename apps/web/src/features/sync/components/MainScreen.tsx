import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PhonePlayer } from '../../../lib/player/phone-player';

/**
 * The main phone's live screen, driven by its owner, with a text field for the local keyboard and
 * IME: a key issued in the session carries the session's id, so the host replays this input on every
 * active follower. Drawn by the player outside React's render cycle; leaving ends the stream.
 */
export const MainScreen = memo(function MainScreen({ streamUrl }: { streamUrl: string }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

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
    player.bindKeyboard(fieldRef.current);
    return () => player.disconnect();
  }, [streamUrl]);

  return (
    <>
      <div ref={boxRef} className="cp-phone-screen" tabIndex={0} data-testid="sync-main-screen">
        <canvas ref={canvasRef} className="cp-phone-screen__canvas" />
      </div>
      <textarea
        ref={fieldRef}
        className="cp-sync__keyboard"
        rows={1}
        aria-label={t('phoneView.keyboard.label')}
        placeholder={t('phoneView.keyboard.placeholder')}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
      />
    </>
  );
});
