import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { FUNCTION_KEYS, type FunctionKey } from '@cloudphone/contracts/client-functions';
import { ERRORS } from '@cloudphone/contracts/errors';
import { isPurchaseRoute } from '../lib/routing/navigation';
import { pathFor, ROUTES } from '../lib/routing/route-table';
import { renderInApp } from '../testing/render-in-app';
import { useSession } from '../stores/session';
import { RoutePage } from './RoutePage';

function withFunctionsOff(...off: FunctionKey[]) {
  useSession.setState({
    functions: FUNCTION_KEYS.map((key) => ({ key, name: key, props: {}, enable: !off.includes(key) })),
  });
}

afterEach(() => {
  cleanup();
  useSession.setState({ functions: null });
});

const switched = ROUTES.filter((route) => route.needs && !isPurchaseRoute(route.name));

describe('a route its client switched off (issue 55)', () => {
  it('names its switch in the route table for every switchable page', () => {
    expect(switched.map((r) => r.name)).toEqual(expect.arrayContaining(['discover', 'transferDevice', 'adbKeys']));
  });

  it.each(switched.map((route) => [route.name, route] as const))(
    '%s, opened by URL with its switch off, shows the function-off page',
    async (_name, route) => {
      withFunctionsOff(route.needs!);
      renderInApp(pathFor(route.name, 'demo'), <RoutePage route={route} />);
      await screen.findByText(ERRORS.functionDisabled['en-US']);
    },
  );
});
