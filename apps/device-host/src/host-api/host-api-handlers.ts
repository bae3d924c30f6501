import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import { SNAPSHOT_CONTENT_TYPE, type HostInstance } from '@cloudphone/contracts/host-api';
import { HOST_API } from '@cloudphone/contracts/host-api-catalogue';
import { PackageParseError, readApk } from '@cloudphone/apk';
import type { DeviceHost } from '../host';
import { lackingOf } from '@cloudphone/contracts/phone-capabilities';
import {
  CapabilityMissing,
  NoFreeDevice,
  PhoneNotFound,
  requireCapability,
  type DrivenPhone,
  type PhoneCapability,
  type PhoneDriver,
} from '../drivers/phone-driver';
import type { Task } from '../phones/tasks';
import type { PhoneInput } from '../policy/phone-input';
import { HostApiRefusal, type UploadedFile } from './host-api-signature';

/** A call's refusal, as the error catalogue names it. */
export class HostApiError extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
  }
}

/** The catalogue key a call's error is answered with. */
export function errorKeyOf(error: unknown): ErrorKey {
  if (error instanceof HostApiError) return error.key;
  if (error instanceof HostApiRefusal) return error.reason === 'forbidden' ? 'forbidden' : 'invalidParameter';
  if (error instanceof PhoneNotFound) return 'phoneNotFound';
  if (error instanceof CapabilityMissing) return 'capabilityMissing';
  if (error instanceof NoFreeDevice) return 'stockShortage';
  if (error instanceof PackageParseError) return 'packageParseError';
  if (error instanceof z.ZodError) return 'invalidParameter';
  // A body too large, malformed or of a type no call takes: the caller's fault, answered cleanly.
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status >= 400 && status < 500) return 'invalidParameter';
  return 'systemException';
}

/** A route's path parameters (`:no`, `:id`, `:syncId`). */
export type Params = Record<string, string | undefined>;
/** What a route that answers bytes hands back: a screenshot, a snapshot's data. */
export interface HostBytes {
  type: string;
  bytes: Buffer;
}
type Routes = typeof HOST_API;
/** The routes a host answers with data or bytes (its event stream is a route of its own). */
export type RouteName = Exclude<keyof Routes, 'events'>;
/** What answers one route of the catalogue: its parsed body and path parameters in, its reply's data out. */
export type HostApiHandler<N extends RouteName = RouteName> = (
  body: z.infer<Routes[N]['body']>,
  params: Params,
) => unknown;
export type HostApiHandlers = { [N in RouteName]: HostApiHandler<N> };

/**
 * What a host answers each call of the host-API catalogue with (issue 51), apart from the wire: its
 * HTTP routes are made from this table, and a control plane in the same process calls it directly.
 */
