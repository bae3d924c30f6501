import type { DeviceHost } from '@cloudphone/device-host/host';
import type { DeviceHostClient } from './device-host-client';

/** The device host running inside the server process (`npm start`). */
export class EmbeddedHostClient implements DeviceHostClient {
  readonly name = 'embedded';
  readonly publicUrl = '';

  constructor(private readonly host: DeviceHost) {}

  async createInstance(): Promise<{ instanceNo: string }> {
    return { instanceNo: this.host.fleet.create().instanceNo };
  }

  async revoke(instanceNo: string, userId: number | null): Promise<void> {
    this.host.revoke(instanceNo, userId);
  }
}
