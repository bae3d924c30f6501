import { useEffect, useRef, useState } from 'react';
import type { PhoneStatus } from '@cloudphone/contracts/stream';
import { useViewKeys } from '../phone-keys';
import { PhonePreviews, previewsUrlOf } from './phone-previews';

/** One host's preview socket and the phones its subscription feeds, in subscription order. */
interface HostSubscription {
  url: string;
  userPhoneIds: number[];
  accessKeys: string[];
}

/** Groups phones by the host that streams them, so each host gets one socket. */
function subscriptionsByHost(
  userPhoneIds: readonly number[],
  keys: ReadonlyMap<number, { accessKey: string; streamUrl: string }>,
): HostSubscription[] {
  const hosts = new Map<string, HostSubscription>();
  for (const id of userPhoneIds) {
    const token = keys.get(id);
    if (!token) continue;
    const url = previewsUrlOf(token.streamUrl);
    const host = hosts.get(url) ?? { url, userPhoneIds: [], accessKeys: [] };
    host.userPhoneIds.push(id);
    host.accessKeys.push(token.accessKey);
    hosts.set(url, host);
  }
  return [...hosts.values()];
}

/**
 * Live pictures of phones over one preview socket per host (DESIGN §4), for the grids and sync
 * control's followers. Pictures are drawn straight into each phone's canvas (hand it to `canvasRef`),
 * outside React's render cycle; `liveStatus` is what the host says of each phone meanwhile.
 */
export function usePhonePreviews(userPhoneIds: readonly number[], width: number) {
  const keys = useViewKeys(userPhoneIds);
  // Subscribe once the keys are in, and again only when they change, not on every render.
  const hostsKey = keys.data ? JSON.stringify(subscriptionsByHost(userPhoneIds, keys.data)) : '[]';
  const canvases = useRef(new Map<number, HTMLCanvasElement>());
  const [liveStatus, setLiveStatus] = useState<Record<number, PhoneStatus>>({});

  useEffect(() => {
    const subscriptions = JSON.parse(hostsKey) as HostSubscription[];
    const sockets = subscriptions.map(({ url, userPhoneIds: ids, accessKeys }) => {
      const previews = new PhonePreviews(url, {
        onPicture: (index, picture) => {
          const id = ids[index];
          const canvas = id === undefined ? undefined : canvases.current.get(id);
          if (canvas) {
            if (canvas.width !== picture.width) canvas.width = picture.width;
            if (canvas.height !== picture.height) canvas.height = picture.height;
            canvas.getContext('2d')?.drawImage(picture, 0, 0);
            canvas.dataset.pictures = String(Number(canvas.dataset.pictures ?? 0) + 1);
          }
          picture.close();
        },
        onStatus: (index, status) => {
          const id = ids[index];
          if (id !== undefined) setLiveStatus((s) => ({ ...s, [id]: status }));
        },
      });
      previews.subscribe(accessKeys, width);
      return previews;
    });
    return () => sockets.forEach((s) => s.close());
  }, [hostsKey, width]);

  /** The canvas of phone `userPhoneId`, as a ref callback. */
  const canvasRef = (userPhoneId: number) => (canvas: HTMLCanvasElement | null) => {
    if (canvas) canvases.current.set(userPhoneId, canvas);
    else canvases.current.delete(userPhoneId);
  };
  return { canvasRef, liveStatus };
}
