/**
 * What an H.264 sequence parameter set says of a stream (ITU-T H.264 §7.3.2.1.1, E.1.1): its profile
 * and level, and whether a decoder may hold frames back to reorder them (issue 57: a stream with
 * `maxNumReorderFrames` 0 is shown as each frame arrives). For our encoder's stream and, later, a
 * driver's own.
 */
export interface SequenceParameters {
  profileIdc: number;
  /** constraint_set0..5 flags and reserved bits: the byte between profile and level. */
  constraintFlags: number;
  levelIdc: number;
  width: number;
  height: number;
  /** From the VUI's bitstream restriction; undefined when the stream does not say (a decoder may then wait). */
  maxNumReorderFrames: number | undefined;
  maxDecFrameBuffering: number | undefined;
}

const NAL_SPS = 7;
/** Profiles whose SPS carries chroma format, bit depths and scaling matrices. */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/** The SPS of an Annex-B access unit (a key frame carries one), read; undefined when there is none. */
export function readSequenceParameters(annexB: Uint8Array): SequenceParameters | undefined {
  const nal = nalUnits(annexB).find((unit) => (unit[0]! & 0x1f) === NAL_SPS);
  return nal && parseSps(withoutEmulationPrevention(nal.subarray(1)));
}

/**
 * The codec string WebCodecs configures a decoder with (RFC 6381 `avc1.PPCCLL`): a device may send
 * Main or High where our encoder sends Baseline (issue 60).
 */
export function codecStringOf(sps: SequenceParameters): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
  return `avc1.${hex(sps.profileIdc)}${hex(sps.constraintFlags)}${hex(sps.levelIdc)}`;
}

/** The NAL units between Annex-B start codes. */
export function nalUnits(annexB: Uint8Array): Uint8Array[] {
  const starts: number[] = [];
  for (let i = 0; i + 2 < annexB.length; i++)
    if (annexB[i] === 0 && annexB[i + 1] === 0 && annexB[i + 2] === 1) starts.push((i += 2) + 1);
  return starts.map((start, n) => {
    let end = n + 1 < starts.length ? starts[n + 1]! - 3 : annexB.length;
    while (end > start && annexB[end - 1] === 0) end--; // a four-byte start code's leading zero
    return annexB.subarray(start, end);
  });
}

/** The RBSP: every 0x000003 loses its 0x03. */
function withoutEmulationPrevention(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of bytes) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

class BitReader {
  private bit = 0;
  constructor(private readonly bytes: Uint8Array) {}

  u(n: number): number {
    let value = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.bytes[this.bit >> 3];
      if (byte === undefined) throw new Error('SPS ends early');
      value = value * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return value;
  }

  flag(): boolean {
    return this.u(1) === 1;
  }

  /** Exp-Golomb, unsigned. */
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) zeros++;
    return 2 ** zeros - 1 + this.u(zeros);
  }

  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -k / 2;
  }
}

function parseSps(rbsp: Uint8Array): SequenceParameters {
  const r = new BitReader(rbsp);
  const profileIdc = r.u(8);
  const constraintFlags = r.u(8);
  const levelIdc = r.u(8);
  r.ue(); // seq_parameter_set_id
  let chromaFormatIdc = 1;
  if (HIGH_PROFILES.has(profileIdc)) {
    chromaFormatIdc = r.ue();
    if (chromaFormatIdc === 3) r.u(1);
    r.ue(); // bit depths
    r.ue();
    r.u(1);
    if (r.flag())
      for (let i = 0; i < (chromaFormatIdc === 3 ? 12 : 8); i++) if (r.flag()) skipScalingList(r, i < 6 ? 16 : 64);
  }
  r.ue(); // log2_max_frame_num_minus4
  const pocType = r.ue();
  if (pocType === 0) r.ue();
  else if (pocType === 1) {
    r.u(1);
    r.se();
    r.se();
    const cycle = r.ue();
    for (let i = 0; i < cycle; i++) r.se();
  }
  r.ue(); // max_num_ref_frames
  r.u(1);
  const widthMbs = r.ue() + 1;
  const heightUnits = r.ue() + 1;
  const frameMbsOnly = r.flag();
  if (!frameMbsOnly) r.u(1);
  r.u(1); // direct_8x8_inference
  const crop = { left: 0, right: 0, top: 0, bottom: 0 };
  if (r.flag()) {
    crop.left = r.ue();
    crop.right = r.ue();
    crop.top = r.ue();
    crop.bottom = r.ue();
  }
  const cropX = chromaFormatIdc === 3 ? 1 : 2;
  const cropY = (chromaFormatIdc === 1 ? 2 : 1) * (frameMbsOnly ? 1 : 2);
  const sps: SequenceParameters = {
    profileIdc,
    constraintFlags,
    levelIdc,
    width: widthMbs * 16 - cropX * (crop.left + crop.right),
    height: heightUnits * 16 * (frameMbsOnly ? 1 : 2) - cropY * (crop.top + crop.bottom),
    maxNumReorderFrames: undefined,
    maxDecFrameBuffering: undefined,
  };
  if (r.flag()) readVui(r, sps);
  return sps;
}

function skipScalingList(r: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j++) {
    if (next !== 0) next = (last + r.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

function readVui(r: BitReader, sps: SequenceParameters): void {
  if (r.flag() && r.u(8) === 255) r.u(32); // aspect ratio, extended SAR
  if (r.flag()) r.u(1); // overscan
  if (r.flag()) {
    r.u(4); // video format, full range
    if (r.flag()) r.u(24); // colour description
  }
  if (r.flag()) {
    r.ue(); // chroma sample locations
    r.ue();
  }
  if (r.flag()) r.u(65); // timing: num_units_in_tick, time_scale, fixed_frame_rate
  const nalHrd = r.flag();
  if (nalHrd) skipHrd(r);
  const vclHrd = r.flag();
  if (vclHrd) skipHrd(r);
  if (nalHrd || vclHrd) r.u(1); // low_delay_hrd
  r.u(1); // pic_struct_present
  if (!r.flag()) return; // bitstream_restriction
  r.u(1);
  r.ue(); // max_bytes_per_pic_denom
  r.ue(); // max_bits_per_mb_denom
  r.ue(); // log2_max_mv_length_horizontal, vertical
  r.ue();
  sps.maxNumReorderFrames = r.ue();
  sps.maxDecFrameBuffering = r.ue();
}

function skipHrd(r: BitReader): void {
  const count = r.ue() + 1;
  r.u(8); // bit_rate_scale, cpb_size_scale
  for (let i = 0; i < count; i++) {
    r.ue();
    r.ue();
    r.u(1);
  }
  r.u(20); // four delay and length fields of 5 bits
}
