import { z } from 'zod';
import type { ErrorKey } from './errors';

/**
 * The phone-screen stream (DESIGN §4), WebSocket `/stream/:instanceNo?accessKey=`: the host sends a
 * `config` message, then binary frames; the client sends input as small JSON messages whose
 * coordinates are normalised to 0..1 of the screen, so one input replays on any resolution.
 */

export const DEFINITIONS = {
  auto: { width: 720, height: 1280, fps: 30, bitrate: 2048 },
  hd: { width: 1080, height: 1920, fps: 30, bitrate: 4096 },
  sd: { width: 540, height: 960, fps: 25, bitrate: 1024 },
  smooth: { width: 360, height: 640, fps: 20, bitrate: 512 },
} as const;
export type DefinitionName = keyof typeof DEFINITIONS;

/**
 * The rungs "auto" moves between (issue 58), top first: it starts at the top, steps down within 2 s
 * when the viewer's link cannot carry its rung and climbs back once it can, always at a key frame. HD
 * is never climbed to — a 1080p picture costs the host 2.25× the drawing and encoding of 720p; a user
 * chooses it.
 */
export const AUTO_RUNGS = ['auto', 'sd', 'smooth'] as const satisfies readonly DefinitionName[];

/**
 * The data saver's choices (issue 58), kbps: "auto" never climbs above the one a user keeps (below the
 * lowest rung, that rung is encoded at the saver's rate). None keeps no cap.
 */
export const DATA_SAVER_KBPS = [1024, 512, 256] as const;
/** The least a data saver may be: under it no picture is worth watching. */
export const DATA_SAVER_MIN_KBPS = 128;

/** The definition's name when it is one of the spec's (matched by size and rate), else undefined. */
export function definitionName(definition: { width: number; fps: number }): DefinitionName | undefined {
  return (Object.keys(DEFINITIONS) as DefinitionName[]).find(
    (name) => DEFINITIONS[name].width === definition.width && DEFINITIONS[name].fps === definition.fps,
  );
}

export const definitionSchema = z.object({
  width: z.number().int().min(90).max(2160),
  height: z.number().int().min(160).max(3840),
  fps: z.number().int().min(1).max(60),
  bitrate: z.number().int().min(64).max(20_000),
});
export type Definition = z.infer<typeof definitionSchema>;

export type Codec = 'h264' | 'jpeg';
/** H.264 baseline level 3.1, as the host's encoder emits it. */
export const H264_CODEC_STRING = 'avc1.42E01F';
/**
 * The player's own error code for a stream the browser cannot decode (a codec it lacks, or decode
 * failures in a row), shown as "Error code:4415, reconnect?" instead of a black screen.
 */
export const UNDECODABLE_STREAM_CODE = 4415;

export const PHONE_KEYS = [
  'back',
  'home',
  'recents',
  'volume_up',
  'volume_down',
  'power',
  'enter',
  'backspace',
  'paste',
] as const;
export type PhoneKey = (typeof PHONE_KEYS)[number];

const unit = z.number().min(0).max(1);

/**
 * Which way up the phone's display is (issue 22). Frames keep the display's natural (portrait) size
 * whichever way it is turned, so the encoder never restarts; a landscape picture arrives turned a
 * quarter clockwise and the player turns it back. Input is always in the picture as the user sees it.
 */
export const PHONE_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type PhoneOrientation = (typeof PHONE_ORIENTATIONS)[number];

/** What a finger does (Android's ACTION_DOWN, ACTION_MOVE, ACTION_UP). */
export const TOUCH_ACTIONS = ['down', 'move', 'up'] as const;
export type TouchAction = (typeof TOUCH_ACTIONS)[number];
/** Pointers are numbered 0–9, as Android tracks ten fingers. */
export const MAX_POINTER_ID = 9;
/** A pointer down this long without a move is released by the host: a viewer that vanished holds nothing. */
export const POINTER_IDLE_RELEASE_MS = 1_000;

