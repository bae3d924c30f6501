import { z } from 'zod';

/**
 * Hosts that join the control plane (issue 32, DESIGN §8): a host started with the server's URL and
 * a join token (the admin CLI's `host:token`, single use, expiring) registers itself and gets its own
 * key in the reply; from then on it heartbeats, signed with that key, and is offline for users once
 * its beats stop. Every call here is a host's own, outside the endpoint catalogue.
 */
export const HOST_CALLS_PATH = '/api/host';
export const HOST_JOIN_PATH = `${HOST_CALLS_PATH}/join`;
export const HOST_HEARTBEAT_PATH = `${HOST_CALLS_PATH}/heartbeat`;

/** A joined host beats this often; one not heard for `HOST_OFFLINE_AFTER_MS` is offline. */
export const HOST_HEARTBEAT_MS = 2_000;
export const HOST_OFFLINE_AFTER_MS = 5_000;
/** A join token lasts this long unless the operator says otherwise. */
export const HOST_JOIN_TOKEN_MINUTES = 60;
/**
 * Phones a host takes unless it says (`HOST_CAPACITY`). A host registered without one (the embedded
 * host, `DEVICE_HOSTS`) never fills, and counts as this large when loads are compared.
 */
export const DEFAULT_HOST_CAPACITY = 100;

const httpUrl = z
  .string()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/)
  .transform((url) => url.replace(/\/$/, ''));
const port = z.number().int().min(1).max(65_535);

/** What a host says of itself when it joins, and again on every beat (a restart may change it). */
export const hostRegistrationSchema = z.object({
  /** Where clients reach the host (streams, the SDK). */
  url: httpUrl,
  /** Where the server and other hosts reach its host API, when that differs from `url`. */
  apiUrl: httpUrl.optional(),
  /** How many phones it takes. */
  capacity: z.number().int().min(1).max(100_000),
  region: z.string().max(64),
  /** Where its phones' ADB endpoints listen: an address and a range of ports. */
  adb: z
    .object({ address: z.string().max(255), ports: z.object({ from: port, to: port }) })
    .refine((adb) => adb.ports.from <= adb.ports.to, { message: 'the port range ends before it starts' }),
});
export type HostRegistration = z.infer<typeof hostRegistrationSchema>;

/** `POST /api/host/join`: the token is the permission (no signature: the host has no key yet). */
export const hostJoinBody = z.object({ token: z.string().min(1).max(200), host: hostRegistrationSchema });

/** The join's reply: who the host is now, and the key it signs and checks everything with (its own). */
export const hostJoinReply = z.object({ hostId: z.number().int(), name: z.string(), key: z.string() });
export type HostJoinReply = z.infer<typeof hostJoinReply>;

/** `POST /api/host/heartbeat`, signed with the host's key and naming it in `x-host-id`. */
export const hostHeartbeatBody = z.object({ host: hostRegistrationSchema });
