import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import type { ClientFunction, FunctionKey } from '@cloudphone/contracts/client';
import { useSession } from '../stores/session';
import { renderInApp } from '../testing/render-in-app';
import { PurchaseGate } from './PurchaseGate';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** The purchase functions `enabled` on, with renewing and upgrading themselves on throughout. */
function withFunctions(...enabled: FunctionKey[]) {
  const all: FunctionKey[] = ['product_buy', 'activation_code', 'renew_button', 'upgrade_button'];
  const on = [...enabled, 'renew_button', 'upgrade_button'];
  const functions: ClientFunction[] = all.map((key) => ({ key, name: key, props: {}, enable: on.includes(key) }));
  useSession.setState({ functions });
}

function open(path: string) {
  renderInApp(
    path,
    <>
      <PurchaseGate>
        <p>the page</p>
      </PurchaseGate>
      <Where />
    </>,
  );
}

afterEach(() => useSession.setState({ functions: null }));

describe('the purchase pages under the client function list (spec §6)', () => {
  it('shows the page when the function is on', () => {
    withFunctions('product_buy', 'activation_code');
    open('/add-phone/demo');
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('sends renewing to the activation code page with type 2 when only activation code is on', async () => {
    withFunctions('activation_code');
    open('/recharge-single-phone/demo?userPhoneId=3');
    expect(await screen.findByText('/activation-code/demo?type=2')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('sends the activation code page to buying when only purchase is on', async () => {
    withFunctions('product_buy');
    open('/activation-code/demo');
    expect(await screen.findByText('/add-phone/demo')).toBeTruthy();
  });

  it('stays put, saying the function is not enabled, when neither is on', async () => {
    withFunctions();
    open('/add-phone/demo');
    expect(await screen.findByText('This function is not enabled')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/demo');
    expect(screen.queryByText('the page')).toBeNull();
  });
});
