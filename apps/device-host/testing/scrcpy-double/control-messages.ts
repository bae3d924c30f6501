import type { ByteReader } from '../../src/adb/byte-reader';

/**
 * The control socket's messages as scrcpy 3.3.3's server reads them (`control/ControlMessageReader.java`,
 * `ControlMessage.java`): a type byte, then big-endian fields. Written from scrcpy's sources, not from
 * the client library's, so the double checks the driver against the protocol rather than against itself.
 */
export const ControlType = {
  injectKeycode: 0,
  injectText: 1,
  injectTouch: 2,
  injectScroll: 3,
  backOrScreenOn: 4,
  expandNotificationPanel: 5,
  expandSettingsPanel: 6,
  collapsePanels: 7,
  getClipboard: 8,
  setClipboard: 9,
  setDisplayPower: 10,
  rotateDevice: 11,
  uhidCreate: 12,
  uhidInput: 13,
  uhidDestroy: 14,
  openHardKeyboardSettings: 15,
  startApp: 16,
  resetVideo: 17,
} as const;

/** A position as the server reads it: pixels of the screen size the client last saw. */
export interface Position {
  x: number;
  y: number;
  screenWidth: number;
  screenHeight: number;
}

export type ControlMessage =
  | { type: 'keycode'; action: number; keycode: number; repeat: number; metaState: number }
  | { type: 'text'; text: string }
  | { type: 'touch'; action: number; pointerId: bigint; position: Position; pressure: number; buttons: number }
  | { type: 'scroll'; position: Position; hScroll: number; vScroll: number }
  | { type: 'back-or-screen-on'; action: number }
  | { type: 'get-clipboard'; copyKey: number }
  | { type: 'set-clipboard'; sequence: bigint; paste: boolean; text: string }
  | { type: 'display-power'; on: boolean }
  | { type: 'rotate' }
  | { type: 'reset-video' }
  | { type: 'start-app'; name: string }
  /** Messages the double takes and does nothing with (panels, UHID). */
  | { type: 'ignored'; code: number };

/** Reads the next message, or null when the socket ends; an unknown type throws, as the server's does. */
export async function readControlMessage(input: ByteReader): Promise<ControlMessage | null> {
  const head = await input.read(1);
  if (!head) return null;
  const code = head[0]!;
  const bytes = async (n: number) => {
    const read = await input.read(n);
    if (!read) throw new Error('control socket ended inside a message');
    return read;
  };
  const string = async (lengthBytes: number) => {
    const length = (await bytes(lengthBytes)).readUIntBE(0, lengthBytes);
    return (await bytes(length)).toString('utf8');
  };
  const position = async (): Promise<Position> => {
    const b = await bytes(12);
    return {
      x: b.readInt32BE(0),
      y: b.readInt32BE(4),
      screenWidth: b.readUInt16BE(8),
      screenHeight: b.readUInt16BE(10),
    };
  };
  switch (code) {
    case ControlType.injectKeycode: {
      const b = await bytes(13);
      return {
        type: 'keycode',
        action: b[0]!,
        keycode: b.readInt32BE(1),
        repeat: b.readInt32BE(5),
        metaState: b.readInt32BE(9),
      };
    }
    case ControlType.injectText:
      return { type: 'text', text: await string(4) };
    case ControlType.injectTouch: {
      const action = (await bytes(1))[0]!;
      const pointerId = (await bytes(8)).readBigUInt64BE(0);
      const at = await position();
      const rest = await bytes(10);
      // u16 fixed point: 0xffff is 1.0 (Binary.u16FixedPointToFloat).
      const pressure = rest.readUInt16BE(0) === 0xffff ? 1 : rest.readUInt16BE(0) / 0x10000;
      return { type: 'touch', action, pointerId, position: at, pressure, buttons: rest.readInt32BE(6) };
    }
    case ControlType.injectScroll: {
      const at = await position();
      const b = await bytes(8);
      // i16 fixed point over [-1, 1], which the server scales to [-16, 16].
      return {
        type: 'scroll',
        position: at,
        hScroll: (b.readInt16BE(0) / 0x8000) * 16,
        vScroll: (b.readInt16BE(2) / 0x8000) * 16,
      };
    }
    case ControlType.backOrScreenOn:
      return { type: 'back-or-screen-on', action: (await bytes(1))[0]! };
    case ControlType.getClipboard:
      return { type: 'get-clipboard', copyKey: (await bytes(1))[0]! };
    case ControlType.setClipboard: {
      const b = await bytes(9);
      return { type: 'set-clipboard', sequence: b.readBigInt64BE(0), paste: b[8] !== 0, text: await string(4) };
    }
    case ControlType.setDisplayPower:
      return { type: 'display-power', on: (await bytes(1))[0] !== 0 };
    case ControlType.rotateDevice:
      return { type: 'rotate' };
    case ControlType.resetVideo:
      return { type: 'reset-video' };
    case ControlType.startApp:
      return { type: 'start-app', name: await string(1) };
    case ControlType.expandNotificationPanel:
    case ControlType.expandSettingsPanel:
    case ControlType.collapsePanels:
    case ControlType.openHardKeyboardSettings:
      return { type: 'ignored', code };
    case ControlType.uhidCreate: {
      await bytes(6);
      await string(1);
      await bytes((await bytes(2)).readUInt16BE(0));
      return { type: 'ignored', code };
    }
    case ControlType.uhidInput: {
      await bytes(2);
      await bytes((await bytes(2)).readUInt16BE(0));
      return { type: 'ignored', code };
    }
    case ControlType.uhidDestroy:
      await bytes(2);
      return { type: 'ignored', code };
    default:
      throw new Error(`Unknown event type: ${code}`);
  }
}

/** The device messages (`DeviceMessageWriter.java`): its clipboard, and the ack of a set-clipboard. */
export function clipboardMessage(text: string): Buffer {
  const raw = Buffer.from(text, 'utf8');
  const head = Buffer.alloc(5);
  head[0] = 0; // TYPE_CLIPBOARD
  head.writeInt32BE(raw.length, 1);
  return Buffer.concat([head, raw]);
}

export function ackClipboardMessage(sequence: bigint): Buffer {
  const message = Buffer.alloc(9);
  message[0] = 1; // TYPE_ACK_CLIPBOARD
  message.writeBigInt64BE(sequence, 1);
  return message;
}
