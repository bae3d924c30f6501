/**
 * How the control plane drives a device host (DESIGN §4). The host inside the server process is
 * called directly; a separate host (scale-out, DESIGN §8) gets an HTTP client of the same shape.
 */
export interface DeviceHostClient {
  /** The name the host is registered under. */
  readonly name: string;
  /** Where clients reach the host; empty when it shares the server's origin. */
  readonly publicUrl: string;
  createInstance(): Promise<{ instanceNo: string }>;
  /** Access to an instance ended early: the host closes the streams and refuses earlier keys. */
  revoke(instanceNo: string, userId: number | null): Promise<void>;
}
