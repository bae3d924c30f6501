/** The frames since the last key frame are kept for joiners up to these; past them a joiner asks a key frame. */
const CACHED_FRAMES_MAX = 60;
const CACHED_BYTES_MAX = 1024 * 1024;

/**
 * A feed's frames since its last key frame, key frame first (a streaming server's GOP cache): they
 * decode to the picture as it is now, so a viewer who joins starts from them instead of a new key frame.
 */
export class KeyFrameCache {
  private cached: { frames: Buffer[]; bytes: number } | null = null;

  /** The frames a joiner decodes the picture from; none until a key frame, or past the caps. */
  get frames(): readonly Buffer[] {
    return this.cached?.frames ?? [];
  }

  add(frame: Buffer, key: boolean): void {
    if (key) this.cached = { frames: [], bytes: 0 };
    if (!this.cached) return;
    this.cached.frames.push(frame);
    this.cached.bytes += frame.length;
    if (this.cached.frames.length > CACHED_FRAMES_MAX || this.cached.bytes > CACHED_BYTES_MAX) this.cached = null;
  }

  /** A new picture: a joiner waits for its first key frame. */
  clear(): void {
    this.cached = null;
  }
}
