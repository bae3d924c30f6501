import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhonePlayer } from '../../../lib/player/phone-player';
import { renderInApp } from '../../../testing/render-in-app';
import { useClipboardEntries } from '../stores/clipboard-entries';
import { useStreamingSession } from '../stores/streaming-session';
import { ClipboardPanel } from './ClipboardPanel';

const send = vi.fn();
const player = { send, disconnect: vi.fn() } as unknown as PhonePlayer;

function openPanel() {
  useStreamingSession.setState({ session: player, clipboardShown: true });
  renderInApp('/phone-view/demo?userPhoneId=2', <ClipboardPanel />);
}

const type = (text: string) =>
  fireEvent.change(screen.getByPlaceholderText('Text to send to the phone'), { target: { value: text } });

beforeEach(() => {
  send.mockReset();
  useStreamingSession.getState().destroy();
  useClipboardEntries.setState({ entries: [] });
});

describe('the clipboard panel', () => {
  it('asks the phone for its clipboard when opened, and shows what the phone says', async () => {
    openPanel();
    expect(send).toHaveBeenCalledWith({ type: 'clipboard-get' });
    expect(screen.getByTestId('device-clipboard').textContent).toBe('The phone clipboard is empty');
    useStreamingSession.getState().setDeviceClipboard('copied on the phone');
    expect((await screen.findByTestId('device-clipboard')).textContent).toBe('copied on the phone');
  });

  it('sends text to the phone clipboard', () => {
    openPanel();
    type('hello phone');
    fireEvent.click(screen.getByRole('button', { name: 'Send to phone clipboard' }));
    expect(send).toHaveBeenCalledWith({ type: 'clipboard-set', text: 'hello phone' });
  });

  it('saves an entry once, refuses the same text again, and keeps it in this browser', async () => {
    openPanel();
    type('order 42');
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(await screen.findByText('order 42', { selector: '.cp-sheet__text' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(await screen.findByText('This clipboard content already exists')).toBeTruthy();
    expect(useClipboardEntries.getState().entries).toEqual(['order 42']);
    expect(localStorage.getItem('phoneClipboardEntries')).toContain('order 42');
  });

  it('pastes line by line, and refuses to paste nothing', async () => {
    openPanel();
    type('one\ntwo');
    fireEvent.click(screen.getByRole('button', { name: 'Paste into phone' }));
    expect(send.mock.calls.map(([m]) => m as unknown)).toContainEqual({ type: 'clipboard-set', text: 'two' });
    expect(send).toHaveBeenCalledWith({ type: 'key', key: 'enter' });
    send.mockClear();
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Paste into phone' }));
    expect(await screen.findByText('Pasted content must not be empty')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });
});