/** Messages a viewer sends. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tap'), x: unit, y: unit }),
  z.object({ type: z.literal('longpress'), x: unit, y: unit }),
  z.object({
    type: z.literal('swipe'),
    x1: unit,
    y1: unit,
    x2: unit,
    y2: unit,
    durationMs: z.number().min(0).max(5000),
  }),
  /** A wheel or two-finger scroll: `dy` is a share of the screen's height, positive scrolls down (content moves up). */
  z.object({ type: z.literal('scroll'), x: unit, y: unit, dy: z.number().min(-1).max(1) }),
  /**
   * A finger as Android's own touch events have it (issue 50): `down`, `move` and `up` of pointer `id`,
   * several pointers at once (two fingers, a held joystick). A pointer still down when its stream
   * closes, or left a second without a move, is released by the host.
   */
  z.object({
    type: z.literal('touch'),
    action: z.enum(TOUCH_ACTIONS),
    id: z.number().int().min(0).max(MAX_POINTER_ID),
    x: unit,
    y: unit,
  }),
  z.object({ type: z.literal('text'), text: z.string().max(5000) }),
  z.object({ type: z.literal('key'), key: z.enum(PHONE_KEYS) }),
  z.object({ type: z.literal('rotate'), orientation: z.enum(PHONE_ORIENTATIONS) }),
  z.object({ type: z.literal('clipboard-set'), text: z.string().max(20_000) }),
  z.object({ type: z.literal('clipboard-get') }),
  /** A definition the stream stays at (the live edge still applies), or back to "auto"'s ladder (issue 58). */
  z.object({ type: z.literal('definition'), definition: z.union([definitionSchema, z.literal('auto')]) }),
  z.object({ type: z.literal('keyframe') }),
  z.object({ type: z.literal('ping'), t: z.number() }),
  /**
   * The binary frames this viewer has received on this stream so far, sent as each arrives (issue 57):
   * the host measures from them what is still on the way to the viewer and how fast it drains.
   */
  /** The viewer's sound on or off (issue 59): a viewer with it off is sent no audio. Part of watching. */
  z.object({ type: z.literal('audio'), on: z.boolean() }),
  z.object({
    type: z.literal('received'),
    frames: z.number().int().min(0),
    /**
     * When the last of them arrived, by the viewer's own monotonic clock (ms, `performance.now()`):
     * what the host reads a frame's spread on the line from (issue 58), free of its own delays.
     */
    at: z.number().optional(),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/**
 * An app brought to the screen or closed on the phone, as its owner asks over ADB (`am start`,
 * `am force-stop`, issue 53): input as a tap is, so the locks refuse it and a sync session replays
 * it on the main's followers. No viewer sends it.
 */
export const appInputSchema = z.object({
  type: z.literal('app'),
  action: z.enum(['start', 'stop']),
  packageName: z.string().min(1).max(255),
});
export type AppInput = z.infer<typeof appInputSchema>;

export type PhoneStatus =
  'booting' | 'online' | 'restarting' | 'resetting' | 'maintenance' | 'offline' | 'abnormal' | 'expired';

/** Messages the host sends as text; video comes as binary frames. */
export type HostMessage =
  | {
      type: 'config';
      codec: Codec;
      codecString?: string;
      width: number;
      height: number;
      fps: number;
      permission: Permission;
      /** How the picture is to be turned for the user; a new config says so when the display rotates. */
      orientation: PhoneOrientation;
      /** Which of the spec's definitions the picture is at, where it is one: what "auto" is on now (issue 58). */
      rung?: DefinitionName;
      /** The phone's sound as its `opus` frames carry it, or null: this phone makes none here (issue 59). */
      audio?: SoundFormat | null;
    }
  | { type: 'status'; status: PhoneStatus }
  /**
   * A text field on the phone gained or lost focus: the viewer raises its own keyboard (the local
   * input method) and sends what is typed or composed there as `text`, Enter and Backspace as keys.
   */
  | { type: 'input-focus'; focused: boolean }
  | { type: 'clipboard'; text: string }
  /**
   * The app in front on the phone changed (issue 65): its package, or null when the driver cannot
   * tell. The desktop control window plays that app's key map.
   */
  | { type: 'foreground'; packageName: string | null }
  /** The ping's `t` back, and the host's clock as it answered (`at`): the player's delay is read in the host's time. */
  | { type: 'pong'; t: number; at?: number }
  /**
   * The host skips delta frames for this viewer (issue 57): more than `LIVE_EDGE_MS` of video is on
   * its way to it. It gets a key frame of the screen as it is once that drains; the player marks the
   * network poor meanwhile.
   */
  | { type: 'link'; skipping: boolean }
  /**
   * The phone refused a message (issue 20): `key` is the error catalogue's, e.g. `deviceCloning` for a
   * tap on a phone being cloned; the player shows its text. Refused input is never silently dropped.
   */
  | { type: 'refused'; key: ErrorKey; message: ClientMessage['type'] }
  | { type: 'closed'; reason: StreamCloseReason };

/**
 * Why the host ended a stream: access taken back or ended, the phone moved to a new instance, or its
 * owner reset it or made it a new machine (the viewer reconnects with a new key, issue 20).
 */
export const STREAM_CLOSE_REASONS = ['revoked', 'expired', 'replaced', 'reset'] as const;
export type StreamCloseReason = (typeof STREAM_CLOSE_REASONS)[number];

/**
 * A binary frame: byte 0 the kind, bytes 1–8 the capture time (float64, ms since epoch, little
 * endian), then the payload (an H.264 Annex-B access unit, or a JPEG image). An H.264 stream's new
 * feed sends one JPEG of the screen ahead of its first key frame (issue 58): the player draws it, maybe
 * smaller than the config's size, until the first decoded frame replaces it; it is no decoder's reference.
 */
export const FrameKind = { h264Key: 1, h264Delta: 2, jpeg: 3, preview: 4, probe: 5, opus: 6, previewH264: 7 } as const;
/**
 * The phone's sound (issue 59): an `opus` frame's payload is one Opus packet (20 ms) of the format the
 * config names, its header's time when the sound was made. The host sends them only to a viewer that
 * turned its audio on (`audio`), and none while the phone is silent; too late for the live edge, they
 * are dropped.
 */
export interface SoundFormat {
  codec: 'opus';
  sampleRate: number;
  channels: number;
}
export const PHONE_SOUND: SoundFormat = { codec: 'opus', sampleRate: 48_000, channels: 1 };
/**
 * A probe (`FrameKind.probe`, issue 58) is padding the host sends now and then while "auto" is below its
 * top rung: its spread on the line tells whether the link could carry the rung above. The player
 * confirms it as any frame and draws nothing.
 */
export const PROBE_BYTES = 16 * 1024;
export const FRAME_HEADER_BYTES = 9;

/**
 * The most video the host lets be on its way to one viewer, in time at that viewer's own delivery rate
 * (issue 57): past it the viewer is sent no delta frame until a key frame, so it sees the phone as it
 * is now rather than a film of the past.
 */
export const LIVE_EDGE_MS = 300;

/**
 * The preview channel for grids, WebSocket `/stream/previews`: the client sends the access keys of
 * the phones it shows; the host sends a small JPEG of each whenever it changes, at most once a
 * second. A preview frame is a frame whose header carries two more bytes: the phone's index in the
 * subscription (uint16, little endian). A phone whose device encodes its screen (issue 60) has no JPEG:
 * its preview is a `previewH264` frame, one H.264 key frame at the preview's width (Annex B, its
 * parameter sets first) that decodes alone.
 */
export const PREVIEW_HEADER_BYTES = FRAME_HEADER_BYTES + 2;
export const PREVIEW_INTERVAL_MS = 1000;
export const previewSubscriptionSchema = z.object({
  type: z.literal('previews'),
  accessKeys: z.array(z.string()).max(64),
  width: z.number().int().min(90).max(360).default(180),
});
export type PreviewSubscription = z.input<typeof previewSubscriptionSchema>;
export type PreviewMessage =
  | { type: 'preview-refused'; index: number; reason: string }
  | { type: 'preview-status'; index: number; status: PhoneStatus };

export type Permission = 'control' | 'view';
