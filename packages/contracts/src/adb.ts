/** TEMPORARY until the device-host ADB branch lands: the lead's stand-in for the key parser. */
export function parseAdbPublicKey(line: string): { bytes: Uint8Array; comment: string } | null {
  const [encoded = '', ...rest] = line.trim().split(/\s+/);
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  if (bytes.length !== 524 || new DataView(bytes.buffer).getUint32(0, true) !== 64) return null;
  return { bytes, comment: rest.join(' ') };
}
