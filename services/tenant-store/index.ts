import { getDatabase } from '../db/database';
import { tenantStoreOver, type TenantStore } from './tenant-store';

export {
  AUDIT_ACTIONS,
  canonicalDocument,
  createTenantStore,
  DEFAULT_AUDIT_LIMIT,
  type AuditEntry,
  type DocumentIssue,
  type FieldChange,
  type ImportResult,
  type PublishedTenant,
  type PublishInput,
  type PublishResult,
  type ScheduledPublish,
  type ScheduleOutcome,
  type ScheduleRefusal,
  type ScheduleResult,
  type TenantStore,
  type TenantStoreOptions,
  type TenantVersion,
  type Validate,
  type VersionSummary,
} from './tenant-store';

// The store holds no state of its own: one per process over the process-wide database.
let store: TenantStore | undefined;

/** The tenant version store over the platform database (DATABASE_URL), opened and migrated on first use. */
export function getTenantStore(): TenantStore {
  store ??= tenantStoreOver(() => getDatabase());
  return store;
}
