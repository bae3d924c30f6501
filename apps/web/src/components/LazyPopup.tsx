import { useEffect, useState } from 'react';
import { Popup, type PopupProps } from 'antd-mobile';

/**
 * antd-mobile's Popup, mounted the first time it opens. A hidden Popup still sets up its sheet's and
 * mask's springs and its swipe gesture: on a page holding several (the phone view holds three) that
 * was its costliest render on a slow phone (bench/web, issue 28). Opened by the user, it mounts hidden
 * and opens a frame later, so it slides in as always; open from its first render, it shows at once.
 * Once mounted it stays, like a Popup that is always there.
 */
export function LazyPopup({ visible = false, ...props }: PopupProps) {
  const [mounted, setMounted] = useState(visible);
  const [ready, setReady] = useState(visible);
  if (visible && !mounted) setMounted(true);
  useEffect(() => {
    if (!mounted || ready) return;
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, [mounted, ready]);
  return mounted ? <Popup {...props} visible={visible && ready} /> : null;
}
