import { memo, useEffect, useRef, useState } from 'react';
import type { Definition, DefinitionName } from '@cloudphone/contracts/stream';
import { PhonePlayer } from '../../lib/player/phone-player';
import type { PlayerEvent } from '../../lib/player/player-events';
import { LinkBadge } from './LinkBadge';
import { SoundControl } from './SoundControl';
import './PhoneScreen.css';

interface PhoneScreenProps {
  streamUrl: string;
  /** Whether input goes to the phone (a view-only grant watches only). */
  interactive: boolean;
  /** The quality a new stream asks for (a stream of the same session keeps the one chosen). */
  definition: DefinitionName | Definition;
  onEvent: (event: PlayerEvent) => void;
  /** Hands the player to the page for keys, clipboard and reconnecting. */
  onPlayer: (player: PhonePlayer | null) => void;
  testId?: string;
  /** Sound on from the start: the desktop shell's windows, whose browser needs no gesture for it (issue 59). */
  soundOnByDefault?: boolean;
}

/**
 * The live screen. The canvas is mounted once and drawn by the player outside React's render cycle
 * (STYLE: excalidraw); leaving unmounts it and ends the stream. The phone view and the desktop's
 * control window both show it, with the stream's delay and a mark while the network is poor.
 */
export const PhoneScreen = memo(function PhoneScreen({
  streamUrl,
  interactive,
  definition,
  onEvent,
  onPlayer,
  testId = 'phone-screen',
  soundOnByDefault = false,
}: PhoneScreenProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [player, setPlayer] = useState<PhonePlayer | null>(null);
  const [poorNetwork, setPoorNetwork] = useState(false);
  /** The picture's lines (its shorter side), e.g. 540 for SD: the rung "auto" is on (issue 58). */
  const [lines, setLines] = useState(0);
  const [sound, setSound] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  // Read when a stream starts: choosing a quality changes the running stream, it does not reconnect.
  const definitionRef = useRef(definition);
  definitionRef.current = definition;

  useEffect(() => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (!canvas || !box) return;
    const player = new PhonePlayer(canvas, {
      streamUrl,
      definition: definitionRef.current,
      onEvent: (event) => {
        if (event.type === 'frame') canvas.dataset.frames = String(player.stats.framesDrawn);
        // The codec the host announced, which the player follows (tests and support read it here).
        if (event.type === 'connected') {
          canvas.dataset.codec = event.codec;
          setLines(Math.min(event.width, event.height));
          setSound(event.sound);
        }
        if (event.type === 'link') setPoorNetwork(event.poor);
        if (event.type === 'disconnected') setPoorNetwork(false);
        onEventRef.current(event);
      },
    });
    player.connect();
    if (interactive) player.bindInput(box);
    onPlayer(player);
    setPlayer(player);
    return () => {
      onPlayer(null);
      setPlayer(null);
      player.disconnect();
    };
  }, [streamUrl, interactive, onPlayer]);

  return (
    <div ref={boxRef} className="cp-phone-screen" tabIndex={0} data-testid={testId}>
      <canvas ref={canvasRef} className="cp-phone-screen__canvas" />
      <LinkBadge player={player} poor={poorNetwork} lines={lines} />
      <SoundControl player={player} available={sound} onByDefault={soundOnByDefault} />
    </div>
  );
});
