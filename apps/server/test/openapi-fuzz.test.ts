import fc from 'fast-check';
import { expect, it } from 'vitest';
import { DeviceHost } from '@cloudphone/device-host';
import { randomKeys } from '../src/security/keys';
import { AccountsClient, TestClock } from './helpers/accounts';
import { buildTestApp, describeEachDatabase } from './helpers/databases';
import { invalid, operationsOf, queryValue, valid, type JsonSchema, type Operation } from './helpers/openapi-fuzz';

/** Reproducible: the same seed makes the same requests. */
const SEED = 20261123;
const VALID_PER_OPERATION = 3;
const INVALID_PER_OPERATION = 3;

interface FuzzRequest {
  method: string;
  url: string;
  payload: unknown;
}

function requestsFor(op: Operation, index: number): FuzzRequest[] {
  const query: JsonSchema = { type: 'object', properties: op.query, required: op.requiredQuery };
  const request = (make: (schema: JsonSchema) => fc.Arbitrary<unknown>) =>
    fc.tuple(make(query), op.body ? make(op.body) : fc.constant(undefined)).map(([params, payload]): FuzzRequest => {
      const search = new URLSearchParams();
      if (params && typeof params === 'object' && !Array.isArray(params))
        for (const [name, value] of Object.entries(params)) search.set(name, queryValue(value));
      else if (params !== undefined) search.set(Object.keys(op.query)[0] ?? 'q', queryValue(params));
      const qs = search.toString();
      return { method: op.method, url: qs ? `${op.path}?${qs}` : op.path, payload };
    });
  return [
    ...fc.sample(request(valid), { seed: SEED + index, numRuns: VALID_PER_OPERATION }),
    ...fc.sample(request(invalid), { seed: SEED - index, numRuns: INVALID_PER_OPERATION }),
  ];
}

/**
 * Every operation of /api/openapi.json called with values its own schemas allow and with hostile
 * ones (past int4, NUL bytes, long text, wrong types): each answer is a refusal or a success in
 * the envelope, never a server fault (HTTP 5xx or code 500).
 */
describeEachDatabase('the API under generated requests', (open) => {
  it('answers every generated request without a server fault', { timeout: 120_000 }, async () => {
    const clock = new TestClock();
    const keys = randomKeys();
    const host = new DeviceHost({ dataDir: ':memory:', hostKey: keys.hostKey, clock });
    const app = await buildTestApp(await open(), { clock, keys, deviceHost: host });
    try {
      const api = await AccountsClient.of(app);
      let token = (await api.loginOk()).accessToken;
      const operations = operationsOf((await app.inject({ url: '/api/openapi.json' })).json());
      const requests = operations.flatMap((op, index) => requestsFor(op, index).map((r) => ({ op, ...r })));
      expect(requests.length).toBeGreaterThan(200);

      const faults: string[] = [];
      for (const { op, method, url, payload } of requests) {
        const reply = await app.inject({
          method: method as 'GET',
          url,
          payload: payload === undefined ? undefined : JSON.stringify(payload),
          headers: {
            ...api.headers,
            authorization: `Bearer ${token}`,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
        });
        const code = reply.body ? reply.json<{ code: number }>().code : 0;
        if (reply.statusCode >= 500 || code === 500)
          faults.push(`${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)} → HTTP ${reply.statusCode}`);
        // A call that ended the session (logout, signing this device out): carry on signed in again.
        if (op.access === 'user' && (code === 400 || code === 401)) token = (await api.loginOk()).accessToken;
        clock.advance(11_000);
      }
      expect(faults).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
