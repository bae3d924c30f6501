import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

/**
 * antd-mobile renders Toast and Dialog through its own root; on React 19 it needs this shim or they
 * never appear. The app and the unit tests both install it.
 */
export function installAntdMobileRender(): void {
  unstableSetRender((node, container) => {
    const host = container as Element & { __cpRoot?: Root };
    host.__cpRoot ??= createRoot(host);
    const root = host.__cpRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete host.__cpRoot;
    };
  });
}
