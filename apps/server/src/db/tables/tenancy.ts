import type { Generated } from 'kysely';

// Tenants, their clients (white-label apps) and what each client shows.

export interface TenantTable {
  id: number;
  name: string;
  created_at: number;
}

export interface ClientTable {
  id: Generated<number>;
  tenant_id: number;
  client_no: string;
  name: string;
  logo_url: string;
  theme: string;
  platform: string;
  ai_mode: number;
  created_at: number;
  /** The logo in the blob store (issue 22); null: the product's own. */
  logo_sha256: string | null;
}

export interface ClientFunctionTable {
  client_id: number;
  function_key: string;
  name: string;
  props: string;
  enable: number;
  sort: number;
}

export interface ClientConfigTable {
  client_id: number;
  config_key: string;
  value: string;
}

export interface TenantConfigTable {
  tenant_id: number;
  config_key: string;
  value: string;
}

export interface AgreementTable {
  id: Generated<number>;
  client_id: number;
  type: number;
  /** JSON texts by language: `{ "zh-CN": …, "en-US": … }` (see CatalogueText). */
  name: string;
  content: string;
  update_time: number;
}

export interface AdvertisementTable {
  id: Generated<number>;
  tenant_id: number;
  /** The client it shows in; null for every client of the tenant (those made before issue 29). */
  client_id: number | null;
  position: number;
  platform_no: string;
  title: string;
  image_url: string;
  link_url: string;
  sort: number;
  enabled: number;
  /** Its picture in the blob store, served under the client's brand (issue 64); null: `image_url` elsewhere. */
  image_sha256: string | null;
}

export interface CustomerServiceTable {
  client_id: number;
  qr_code_url: string;
  link: string;
  work_time: string;
  /** A QR picture the admin CLI keeps in the blob store, served under the client's brand (issue 24). */
  qr_code_sha256: string | null;
}
