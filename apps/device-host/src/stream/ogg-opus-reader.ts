const CAPTURE = Buffer.from('OggS');
const HEADER_BYTES = 27;

/**
 * Opus packets out of an Ogg stream as ffmpeg writes it (issue 59): pages — "OggS", a header, a
 * segment table — whose segments join into packets (a segment of 255 bytes continues the packet, a
 * shorter one ends it, across pages too). The stream's own headers (OpusHead, OpusTags) are not sound.
 */
export class OggOpusReader {
  private pending: Buffer = Buffer.alloc(0);
  private packet: Buffer[] = [];

  constructor(private readonly onPacket: (packet: Buffer) => void) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      const start = this.pending.indexOf(CAPTURE);
      if (start < 0 || this.pending.length < start + HEADER_BYTES) return;
      const segments = this.pending[start + 26]!;
      const table = start + HEADER_BYTES;
      if (this.pending.length < table + segments) return;
      const lacing = this.pending.subarray(table, table + segments);
      const size = lacing.reduce((sum, l) => sum + l, 0);
      let at = table + segments;
      if (this.pending.length < at + size) return;
      for (const length of lacing) {
        this.packet.push(this.pending.subarray(at, at + length));
        at += length;
        if (length < 255) this.emit();
      }
      this.pending = this.pending.subarray(at);
    }
  }

  private emit(): void {
    const packet = Buffer.concat(this.packet);
    this.packet = [];
    const head = packet.subarray(0, 8).toString('latin1');
    if (head !== 'OpusHead' && head !== 'OpusTags') this.onPacket(packet);
  }
}
