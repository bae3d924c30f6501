import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signHostEvent } from '@cloudphone/contracts/access-key';
import { errorMessage, ERRORS, type ErrorKey } from '@cloudphone/contracts/errors';
import {
  HostApiHeader,
  hostApplySnapshotBody,
  hostClipboardBody,
  hostCopyUserDataBody,
  hostCreateInstanceBody,
  hostDescribeBody,
  hostDisplaySchema,
  HostEventName,
  hostFileBody,
  hostModelBody,
  hostNewMachineBody,
  hostOperatorStateBody,
  hostPhoneStatesBody,
  hostPlaceSnapshotBody,
  hostPushBodySchema,
  hostRevokeBody,
  hostRootBody,
  hostSnapshotBody,
  hostSyncInputBody,
  hostTaskIdBody,
  SNAPSHOT_CONTENT_TYPE,
  type HostInstance,
} from '@cloudphone/contracts/host-api';
import { EVENTS_HEARTBEAT_MS } from '@cloudphone/contracts/live-events';
import type { DeviceHost } from '../host';
import type { PhoneDriver } from '../drivers/phone-driver';
import {
  CapabilityMissing,
  PhoneNotFound,
  requireCapability,
  type DrivenPhone,
  type PhoneCapability,
} from '../drivers/phone-driver';
import { PackageParseError, readApk } from '@cloudphone/apk';
import type { Task } from '../phones/tasks';
import type { PhoneInput } from '../policy/phone-input';
import { HostApiRefusal, requireHostSignature, type UploadedFile } from './host-api-signature';

class HostApiError extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
  }
}

function errorKeyOf(error: unknown): ErrorKey {
  if (error instanceof HostApiError) return error.key;
  if (error instanceof HostApiRefusal) return error.reason === 'forbidden' ? 'forbidden' : 'invalidParameter';
  if (error instanceof PhoneNotFound) return 'phoneNotFound';
  if (error instanceof CapabilityMissing) return 'capabilityMissing';
  if (error instanceof PackageParseError) return 'packageParseError';
  if (error instanceof z.ZodError) return 'invalidParameter';
  // A body too large, malformed or of a type no call takes: the caller's fault, answered cleanly.
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status >= 400 && status < 500) return 'invalidParameter';
  return 'systemException';
}

/**
 * The API the control plane drives a separate host with (DESIGN §4): instances, power operations,
 * settings, screenshots, clipboard, files, tasks and revocations. Every call is signed with the host key.
 */
