import { useEffect, useRef, useState } from 'react';
import { keyNameOf, type KeyMap } from '@cloudphone/contracts/key-maps';
import { KeyMapPlayer } from '../../lib/key-map/key-map-player';
import type { PhonePlayer } from '../../lib/player/phone-player';

/** Whether a key pressed here is someone's typing, not play: in a field of the page. */
const typingInPage = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Plays `map` on the phone from this window's keyboard (issue 65) while nothing else wants the keys:
 * not while it is edited, nor while the phone's text field has focus (keys type then). A key the map
 * binds never reaches the phone as typing. The window losing focus, hidden or closed, lifts every
 * pointer of the map. Returns whether the map's labels are shown (its own key toggles them).
 */
export function useKeyMapPlay(options: {
  player: PhonePlayer | null;
  map: KeyMap | null;
  paused: boolean;
  canvas: () => HTMLCanvasElement | null;
}): boolean {
  const { player, map, paused, canvas } = options;
  const [labels, setLabels] = useState(true);
  const playing = useRef<KeyMapPlayer | null>(null);

  useEffect(() => {
    if (!player) return;
    const keys = new KeyMapPlayer(
      (message) => player.send(message),
      () => {
        const picture = canvas();
        return picture && picture.width > 0 ? picture.width / picture.height : 9 / 16;
      },
      () => setLabels((shown) => !shown),
    );
    playing.current = keys;
    const lift = () => keys.liftAll();
    const onKeyDown = (event: KeyboardEvent) => {
      // A key with a modifier may be a hotkey (Shift+W is one): the map plays bare keys only.
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey || typingInPage(event.target)) return;
      const key = keyNameOf(event.code);
      if (key && keys.keyDown(key)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      const key = keyNameOf(event.code);
      if (key && keys.keyUp(key)) event.preventDefault();
    };
    const onHidden = () => document.visibilityState === 'hidden' && lift();
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('blur', lift);
    window.addEventListener('pagehide', lift);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      lift();
      playing.current = null;
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
      window.removeEventListener('blur', lift);
      window.removeEventListener('pagehide', lift);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [player, canvas]);

  useEffect(() => {
    playing.current?.setMap(paused ? null : map);
  }, [player, map, paused]);

  return labels && !paused && !!map;
}
