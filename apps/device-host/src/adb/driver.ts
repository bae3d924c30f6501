import type { Duplex } from 'node:stream';

/**
 * The driver seam (DESIGN §4) on the ADB side: the front door (TCP, CNXN, AUTH, streams and flow
 * control) knows nothing of virtual phones. It asks a phone's driver to open a service by adb's name
 * (`shell,v2,raw:getprop`, `exec:cmd package install -S 12`, `sync:`, `reboot:`) and carries the
 * bytes of the duplex it gets back. The emulated daemon of our virtual phones is one driver; a
 * device's own adbd, relayed, is the other (issue 61).
 */
export interface AdbDriver {
  /** What the device's CNXN banner says of it. */
  banner(): AdbBanner;
  /** Whether the device answers now: a phone restarting or switched off has no adbd to answer. */
  online(): boolean;
  /**
   * The service's stream (what the client writes arrives on its writable side, what it reads comes
   * from its readable side; the stream's end closes it), or null when the device refuses it — adb
   * then closes the stream at once and the client says `error: closed`.
   */
  open(service: string, caller: AdbCaller): Promise<Duplex | null>;
}

export interface AdbBanner {
  /** ro.product.name, ro.product.model and ro.product.device, as `adb devices -l` shows them. */
  product: string;
  model: string;
  device: string;
  /** What the daemon supports (adb's feature names: shell_v2, cmd, stat_v2…); the client chooses by them. */
  features: readonly string[];
}

/** Who opened the service: the phone's owner, signed in with a key of the endpoint. */
export interface AdbCaller {
  /** The owner's access key given with the endpoint: what the control plane decides a reboot by. */
  accessKey?: string;
  /** The connection's own name on the host: what holds the phone while it writes (`adb:<connection>`). */
  connection: string;
}

/**
 * What our daemons tell adb they support — the emulated one and a device's behind the relay alike,
 * since the front door decides what the client may ask. `abb_exec`, `apex` and `sendrecv_v2` are
 * left out on purpose: adb 29+ then installs through `exec:cmd package install -S` and pushes with
 * sync's first SEND, which both read.
 */
export const ADB_FEATURES = ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir', 'fixed_push_symlink_timestamp'];

/** adbd's answer to `root:` and `unroot:` on a user build; the root switch is the owner's, in the phone's menu. */
export const ADB_NO_ROOT = 'adbd cannot run as root in production builds\n';

/** The CNXN payload of a device (adb's get_connection_string): `device::` and its properties. */
export function bannerText(banner: AdbBanner): string {
  const props = [
    `ro.product.name=${banner.product}`,
    `ro.product.model=${banner.model}`,
    `ro.product.device=${banner.device}`,
    `features=${banner.features.join(',')}`,
  ];
  return `device::${props.join(';')}`;
}
