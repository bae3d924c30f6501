import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFINITIONS } from '@cloudphone/contracts/stream';
import type { PhonePlayer } from '../../../lib/player/phone-player';
import { QUALITY_PROFILES, useStreamingSession } from './streaming-session';

function fakePlayer() {
  return { setDefinition: vi.fn(), disconnect: vi.fn() };
}

const session = () => useStreamingSession.getState();

beforeEach(() => session().destroy());

describe('the streaming session (spec §3)', () => {
  it('starts at 720×1280, 30 fps, 2048 kbps "auto", with virtual keys shown and nothing open', () => {
    expect(session().currentDefinition).toEqual({ width: 720, height: 1280, fps: 30, bitrate: 2048, name: 'auto' });
    expect(QUALITY_PROFILES[session().activeProfileIndex]).toBe('auto');
    expect(session().virtualKeyShown).toBe(true);
    expect(session().professionMode).toBe(false);
    expect(session().clipboardShown).toBe(false);
    expect(session().tabListShown).toBe(false);
    expect(session().session).toBeNull();
  });

  it('switches the running stream to the chosen quality profile', () => {
    const player = fakePlayer();
    session().attach(player as unknown as PhonePlayer);
    session().chooseProfile(QUALITY_PROFILES.indexOf('smooth'));
    expect(player.setDefinition).toHaveBeenCalledWith(DEFINITIONS.smooth);
    expect(session().currentDefinition).toEqual({ ...DEFINITIONS.smooth, name: 'smooth' });
    expect(QUALITY_PROFILES[session().activeProfileIndex]).toBe('smooth');
  });

  it('ignores a profile that is not on the menu', () => {
    session().chooseProfile(QUALITY_PROFILES.length);
    expect(session().currentDefinition.name).toBe('auto');
  });

  it('disconnects the player and forgets everything when the session is destroyed', () => {
    const player = fakePlayer();
    const { attach, setQuery, setProfessionMode, setVirtualKeyShown, showClipboard, chooseProfile } = session();
    attach(player as unknown as PhonePlayer);
    setQuery({ userPhoneId: '2' });
    setProfessionMode(true);
    setVirtualKeyShown(false);
    showClipboard(true);
    chooseProfile(1);
    session().destroy();
    expect(player.disconnect).toHaveBeenCalledOnce();
    expect(session()).toMatchObject({
      session: null,
      query: {},
      professionMode: false,
      virtualKeyShown: true,
      clipboardShown: false,
      currentDefinition: { name: 'auto' },
    });
  });
});
