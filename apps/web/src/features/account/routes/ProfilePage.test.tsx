import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FUNCTION_KEYS, type ClientFunction, type FunctionKey } from '@cloudphone/contracts/client';
import { useSession } from '../../../stores/session';
import { renderInApp } from '../../../testing/render-in-app';
import ProfilePage from './ProfilePage';

/** Every function on but those `off`. */
function withFunctionsOff(...off: FunctionKey[]) {
  const functions: ClientFunction[] = FUNCTION_KEYS.map((key) => ({
    key,
    name: key,
    props: {},
    enable: !off.includes(key),
  }));
  useSession.setState({ functions });
}

afterEach(() => useSession.setState({ functions: null }));

describe('Mine: grants and replacement under the client function list (spec §3)', () => {
  it('offers grant management, authorized devices and replacement while their functions are on', () => {
    withFunctionsOff();
    renderInApp('/profile/demo', <ProfilePage />);
    for (const entry of ['Grant management', 'Authorized devices', 'Replace cloud phone'])
      expect(screen.getByText(entry)).toBeTruthy();
  });

  it('hides the grant pages when auth_button is off, and replacement when change_button is off', () => {
    withFunctionsOff('auth_button');
    const { unmount } = renderInApp('/profile/demo', <ProfilePage />);
    expect(screen.queryByText('Grant management')).toBeNull();
    expect(screen.queryByText('Authorized devices')).toBeNull();
    expect(screen.getByText('Replace cloud phone')).toBeTruthy();
    unmount();

    withFunctionsOff('change_button');
    renderInApp('/profile/demo', <ProfilePage />);
    expect(screen.getByText('Grant management')).toBeTruthy();
    expect(screen.queryByText('Replace cloud phone')).toBeNull();
  });
});
