import { FrameKind, type Definition } from '@cloudphone/contracts/stream';
import type { DrivenPhone, EncodedScreen } from '../drivers/phone-driver';
import { pictureOfKeyFrame, streamFrame, type Picture } from './feed-viewer';

/**
 * The phone's own H.264 at a definition (its driver encodes its screen, issue 60), passed to a feed as
 * it comes — each unit a frame of the stream contract. What the picture is — its size and codec string —
 * its key frames' SPS says (a device may send Main or High, at a size of its own): the feed hears it
 * before the frame.
 */
export class EncodedPass {
  private readonly screen: EncodedScreen;
  private picture: Picture | undefined;

  constructor(
    phone: DrivenPhone,
    definition: Definition,
    feed: { picture(picture: Picture): void; frame(frame: Buffer, key: boolean): void },
  ) {
    const screen = (this.screen = phone.encodedScreen!(definition));
    screen.onUnit((unit, key, at) => {
      const picture = key && pictureOfKeyFrame(unit, this.picture, screen.size, definition, phone.orientation);
      if (picture) feed.picture((this.picture = picture));
      feed.frame(streamFrame(key ? FrameKind.h264Key : FrameKind.h264Delta, at, unit), key);
    });
  }

  requestKeyFrame(): void {
    this.screen.requestKeyFrame();
  }

  close(): void {
    this.screen.close();
  }
}
