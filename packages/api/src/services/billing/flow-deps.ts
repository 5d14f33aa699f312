// What the customer-facing billing flows (plan change, cancellation, scheduled change, portal) use: the database,
// the config, the usage log and the billing service. Request details stay in the routers, which pass the
// endpoint the usage entry names and the address the browser returns to (urls.ts) as plain values.
import type { Db } from '@app/db';
import type { AppConfig } from '../../config.js';
import type { UsageLogger } from '../usage-log.js';
import type { BillingService } from './index.js';

export interface BillingFlowDeps {
  db: Db;
  config: AppConfig;
  usage: Pick<UsageLogger, 'log'>;
  billing: Pick<BillingService, 'provider' | 'deps' | 'view'>;
}
