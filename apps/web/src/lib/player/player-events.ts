import type { ErrorKey } from '@cloudphone/contracts/errors';
import type {
  Codec,
  Definition,
  DefinitionName,
  PhoneOrientation,
  PhoneStatus,
  StreamCloseReason,
} from '@cloudphone/contracts/stream';

// What the phone player tells the page (its events and figures) and what it is given.

export interface PlayerStats {
  /** The codec the host announced for this stream; null before its config message. */
  codec: Codec | null;
  framesDrawn: number;
  /** Frames drawn in the last second. */
  fps: number;
  /** Video received in the last second, kilobits per second. */
  bitrateKbps: number;
  /** Capture on the host to drawn here, of the last frame (ms), in the host's time (its pongs say it). */
  latencyMs: number;
  /** Round trip of the last ping (ms). */
  rttMs: number;
  /** The host skips frames for this viewer: its link is behind (issue 57). */
  poorNetwork: boolean;
  /** Sound frames decoded since the sound was turned on (issue 59). */
  audioFramesDecoded: number;
}

export type PlayerEvent =
  | {
      type: 'connected';
      codec: Codec;
      width: number;
      height: number;
      permission: 'control' | 'view';
      /** The spec's definition the picture is at: what "auto" is on now (issue 58). */
      rung?: DefinitionName;
      /** Whether the phone makes sound here (issue 59). */
      sound: boolean;
    }
  | { type: 'status'; status: PhoneStatus }
  /** A text field on the phone gained or lost focus: show or hide the keyboard. */
  | { type: 'input-focus'; focused: boolean }
  | { type: 'clipboard'; text: string }
  /** The app in front on the phone (its package; null when the phone cannot tell): its key map plays (issue 65). */
  | { type: 'foreground'; packageName: string | null }
  | { type: 'frame' }
  /** A frame of the phone's sound was decoded: it plays at `playsAt` (`performance.now()`'s clock, issue 59). */
  | { type: 'sound'; playsAt: number }
  /** The host started or stopped skipping frames for this viewer: its network is poor (issue 57). */
  | { type: 'link'; poor: boolean }
  /** Which way up the phone's display is now (its rotate control shows the other way). */
  | { type: 'orientation'; orientation: PhoneOrientation }
  /** The phone refused what was sent (issue 20): a catalogue key to show, e.g. `deviceCloning`. */
  | { type: 'refused'; key: ErrorKey }
  /** The host ended the stream: access taken back or expired, the phone replaced or reset. */
  | { type: 'closed'; reason: StreamCloseReason }
  /**
   * The connection dropped or was refused (`code` is the WebSocket close code), or the stream could
   * not be decoded here (`UNDECODABLE_STREAM_CODE`; reconnecting then asks for JPEG).
   */
  | { type: 'disconnected'; code: number };

export interface PlayerOptions {
  /** The stream URL of the security token, used as it is (it carries the access key). */
  streamUrl: string;
  definition?: DefinitionName | Definition;
  /** Draw JPEG frames even where WebCodecs exists. */
  forceJpeg?: boolean;
  onEvent?: (event: PlayerEvent) => void;
}
