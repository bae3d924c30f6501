import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FUNCTION_KEYS, type ClientFunction, type FunctionKey } from '@cloudphone/contracts/client';
import { useSession } from '../../../stores/session';
import { renderInApp } from '../../../testing/render-in-app';
import { userPhone } from '../../../testing/user-phone';
import { useStreamingSession } from '../stores/streaming-session';
import { PhoneTools } from './PhoneTools';

function openTools(options: { beAuthorized?: boolean; off?: FunctionKey[] } = {}) {
  const functions: ClientFunction[] = FUNCTION_KEYS.map((key) => ({
    key,
    name: key,
    props: {},
    enable: !(options.off ?? []).includes(key),
  }));
  useSession.setState({ functions });
  useStreamingSession.setState({ tabListShown: true });
  renderInApp(
    '/phone-view/demo?userPhoneId=3',
    <PhoneTools
      phone={userPhone(3, options.beAuthorized ? { beAuthorized: true, role: 'control' } : {})}
      canControl
      onSwitchPhone={() => {}}
    />,
  );
  return (name: string) => screen.queryByRole('button', { name });
}

afterEach(() => {
  useSession.setState({ functions: null });
  useStreamingSession.setState({ tabListShown: false });
});

describe('the phone tools: grant and replace, the owner’s alone (spec §6)', () => {
  it('offers the owner to grant the phone and to replace it', () => {
    const tool = openTools();
    expect(tool('Grant')).toBeTruthy();
    expect(tool('Replace device')).toBeTruthy();
  });

  it('offers neither on a phone granted to the user', () => {
    const tool = openTools({ beAuthorized: true });
    expect(tool('Grant')).toBeNull();
    expect(tool('Replace device')).toBeNull();
    expect(tool('Restart')).toBeTruthy();
  });

  it('offers a control grantee what the access table lets control do: restart, not reset or settings (issue 54)', () => {
    const tool = openTools({ beAuthorized: true });
    expect(tool('Restart')).toBeTruthy();
    for (const owners of ['Factory reset', 'Root: off', 'Resolution', 'Device model', 'Rename', 'New machine'])
      expect(tool(owners), owners).toBeNull();
  });

  it('hides each while its function is off', () => {
    const tool = openTools({ off: ['auth_button', 'change_button'] });
    expect(tool('Grant')).toBeNull();
    expect(tool('Replace device')).toBeNull();
  });
});

describe('the phone tools: making a template, of the owner’s own phone (issue 15)', () => {
  it('offers it on the owner’s phone, not on one granted to the user, and not while template_button is off', () => {
    expect(openTools()('Make template')).toBeTruthy();
    cleanup();
    expect(openTools({ beAuthorized: true })('Make template')).toBeNull();
    cleanup();
    expect(openTools({ off: ['template_button'] })('Make template')).toBeNull();
  });
});

describe('the phone tools: ADB, the owner’s alone (issue 35)', () => {
  it('offers it on the owner’s phone, not on one granted to the user, and not while connect_button is off', () => {
    expect(openTools()('ADB')).toBeTruthy();
    cleanup();
    expect(openTools({ beAuthorized: true })('ADB')).toBeNull();
    cleanup();
    expect(openTools({ off: ['connect_button'] })('ADB')).toBeNull();
  });
});
