const START_CODE = Buffer.from([0, 0, 0, 1]);
const FLV_HEADER_BYTES = 9 + 4; // the file header, then PreviousTagSize0
const TAG_HEADER_BYTES = 11;
const TAG_TRAILER_BYTES = 4; // PreviousTagSize
const VIDEO_TAG = 9;
const AVC_SEQUENCE_HEADER = 0;
const AVC_NALUS = 1;
const NAL_SPS = 7;

/** One encoded picture as the player decodes it: an Annex-B access unit, parameter sets before a key frame. */
export interface AccessUnit {
  data: Buffer;
  key: boolean;
}

/**
 * Reads ffmpeg's FLV output into H.264 access units. FLV rather than a raw `h264` stream because
 * every tag says its length: a frame is handed on the moment its last byte arrives, where a raw
 * stream's frame ends only when the next one starts (which waited on a timer, a tail of the tap →
 * frame latency). Its AVCC NAL units are turned into Annex B, and the sequence header's SPS and PPS
 * go before each key frame, so a viewer can start decoding from any key frame.
 */
export class FlvReader {
  private pending: Buffer = Buffer.alloc(0);
  private headerRead = false;
  private parameterSets: Buffer = Buffer.alloc(0);

  constructor(private readonly onAccessUnit: (unit: AccessUnit) => void) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    if (!this.headerRead) {
      if (this.pending.length < FLV_HEADER_BYTES) return;
      this.pending = this.pending.subarray(FLV_HEADER_BYTES);
      this.headerRead = true;
    }
    while (this.pending.length >= TAG_HEADER_BYTES) {
      const size = this.pending.readUIntBE(1, 3);
      const end = TAG_HEADER_BYTES + size + TAG_TRAILER_BYTES;
      if (this.pending.length < end) return;
      if (this.pending[0] === VIDEO_TAG)
        this.readVideo(this.pending.subarray(TAG_HEADER_BYTES, TAG_HEADER_BYTES + size));
      this.pending = this.pending.subarray(end);
    }
  }

  private readVideo(body: Buffer): void {
    if (body.length < 5) return;
    const key = body[0]! >> 4 === 1;
    const payload = body.subarray(5);
    if (body[1] === AVC_SEQUENCE_HEADER) this.parameterSets = parameterSetsOf(payload);
    else if (body[1] === AVC_NALUS) {
      const nalUnits = splitLengthPrefixed(payload);
      const hasSps = nalUnits.some((n) => (n[0]! & 0x1f) === NAL_SPS);
      const parts = nalUnits.flatMap((n) => [START_CODE, n]);
      if (key && !hasSps) parts.unshift(this.parameterSets);
      this.onAccessUnit({ data: Buffer.concat(parts), key });
    }
  }
}

/** AVCC: each NAL unit after its 4-byte big-endian length. */
function splitLengthPrefixed(payload: Buffer): Buffer[] {
  const units: Buffer[] = [];
  for (let at = 0; at + 4 <= payload.length;) {
    const length = payload.readUInt32BE(at);
    units.push(payload.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return units;
}

/** The SPS and PPS of an AVCDecoderConfigurationRecord, as Annex-B NAL units. */
function parameterSetsOf(record: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 5;
  for (const countMask of [0x1f, 0xff]) {
    const count = (record[at++] ?? 0) & countMask;
    for (let i = 0; i < count && at + 2 <= record.length; i++) {
      const length = record.readUInt16BE(at);
      parts.push(START_CODE, record.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    }
  }
  return Buffer.concat(parts);
}
