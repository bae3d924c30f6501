import WebSocket from 'ws';
import { signAccessKey } from '@cloudphone/contracts/access-key';
import type { HostProcess } from './host-process';

/** A phone's stream URL on a standalone host, with a fresh owner's key (in a sync session when `syncId` is given). */
export function streamUrl(
  host: HostProcess,
  instanceNo: string,
  options: { codec?: 'h264' | 'jpeg'; definition?: string; syncId?: string } = {},
): string {
  const now = Date.now();
  const { accessKey } = signAccessKey(host.hostKey, {
    u: 1,
    i: instanceNo,
    p: 'control',
    r: 'owner',
    ...(options.syncId ? { s: options.syncId } : {}),
    e: now + 3_600_000,
    n: now - 1,
  });
  const query = new URLSearchParams({
    accessKey,
    codec: options.codec ?? 'h264',
    definition: options.definition ?? 'auto',
  });
  return `${host.url.replace(/^http/, 'ws')}/stream/${instanceNo}?${query}`;
}

/** A viewer without a browser: a socket that counts the frames it is sent; resolves at its first message. */
export function openViewer(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  return new Promise((resolveOpen, reject) => {
    socket.once('message', () => resolveOpen(socket));
    socket.once('error', reject);
  });
}

/** Resolves with the ms until the socket's next binary frame, or NaN after `timeoutMs`. */
export function nextFrame(socket: WebSocket, timeoutMs = 2000): Promise<number> {
  const start = performance.now();
  return new Promise((resolveFrame) => {
    const done = (value: number) => {
      clearTimeout(timer);
      socket.off('message', listen);
      resolveFrame(value);
    };
    const listen = (_data: WebSocket.RawData, binary: boolean) => binary && done(performance.now() - start);
    const timer = setTimeout(() => done(NaN), timeoutMs);
    socket.on('message', listen);
  });
}
