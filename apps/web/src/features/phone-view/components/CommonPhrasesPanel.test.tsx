import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhonePlayer } from '../../../lib/player/phone-player';
import { useNotifications } from '../../../stores/notifications';
import { renderInApp } from '../../../testing/render-in-app';
import { useCommonPhrases } from '../stores/common-phrases';
import { useStreamingSession } from '../stores/streaming-session';
import { CommonPhrasesPanel } from './CommonPhrasesPanel';

const send = vi.fn();
const player = { send, disconnect: vi.fn() } as unknown as PhonePlayer;

function openPanel() {
  useStreamingSession.setState({ session: player });
  renderInApp('/phone-view/demo?userPhoneId=2', <CommonPhrasesPanel visible onClose={() => undefined} />);
}

const phrasesShown = () => screen.queryAllByText(/./, { selector: '.cp-sheet__text' }).map((e) => e.textContent);
const rowOf = (text: string) =>
  screen.getByText(text, { selector: '.cp-sheet__text' }).closest<HTMLElement>('.adm-list-item')!;
const dialog = async () => within((await screen.findAllByRole('dialog')).at(-1)!);

/** Fills the add/edit dialog and presses OK. */
async function saveDraft(text: string) {
  const input = await screen.findByRole('textbox', { name: 'Enter a phrase' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click((await dialog()).getByRole('button', { name: 'OK' }));
}

async function addPhrase(text: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add a phrase' }));
  await saveDraft(text);
}

beforeEach(() => {
  send.mockReset();
  useStreamingSession.getState().destroy();
  useCommonPhrases.setState({ phrases: [] });
  useNotifications.setState({ items: [] });
});

describe('common phrases (spec §1)', () => {
  it('adds a phrase without its surrounding spaces, and keeps it in this browser', async () => {
    openPanel();
    expect(screen.getByText('No common phrases yet')).toBeTruthy();
    await addPhrase('  Good morning, boss  ');
    await waitFor(() => expect(phrasesShown()).toEqual(['Good morning, boss']));
    expect(screen.queryByText('No common phrases yet')).toBeNull();
    expect(localStorage.getItem('phoneCommonPhrases')).toContain('Good morning, boss');
  });

  it('refuses an empty phrase and keeps the dialog open to fix it', async () => {
    openPanel();
    await addPhrase('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a phrase');
    expect(useCommonPhrases.getState().phrases).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Enter a phrase' })).toBeTruthy();
  });

  it('edits a phrase in place, starting from its text', async () => {
    useCommonPhrases.setState({ phrases: [{ id: 'p1', text: 'See you at 9' }] });
    openPanel();
    fireEvent.click(within(rowOf('See you at 9')).getByRole('button', { name: 'Edit' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Enter a phrase' })).value).toBe(
      'See you at 9',
    );
    await saveDraft('See you at 10');
    await waitFor(() => expect(phrasesShown()).toEqual(['See you at 10']));
    expect(useCommonPhrases.getState().phrases).toEqual([{ id: 'p1', text: 'See you at 10' }]);
  });

  it('refuses to edit a phrase down to nothing', async () => {
    useCommonPhrases.setState({ phrases: [{ id: 'p1', text: 'See you at 9' }] });
    openPanel();
    fireEvent.click(within(rowOf('See you at 9')).getByRole('button', { name: 'Edit' }));
    await saveDraft('');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a phrase');
    expect(useCommonPhrases.getState().phrases).toEqual([{ id: 'p1', text: 'See you at 9' }]);
  });

  it('deletes a phrase only once the user confirms', async () => {
    useCommonPhrases.setState({ phrases: [{ id: 'p1', text: 'Thanks!' }] });
    openPanel();
    fireEvent.click(within(rowOf('Thanks!')).getByRole('button', { name: 'Delete' }));
    expect((await dialog()).getByText('Delete this phrase?')).toBeTruthy();
    fireEvent.click((await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Delete this phrase?')).toBeNull());
    expect(phrasesShown()).toEqual(['Thanks!']);

    fireEvent.click(within(rowOf('Thanks!')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete this phrase?');
    fireEvent.click((await dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(phrasesShown()).toEqual([]));
    expect(useCommonPhrases.getState().phrases).toEqual([]);
  });

  it('types the phrase into the phone', async () => {
    useCommonPhrases.setState({ phrases: [{ id: 'p1', text: 'My order number is 42' }] });
    openPanel();
    fireEvent.click(within(rowOf('My order number is 42')).getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'text', text: 'My order number is 42' });
    expect((await screen.findByRole('alert')).textContent).toBe('Sent to the phone');
  });

  // Unlike saved clipboard entries (spec §5), phrases may repeat: each is its own entry.
  it('keeps the same phrase added twice as two entries, deleted one at a time', async () => {
    openPanel();
    await addPhrase('On my way');
    await waitFor(() => expect(phrasesShown()).toEqual(['On my way']));
    await addPhrase('On my way');
    await waitFor(() => expect(phrasesShown()).toEqual(['On my way', 'On my way']));
    const [first, second] = useCommonPhrases.getState().phrases;
    expect(first!.id).not.toBe(second!.id);

    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    await screen.findByText('Delete this phrase?');
    fireEvent.click((await dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(phrasesShown()).toEqual(['On my way']));
    expect(useCommonPhrases.getState().phrases).toEqual([second]);
  });
});
