/**
 * The device host's public entry (issue 21): all the control plane may use of it. The server drives
 * a separate host through the host contract in `@cloudphone/contracts/host-api`; the host it embeds
 * (`npm start`) it builds and mounts from here, and nothing deeper.
 */
export { DeviceHost, type ControlPlane, type DeviceHostOptions, type HostListener } from './host';
export { deviceHostPlugin, type DeviceHostPluginOptions } from './plugin';
export { inProcessHostApi, type HostBytes, type InProcessAnswer } from './host-api/host-api-handlers';
export { HttpControlPlane } from './policy/http-control-plane';
export { HANDSETS } from './drivers/virtual/catalogue';
export { isLuhnValid } from './drivers/virtual/identity';
/** How long a phone boots and each task takes: real durations, which tests and benches wait out. */
export { BOOT_MS, TASK_DURATION_MS } from './phones/tasks';
export { adbFrom } from './config';
export { phoneDriverFrom } from './drivers/driver-choice';
export { diskReserveFrom } from './phones/disk-floor';