export async function hostApiRoutes(app: FastifyInstance, { host }: { host: DeviceHost<PhoneDriver> }) {
  requireHostSignature(app, host);

  app.setErrorHandler(async (error, request) => {
    const key = errorKeyOf(error);
    if (key === 'systemException') request.log.error({ err: error }, 'host api call failed');
    return { code: ERRORS[key].code, msg: errorMessage(key, 'en-US'), data: null };
  });

  const ok = (data: unknown) => ({ code: 0, msg: '', data });
  const describe = (phone: DrivenPhone): HostInstance => {
    const { instanceNo } = phone;
    return {
      instanceNo,
      status: phone.status(),
      ...phone.facts(),
      viewers: host.viewerCount(instanceNo),
      controllers: host.controllerCount(instanceNo),
    };
  };
  const { fleet } = host;
  /** The driver's operation, refused with `capabilityMissing` when it lacks `capability` (issue 50). */
  const able = (capability: PhoneCapability) => {
    requireCapability(fleet, capability);
    return fleet;
  };
  // A timed task says when it ends, so the control plane holds the phone's lock exactly that long.
  const task = (t: Task) => ok({ taskId: t.id, finishAt: t.finishAt });
  type Instance = { Params: { no: string } };
  const phone = (request: FastifyRequest<Instance>) => fleet.require(request.params.no);

  app.get('/models', async () => ok(fleet.models()));
  app.get('/instances', async () => ok(fleet.list().map(describe)));
  app.post('/instances/describe', async (request) => {
    const { instanceNos } = hostDescribeBody.parse(request.body);
    return ok(instanceNos.flatMap((no) => fleet.get(no) ?? []).map(describe));
  });
  app.post('/instances', async (request) => {
    return ok(describe(fleet.create(hostCreateInstanceBody.parse(request.body))));
  });
  app.get<Instance>('/instances/:no', async (request) => ok(describe(phone(request))));
  const taskIdOf = (request: FastifyRequest) => hostTaskIdBody.parse(request.body ?? {}).taskId;
  app.post<Instance>('/instances/:no/reboot', async (request) =>
    task(able('restart').reboot(request.params.no, taskIdOf(request))),
  );
  app.post<Instance>('/instances/:no/reset', async (request) =>
    task(able('reset').reset(request.params.no, taskIdOf(request))),
  );
  app.post<Instance>('/instances/:no/new-machine', async (request) =>
    task(able('new-machine').newMachine(request.params.no, hostNewMachineBody.parse(request.body ?? {}))),
  );
  app.put<Instance>('/instances/:no/resolution', async (request) =>
    task(able('resolution').setResolution(request.params.no, hostDisplaySchema.parse(request.body), taskIdOf(request))),
  );
  app.put<Instance>('/instances/:no/root', async (request) =>
    task(able('root').setRoot(request.params.no, hostRootBody.parse(request.body).root, taskIdOf(request))),
  );
  app.put<Instance>('/instances/:no/model', async (request) => {
    const body = hostModelBody.parse(request.body);
    return task(able('model').setModel(request.params.no, body.manufacturer, body.model, taskIdOf(request)));
  });
  app.put<Instance>('/instances/:no/operator-state', async (request) => {
    able('operator-state').setOperatorState(request.params.no, hostOperatorStateBody.parse(request.body).state);
    return ok(null);
  });
  app.get<Instance>('/instances/:no/screenshot', async (request, reply: FastifyReply) =>
    reply.type('image/png').send(able('screen') && phone(request).screenshotPng()),
  );
  app.get<Instance>('/instances/:no/clipboard', async (request) =>
    ok({ text: able('clipboard') && phone(request).clipboard }),
  );
  app.put<Instance>('/instances/:no/clipboard', async (request) => {
    able('clipboard');
    phone(request).setClipboard(hostClipboardBody.parse(request.body).text);
    return ok(null);
  });
  app.post<Instance>('/instances/:no/files', async (request) => {
    const body = hostFileBody.parse(request.body);
    return task(able('files').pushFile(request.params.no, { ...body, time: host.clock.now() }));
  });
  // The package itself is the body, streamed to disk and signed like any other body (its sha256).
  app.post<Instance>('/instances/:no/apks', async (request) => {
    const upload = request.body as Partial<UploadedFile>;
    if (!upload.file) throw new HostApiError('invalidParameter');
    const apk = readApk(await readFile(upload.file));
    const installed = { ...apk, icon: apk.icon ?? '', installedAt: host.clock.now() };
    const installing = able('apps').installApp(request.params.no, installed);
    return ok({ taskId: installing.id, packageName: apk.packageName, label: apk.label, versionName: apk.versionName });
  });
  // A push of a file (and install of an app) under the task id the control plane chose (issue 14).
  app.post<Instance>('/instances/:no/pushes', async (request) =>
    ok(host.pushes.push(request.params.no, hostPushBodySchema.parse(request.body))),
  );
  // A replacement that moves data (spec §4 type 2): the new instance gets the old one's user data.
  app.post<Instance>('/instances/:no/copy-user-data', async (request) => {
    const body = hostCopyUserDataBody.parse(request.body);
    able('snapshots').copyUserData(request.params.no, body.toInstanceNo);
    return ok(null);
  });
  // Templates (issue 15): a phone's user data kept as a snapshot, applied to other phones, copied between hosts.
  app.post<Instance>('/instances/:no/snapshots', async (request) => {
    const body = hostSnapshotBody.parse(request.body);
    return task(able('snapshots').snapshot(request.params.no, body.snapshotId, body.taskId));
  });
  app.post<Instance>('/instances/:no/apply-snapshot', async (request) => {
    const body = hostApplySnapshotBody.parse(request.body);
    return task(able('snapshots').applySnapshot(request.params.no, body.snapshotId, body.taskId, body));
  });
  type SnapshotParams = { Params: { id: string } };
  app.get<SnapshotParams>('/snapshots/:id', async (request) =>
    ok(able('snapshots').snapshotInfo(request.params.id) ?? null),
  );
  // A snapshot's bytes, for the control plane to keep in its blob store (issue 21): streamed, never an envelope.
  app.get<SnapshotParams>('/snapshots/:id/data', async (request, reply: FastifyReply) => {
    const bytes = host.snapshots.bytes(request.params.id);
    if (!bytes) throw new HostApiError('notFound');
    return reply.type(SNAPSHOT_CONTENT_TYPE).send(bytes);
  });
  // A snapshot another host took, fetched by hash from the control plane's blob store.
  app.post<SnapshotParams>('/snapshots/:id/place', async (request) => {
    await host.snapshots.place(request.params.id, hostPlaceSnapshotBody.parse(request.body));
    return ok(null);
  });
  app.delete<SnapshotParams>('/snapshots/:id', async (request) => {
    able('snapshots').deleteSnapshot(request.params.id);
    return ok(null);
  });
  app.get<{ Params: { id: string } }>('/tasks/:id', async (request) => {
    const push = host.pushes.find(request.params.id);
    if (push) return ok({ ...push, status: push.state });
    const result = fleet.task(request.params.id);
    if (!result) throw new HostApiError('notFound');
    return ok(result);
  });
  // The host's task events (DESIGN §10), each line signed with the host key, for as long as the caller listens.
  app.get('/events', async (request, reply) => {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    out.write(': connected\n\n');
    // Where to ask the server back (SDK power calls), unless the host was told at start (CONTROL_PLANE_URL).
    const controlPlaneUrl = request.headers[HostApiHeader.controlPlaneUrl];
    if (typeof controlPlaneUrl === 'string' && /^https?:\/\//.test(controlPlaneUrl))
      host.controlPlaneUrl ??= controlPlaneUrl;
    const send = (name: string, json: string) =>
      out.write(`event: ${name}\ndata: ${json}\nid: ${signHostEvent(host.options.hostKey, json)}\n\n`);
    const unsubscribe = host.subscribe({
      task: (event) => send(HostEventName.task, JSON.stringify(event)),
      // A new subscriber first hears the host ask for its phones' whole state (issue 20).
      stateWanted: () => send(HostEventName.stateWanted, '{}'),
      syncFollower: (event) => send(HostEventName.syncFollower, JSON.stringify(event)),
    });
    const heartbeat = setInterval(() => out.write(': beat\n\n'), EVENTS_HEARTBEAT_MS);
    request.raw.once('close', () => {
      unsubscribe();
      clearInterval(heartbeat);
    });
  });
  app.post('/revoke', async (request) => {
    const body = hostRevokeBody.parse(request.body);
    host.revoke(body.instanceNo, body.userId, body.before, body.reason);
    return ok(null);
  });
  // The main's input from the host of a sync session's main (issue 32), replayed on this host's followers:
  // signed with the session's key for this host, it drives that session's phones and nothing else.
  app.post<{ Params: { syncId: string } }>(
    '/sync/:syncId/input',
    { config: { signedWith: 'session' } },
    async (request) => {
      const { input } = hostSyncInputBody.parse(request.body);
      return ok({ followers: host.input.replayForwarded(request.params.syncId, input as PhoneInput) });
    },
  );
  // Phones' locks (issue 20): each applied by its version, so a repeat or a late one changes nothing.
  app.post('/phone-states', async (request) => {
    host.applyPhoneStates(hostPhoneStatesBody.parse(request.body).phones);
    return ok(null);
  });
}