export function hostApiHandlers(host: DeviceHost<PhoneDriver>): HostApiHandlers {
  const handlers = {} as Record<RouteName, HostApiHandler>;
  const on = <N extends RouteName>(name: N, handler: HostApiHandler<N>) => {
    handlers[name] = handler as HostApiHandler;
  };
  // What the driver lacks is the same for each of its phones.
  const lacks = lackingOf(host.fleet.capabilities);
  // Field by field, with no spread: a page of the phone list describes each of its phones.
  const describe = (phone: DrivenPhone): HostInstance => {
    const { instanceNo } = phone;
    const { identity, display, root, language } = phone.facts();
    return {
      instanceNo,
      status: phone.status(),
      identity,
      display,
      root,
      language,
      viewers: host.viewerCount(instanceNo),
      controllers: host.controllerCount(instanceNo),
      lacks,
    };
  };
  const { fleet } = host;
  /** The driver's operation, refused with `capabilityMissing` when it lacks `capability` (issue 50). */
  const able = (capability: PhoneCapability) => {
    requireCapability(fleet, capability);
    return fleet;
  };
  // A timed task says when it ends, so the control plane holds the phone's lock exactly that long.
  const timed = (t: Task) => ({ taskId: t.id, finishAt: t.finishAt });
  const no = (params: Params) => params.no!;
  const phone = (params: Params) => fleet.require(no(params));
  const id = (params: Params) => params.id!;

  on('models', () => fleet.models());
  on('instances', () => fleet.list().map(describe));
  on('describe', ({ instanceNos }) => instanceNos.flatMap((n) => fleet.get(n) ?? []).map(describe));
  on('createInstance', (body) => describe(fleet.create(body)));
  on('instance', (_, params) => describe(phone(params)));
  on('releaseInstance', (_, params) => fleet.release?.(no(params)));
  on('reboot', ({ taskId }, params) => timed(able('restart').reboot(no(params), taskId)));
  on('reset', ({ taskId }, params) => timed(able('reset').reset(no(params), taskId)));
  on('newMachine', (body, params) => timed(able('new-machine').newMachine(no(params), body)));
  on('setResolution', ({ taskId, ...display }, params) =>
    timed(able('resolution').setResolution(no(params), display, taskId)),
  );
  on('setRoot', ({ root, taskId }, params) => timed(able('root').setRoot(no(params), root, taskId)));
  on('setModel', (body, params) =>
    timed(able('model').setModel(no(params), body.manufacturer, body.model, body.taskId)),
  );
  on('setOperatorState', ({ state }, params) => able('operator-state').setOperatorState(no(params), state));
  on('screenshot', async (_, params) => ({
    type: 'image/png',
    bytes: able('screen') && (await phone(params).screenshotPng()),
  }));
  on('clipboard', (_, params) => ({ text: able('clipboard') && phone(params).clipboard }));
  on('setClipboard', ({ text }, params) => {
    able('clipboard');
    phone(params).setClipboard(text);
  });
  on('pushFile', (body, params) => timed(able('files').pushFile(no(params), { ...body, time: host.clock.now() })));
  // The package itself is the body, streamed to disk and signed like any other body (its sha256).
  on('installApk', async (body, params) => {
    const upload = body as Partial<UploadedFile>;
    if (!upload.file) throw new HostApiError('invalidParameter');
    const apk = readApk(await readFile(upload.file));
    const installed = { ...apk, icon: apk.icon ?? '', installedAt: host.clock.now() };
    const installing = able('apps').installApp(no(params), installed);
    return { taskId: installing.id, packageName: apk.packageName, label: apk.label, versionName: apk.versionName };
  });
  // A push of a file (and install of an app) under the task id the control plane chose (issue 14).
  on('push', (body, params) => host.pushes.push(no(params), body));
  // A replacement that moves data (spec §4 type 2): the new instance gets the old one's user data.
  on('copyUserData', ({ toInstanceNo }, params) => able('snapshots').copyUserData(no(params), toInstanceNo));
  // Templates (issue 15): a phone's user data kept as a snapshot, applied to other phones, copied between hosts.
  on('snapshot', ({ snapshotId, taskId }, params) => timed(able('snapshots').snapshot(no(params), snapshotId, taskId)));
  on('applySnapshot', (body, params) =>
    timed(able('snapshots').applySnapshot(no(params), body.snapshotId, body.taskId, body)),
  );
  on('snapshotInfo', (_, params) => able('snapshots').snapshotInfo(id(params)) ?? null);
  // A snapshot's bytes, for the control plane to keep in its blob store (issue 21): bytes, never an envelope.
  on('snapshotData', (_, params) => {
    const bytes = host.snapshots.bytes(id(params));
    if (!bytes) throw new HostApiError('notFound');
    return { type: SNAPSHOT_CONTENT_TYPE, bytes };
  });
  // A snapshot another host took, fetched by hash from the control plane's blob store.
  on('placeSnapshot', (body, params) => host.snapshots.place(id(params), body));
  on('deleteSnapshot', (_, params) => able('snapshots').deleteSnapshot(id(params)));
  on('task', (_, params) => {
    const push = host.pushes.find(id(params));
    if (push) return { ...push, status: push.state };
    const result = fleet.task(id(params));
    if (!result) throw new HostApiError('notFound');
    return result;
  });
  on('revoke', (body) => host.revoke(body.instanceNo, body.userId, body.before, body.reason, body.closeAdb));
  // The main's input from the host of a sync session's main (issue 32), replayed on this host's followers:
  // signed with the session's key for this host, it drives that session's phones and nothing else.
  on('syncInput', ({ input }, params) => ({
    followers: host.input.replayForwarded(params.syncId!, input as PhoneInput),
  }));
  // Phones' locks (issue 20): each applied by its version, so a repeat or a late one changes nothing.
  on('phoneStates', ({ phones }) => host.applyPhoneStates(phones));
  return handlers as HostApiHandlers;
}

/** What a call in the same process is answered with: the handler's data, or its refusal's catalogue key. */
export type InProcessAnswer = { data: unknown } | { refused: ErrorKey };

/**
 * The host API as a control plane in the same process calls it (issue 51): the very handlers the
 * host's routes are made from, each body parsed by the catalogue's schema, with no wire between — and
 * so neither a signature nor an envelope. An error of the host itself is thrown as it is.
 */
export function inProcessHostApi(host: DeviceHost<PhoneDriver>) {
  const handlers = hostApiHandlers(host);
  return async (name: RouteName, params: Params, body: unknown): Promise<InProcessAnswer> => {
    try {
      const handler = handlers[name] as HostApiHandler;
      return { data: await handler(HOST_API[name].body.parse(body ?? {}), params) };
    } catch (error) {
      const key = errorKeyOf(error);
      if (key === 'systemException') throw error;
      return { refused: key };
    }
  };
}
