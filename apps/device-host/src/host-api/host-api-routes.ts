import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signHostEvent } from '@cloudphone/contracts/access-key';
import { errorMessage, ERRORS, type ErrorKey } from '@cloudphone/contracts/errors';
import { HostApiHeader, HostEventName, SNAPSHOT_CONTENT_TYPE, type HostInstance } from '@cloudphone/contracts/host-api';
import { HOST_API, type HostRoute } from '@cloudphone/contracts/host-api-catalogue';
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
  /**
   * A route of the catalogue (issue 51): its body parsed by the catalogue's schema, its data answered
   * in an envelope — or, for a route that answers bytes, as the handler sends them.
   */
  type Params = { Params: Record<string, string> };
  const serve = <R extends HostRoute>(
    route: R,
    handler: (body: z.infer<R['body']>, request: FastifyRequest<Params>, reply: FastifyReply) => unknown,
    config: Record<string, unknown> = {},
  ) =>
    app.route<Params>({
      method: route.method,
      url: route.path,
      config,
      handler: async (request, reply) => {
        const data = await handler(route.body.parse(request.body ?? {}) as z.infer<R['body']>, request, reply);
        return route.reply === 'bytes' ? data : ok(data ?? null);
      },
    });
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
  const timed = (t: Task) => ({ taskId: t.id, finishAt: t.finishAt });
  const no = (request: FastifyRequest<Params>) => request.params.no!;
  const phone = (request: FastifyRequest<Params>) => fleet.require(no(request));
  const id = (request: FastifyRequest<Params>) => request.params.id!;

  serve(HOST_API.models, () => fleet.models());
  serve(HOST_API.instances, () => fleet.list().map(describe));
  serve(HOST_API.describe, ({ instanceNos }) => instanceNos.flatMap((n) => fleet.get(n) ?? []).map(describe));
  serve(HOST_API.createInstance, (body) => describe(fleet.create(body)));
  serve(HOST_API.instance, (_, request) => describe(phone(request)));
  serve(HOST_API.reboot, ({ taskId }, request) => timed(able('restart').reboot(no(request), taskId)));
  serve(HOST_API.reset, ({ taskId }, request) => timed(able('reset').reset(no(request), taskId)));
  serve(HOST_API.newMachine, (body, request) => timed(able('new-machine').newMachine(no(request), body)));
  serve(HOST_API.setResolution, ({ taskId, ...display }, request) =>
    timed(able('resolution').setResolution(no(request), display, taskId)),
  );
  serve(HOST_API.setRoot, ({ root, taskId }, request) => timed(able('root').setRoot(no(request), root, taskId)));
  serve(HOST_API.setModel, (body, request) =>
    timed(able('model').setModel(no(request), body.manufacturer, body.model, body.taskId)),
  );
  serve(HOST_API.setOperatorState, ({ state }, request) => able('operator-state').setOperatorState(no(request), state));
  serve(HOST_API.screenshot, (_, request, reply) =>
    reply.type('image/png').send(able('screen') && phone(request).screenshotPng()),
  );
  serve(HOST_API.clipboard, (_, request) => ({ text: able('clipboard') && phone(request).clipboard }));
  serve(HOST_API.setClipboard, ({ text }, request) => {
    able('clipboard');
    phone(request).setClipboard(text);
  });
  serve(HOST_API.pushFile, (body, request) =>
    timed(able('files').pushFile(no(request), { ...body, time: host.clock.now() })),
  );
  // The package itself is the body, streamed to disk and signed like any other body (its sha256).
  serve(HOST_API.installApk, async (body, request) => {
    const upload = body as Partial<UploadedFile>;
    if (!upload.file) throw new HostApiError('invalidParameter');
    const apk = readApk(await readFile(upload.file));
    const installed = { ...apk, icon: apk.icon ?? '', installedAt: host.clock.now() };
    const installing = able('apps').installApp(no(request), installed);
    return { taskId: installing.id, packageName: apk.packageName, label: apk.label, versionName: apk.versionName };
  });
  // A push of a file (and install of an app) under the task id the control plane chose (issue 14).
  serve(HOST_API.push, (body, request) => host.pushes.push(no(request), body));
  // A replacement that moves data (spec §4 type 2): the new instance gets the old one's user data.
  serve(HOST_API.copyUserData, ({ toInstanceNo }, request) =>
    able('snapshots').copyUserData(no(request), toInstanceNo),
  );
  // Templates (issue 15): a phone's user data kept as a snapshot, applied to other phones, copied between hosts.
  serve(HOST_API.snapshot, ({ snapshotId, taskId }, request) =>
    timed(able('snapshots').snapshot(no(request), snapshotId, taskId)),
  );
  serve(HOST_API.applySnapshot, (body, request) =>
    timed(able('snapshots').applySnapshot(no(request), body.snapshotId, body.taskId, body)),
  );
  serve(HOST_API.snapshotInfo, (_, request) => able('snapshots').snapshotInfo(id(request)) ?? null);
  // A snapshot's bytes, for the control plane to keep in its blob store (issue 21): streamed, never an envelope.
  serve(HOST_API.snapshotData, (_, request, reply) => {
    const bytes = host.snapshots.bytes(id(request));
    if (!bytes) throw new HostApiError('notFound');
    return reply.type(SNAPSHOT_CONTENT_TYPE).send(bytes);
  });
  // A snapshot another host took, fetched by hash from the control plane's blob store.
  serve(HOST_API.placeSnapshot, (body, request) => host.snapshots.place(id(request), body));
  serve(HOST_API.deleteSnapshot, (_, request) => able('snapshots').deleteSnapshot(id(request)));
  serve(HOST_API.task, (_, request) => {
    const push = host.pushes.find(id(request));
    if (push) return { ...push, status: push.state };
    const result = fleet.task(id(request));
    if (!result) throw new HostApiError('notFound');
    return result;
  });
  // The host's task events (DESIGN §10), each line signed with the host key, for as long as the caller listens.
  serve(HOST_API.events, (_, request, reply) => {
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
  serve(HOST_API.revoke, (body) => host.revoke(body.instanceNo, body.userId, body.before, body.reason));
  // The main's input from the host of a sync session's main (issue 32), replayed on this host's followers:
  // signed with the session's key for this host, it drives that session's phones and nothing else.
  serve(
    HOST_API.syncInput,
    ({ input }, request) => ({ followers: host.input.replayForwarded(request.params.syncId!, input as PhoneInput) }),
    { signedWith: 'session' },
  );
  // Phones' locks (issue 20): each applied by its version, so a repeat or a late one changes nothing.
  serve(HOST_API.phoneStates, ({ phones }) => host.applyPhoneStates(phones));
}
