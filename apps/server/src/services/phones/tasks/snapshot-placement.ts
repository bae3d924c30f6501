import type { BlobStore, StoredBlob } from '../../../providers/blob-store/blob-store';
import type { DeviceHostClient } from '../../../providers/device-hosts/device-host-client';
import type { RepositoriesOf } from '../../../repositories/index';
import type { TemplateRow } from '../../../repositories/template.repository';
import type { DeviceHostsService } from '../../hosts/device-hosts.service';

/**
 * A phone on another host than its template's gets the template's snapshot first (spec: templates
 * move between hosts), through the blob store (issue 21): the template's host streams it there once,
 * and every other host fetches it by its hash, as pushed files are — the API node never holds it whole.
 */
export class SnapshotPlacement {
  constructor(
    private readonly repos: RepositoriesOf<'templates'>,
    private readonly hosts: DeviceHostsService,
    private readonly blobs: BlobStore,
  ) {}

  /** Puts the template's snapshot on the host `hostId` (reached by `client`), unless it has it already. */
  async place(template: TemplateRow, hostId: number, client: DeviceHostClient): Promise<void> {
    if (hostId === template.deviceHostId || (await client.snapshotInfo(template.snapshotId))) return;
    await client.placeSnapshot(template.snapshotId, await this.blobOf(template));
  }

  private async blobOf(template: TemplateRow): Promise<StoredBlob> {
    if (template.snapshotBlob) return template.snapshotBlob;
    const bytes = await this.hosts.client(template.deviceHostId)?.readSnapshot(template.snapshotId);
    if (!bytes) throw new Error(`template ${template.id}: its host does not answer with its snapshot`);
    const blob = await this.blobs.write(bytes);
    await this.repos.templates.setSnapshotBlob(template.id, blob);
    return blob;
  }
}
