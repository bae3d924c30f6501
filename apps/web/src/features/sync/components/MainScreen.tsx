import { memo, useState } from 'react';
import { PhoneScreen } from '../../../components/phones/PhoneScreen';
import { PlayerTextField } from '../../../components/phones/PlayerTextField';
import type { PhonePlayer } from '../../../lib/player/phone-player';

const ignore = () => undefined;

/**
 * The main phone's live screen, driven by its owner, with a text field for the local keyboard and
 * IME: a key issued in the session carries the session's id, so the host replays this input on every
 * active follower. Leaving ends the stream.
 */
export const MainScreen = memo(function MainScreen({ streamUrl }: { streamUrl: string }) {
  const [player, setPlayer] = useState<PhonePlayer | null>(null);
  return (
    <>
      <PhoneScreen
        streamUrl={streamUrl}
        interactive
        definition="auto"
        onEvent={ignore}
        onPlayer={setPlayer}
        testId="sync-main-screen"
      />
      <PlayerTextField player={player} className="cp-sync__keyboard" />
    </>
  );
});
