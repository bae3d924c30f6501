import type { WebSocket } from 'ws';
import {
  DEFINITIONS,
  definitionSchema,
  MAX_POINTER_ID,
  type Definition,
  type StreamCloseReason,
} from '@cloudphone/contracts/stream';
import type { Clock } from '../clock';
import type { PhoneDriver } from '../drivers/phone-driver';
import type { AccessControl } from '../policy/access-control';
import type { InputPath } from '../policy/input-path';
import { PreviewSession } from './preview-session';
import type { ScreenFeeds } from './screen-feeds';
import { StreamSession } from './stream-session';

/** WebSocket close codes the player understands. */
export const CloseCode = { refused: 4001, notFound: 4004 } as const;

/**
 * Who watches the host's phones (DESIGN §4): each viewer's stream, opened with an access key the host
 * checks itself, and the previews of a grid; closed when access ends.
 */
export class Viewers {
  private readonly streams = new Map<string, Set<StreamSession>>();

  constructor(
    private readonly deps: {
      fleet: PhoneDriver;
      access: AccessControl;
      feeds: ScreenFeeds;
      input: InputPath;
      clock: Clock;
    },
  ) {}

  /** Opens a viewer's stream, or closes the socket with the reason it was refused. */
  open(
    socket: WebSocket,
    instanceNo: string,
    query: { accessKey?: string; codec?: string; definition?: string },
  ): void {
    const { access, fleet, feeds, input } = this.deps;
    const claims = access.check(query.accessKey, instanceNo);
    if (typeof claims === 'string') return socket.close(CloseCode.refused, claims);
    const phone = fleet.get(instanceNo);
    if (!phone) return socket.close(CloseCode.notFound, 'not found');
    const codec = query.codec === 'jpeg' ? 'jpeg' : 'h264';
    const open = this.streams.get(instanceNo) ?? new Set();
    const quality = parseDefinition(query.definition);
    const session = new StreamSession(phone, socket, claims, feeds, codec, quality, input, freePointerBase(open));
    open.add(session);
    this.streams.set(instanceNo, open);
    socket.on('close', () => open.delete(session));
    session.start();
  }

  /** Opens a grid's preview channel; the client names its phones by their access keys. */
  openPreviews(socket: WebSocket): void {
    new PreviewSession(socket, this.deps.fleet, this.deps.access, this.deps.clock).start();
  }

  /** Closes the phone's streams opened with keys of `userId` (null: anyone's) issued before `before`. */
  closeStreams(instanceNo: string, userId: number | null, before: number, reason: StreamCloseReason): void {
    for (const session of this.streams.get(instanceNo) ?? [])
      if ((userId === null || session.userId === userId) && session.issuedAt < before) session.close(reason);
  }

  /** Streams open to the phone, or to every phone of the host. */
  count(instanceNo?: string): number {
    if (instanceNo !== undefined) return this.streams.get(instanceNo)?.size ?? 0;
    let viewers = 0;
    for (const open of this.streams.values()) viewers += open.size;
    return viewers;
  }

  /** Streams open to the phone that may drive it (sync control refuses a phone driven elsewhere). */
  controllers(instanceNo: string): number {
    return [...(this.streams.get(instanceNo) ?? [])].filter((s) => s.controls).length;
  }

  close(): void {
    for (const sessions of this.streams.values()) for (const s of sessions) s.close();
  }
}

/**
 * The lowest range of pointer ids no open stream of the phone holds: two viewers driving one phone at once
 * (a window on the desk and one on the phone) each put their pointer 0 down as a finger of its own.
 */
function freePointerBase(open: Set<StreamSession>): number {
  const taken = new Set([...open].map((session) => session.pointerBase));
  let base = 0;
  while (taken.has(base)) base += MAX_POINTER_ID + 1;
  return base;
}

/**
 * `definition` is "auto" (the default: the rung follows the link, issue 58), a preset name kept (hd,
 * sd, smooth) or `WxH@fps:kbps`.
 */
function parseDefinition(value: string | undefined): Definition | 'auto' {
  if (!value || value === 'auto') return 'auto';
  if (value in DEFINITIONS) return DEFINITIONS[value as keyof typeof DEFINITIONS];
  const match = value?.match(/^(\d+)x(\d+)@(\d+):(\d+)$/);
  const parsed =
    match &&
    definitionSchema.safeParse({ width: +match[1]!, height: +match[2]!, fps: +match[3]!, bitrate: +match[4]! });
  return parsed && parsed.success ? parsed.data : 'auto';
}
