import { H264Encoder, type EncoderShape } from './h264-encoder';

/** A spare nobody took for this long is let go: it only holds memory. */
const SPARE_KEPT_MS = 10 * 60_000;

interface Spare {
  encoder: H264Encoder;
  /** When an unused spare is let go; none for a standing shape's. */
  expiry: NodeJS.Timeout | undefined;
}

/**
 * Encoders started before they are needed. Starting ffmpeg takes tens of milliseconds, which a first
 * frame — and a key frame for a viewer who joins a phone already streaming — would otherwise wait
 * for; a spare of each shape in use is already running, idle (a process blocked on its input costs
 * no CPU). A shape gets one once it has been asked for (kept 10 minutes), or for good once the host
 * says its phones' viewers will most likely ask for it (`keepReady`).
 */
export class EncoderPool {
  private readonly spares = new Map<string, Spare>();
  private readonly running = new Set<H264Encoder>();
  /** Shapes whose spare never expires: taken, it is replaced as any other. */
  private readonly standing = new Set<string>();
  private closed = false;
  /** CPU seconds of the encoders already let go. */
  private spentCpuSeconds = 0;

  constructor(private readonly ffmpegPath: string) {}

  /** A running encoder of this shape; it counts as in use until `release`. */
  take(shape: EncoderShape): H264Encoder {
    const key = shapeKey(shape);
    const spare = this.spares.get(key);
    this.spares.delete(key);
    if (spare) clearTimeout(spare.expiry);
    const encoder = spare?.encoder.alive ? spare.encoder : new H264Encoder(this.ffmpegPath, shape);
    if (spare && encoder !== spare.encoder) this.letGo(spare.encoder);
    this.running.add(encoder);
    // The next spare starts once this one's first frame is out: starting ffmpeg (a fork, then its
    // own set-up) while that frame is encoded would make it wait for the CPU.
    encoder.afterFirstFrame = () => this.keepSpare(key, shape);
    return encoder;
  }

  /**
   * Keeps a spare of each shape running from now on, before anyone asks for it: the host's first
   * stream then starts at once instead of waiting for ffmpeg. The cost is memory only — an idle
   * ffmpeg blocked on its input uses no CPU, but holds ≈ 26 MB (720×1280; 17 MB at 360×640).
   */
  keepReady(shapes: readonly EncoderShape[]): void {
    for (const shape of shapes) {
      const key = shapeKey(shape);
      this.standing.add(key);
      this.keepSpare(key, shape);
    }
  }

  /** The shapes a spare is running for now, idle until a feed takes it. */
  get readyShapes(): EncoderShape[] {
    return [...this.spares.values()].map(({ encoder }) => encoder.shape);
  }

  release(encoder: H264Encoder): void {
    if (this.running.delete(encoder)) this.letGo(encoder);
  }

  /** Encoders encoding a phone's picture now (spares not counted). */
  get inUse(): number {
    return this.running.size;
  }

  /** CPU seconds every encoder this pool started has used, spares included: it only grows. */
  cpuSeconds(): number {
    let seconds = this.spentCpuSeconds;
    for (const encoder of this.running) seconds += encoder.cpuSeconds();
    for (const { encoder } of this.spares.values()) seconds += encoder.cpuSeconds();
    return seconds;
  }

  close(): void {
    this.closed = true;
    for (const { encoder, expiry } of this.spares.values()) {
      clearTimeout(expiry);
      encoder.close();
    }
    this.spares.clear();
    for (const encoder of this.running) encoder.close();
    this.running.clear();
  }

  private letGo(encoder: H264Encoder): void {
    encoder.close();
    this.spentCpuSeconds += encoder.cpuSeconds();
  }

  private keepSpare(key: string, shape: EncoderShape): void {
    if (this.closed || this.spares.has(key)) return;
    const encoder = new H264Encoder(this.ffmpegPath, shape);
    const expiry = this.standing.has(key)
      ? undefined
      : setTimeout(() => {
          this.spares.delete(key);
          this.letGo(encoder);
        }, SPARE_KEPT_MS).unref();
    this.spares.set(key, { encoder, expiry });
  }
}

function shapeKey({ width, height, fps, bitrateKbps, peakKbps }: EncoderShape): string {
  return `${width}x${height}@${fps}/${bitrateKbps}^${peakKbps ?? ''}`;
}
