import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { sameSignature } from '@cloudphone/contracts/access-key';

/** Who may read /metrics: a caller straight from one of `networks`, or any caller with the bearer `token`. */
export interface MetricsAccess {
  /** Addresses or CIDR ranges; this machine only by default, none when set empty. */
  networks: string[];
  token: string | undefined;
}

export const LOOPBACK_NETWORKS = ['127.0.0.0/8', '::1/128'];

/** Headers a proxy adds: a call that carries one came from further away than its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/** `METRICS_NETWORKS=10.0.0.0/8,192.168.1.5` and `METRICS_TOKEN`, read alike by the server and the host. */
export function metricsAccessFrom(env: NodeJS.ProcessEnv): MetricsAccess {
  const networks =
    env.METRICS_NETWORKS === undefined
      ? LOOPBACK_NETWORKS
      : env.METRICS_NETWORKS.split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
  return { networks, token: env.METRICS_TOKEN || undefined };
}

/** Whether a call may read the metrics; `unknown` callers are told nothing is there. */
export type MetricsDoor = (request: FastifyRequest) => 'allowed' | 'unknown' | 'forbidden';

/**
 * The check for `access`; a network that is not an address or CIDR range stops the start-up. The
 * networks count for callers that reach the port straight — not through a proxy, whose own address
 * would let the whole world in — and a wrong token is refused outright.
 */
export function metricsDoor({ networks, token }: MetricsAccess): MetricsDoor {
  const allowed = new BlockList();
  for (const network of networks) {
    const [address = '', bits] = network.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address) || (bits !== undefined && !/^\d+$/.test(bits)))
      throw new Error(`METRICS_NETWORKS: "${network}" is not an address or CIDR range`);
    if (bits === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(bits), type);
  }
  return (request) => {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) return token !== undefined && sameSignature(bearer, token) ? 'allowed' : 'forbidden';
    const peer = request.socket.remoteAddress ?? '';
    const straight = FORWARDING_HEADERS.every((header) => !(header in request.headers));
    return straight && isIP(peer) && allowed.check(peer, isIP(peer) === 6 ? 'ipv6' : 'ipv4') ? 'allowed' : 'unknown';
  };
}
