import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendCodeButton } from './SendCodeButton';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const button = () => screen.getByRole('button');

describe('send code button (spec §5: resendable after a countdown)', () => {
  it('counts down 60 seconds after a code is sent, disabled meanwhile', async () => {
    const onSend = vi.fn(async () => true);
    render(<SendCodeButton onSend={onSend} />);
    await act(async () => fireEvent.click(button()));
    expect(onSend).toHaveBeenCalledOnce();
    expect(button().textContent).toBe('Resend in 60s');
    expect(button()).toHaveProperty('disabled', true);

    await act(async () => vi.advanceTimersByTime(59_000));
    expect(button().textContent).toBe('Resend in 1s');
    fireEvent.click(button());
    expect(onSend).toHaveBeenCalledOnce();

    await act(async () => vi.advanceTimersByTime(1_000));
    expect(button().textContent).toBe('Send code');
    expect(button()).toHaveProperty('disabled', false);
  });

  it('does not count down when the code was not sent', async () => {
    render(<SendCodeButton onSend={() => Promise.reject(new Error('invalid number'))} />);
    await act(async () => fireEvent.click(button()));
    expect(button().textContent).toBe('Send code');
    expect(button()).toHaveProperty('disabled', false);
  });
});
