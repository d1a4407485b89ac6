/**
 * `npm run leads`: the leads and their delivery state on the database named by DATABASE_URL.
 *   npm run leads                 recent leads, the outbox at a glance, deliveries still retrying,
 *                                 deliveries given up on (dead)
 *   npm run leads -- --retry      make every pending delivery due now, and every dead one pending again
 *   npm run leads -- --deliver    deliver what is due now from this shell (same code as the server)
 *   npm run leads -- --limit 50   show more leads
 */
import { getDatabase } from '../services/db/database';
import { deliverDue, outboxState, retryDeliveries } from '../services/leads/outbox';
import { createLeadTransport, transportOptionsFromEnv } from '../services/leads/transports';
import { leadFieldText, loadLead } from '../services/leads/lead-record';
import { getStockRepository } from '../services/stock';
import { leadSite } from '../server/background/lead-delivery';
import { loadPublishedTenantsOnce } from '../server/background/tenant-sync';
import { runMain } from './run-main';

const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const LIMIT = limitAt >= 0 ? Number(args[limitAt + 1]) || 20 : 20;

const field = leadFieldText;
/** The most dead deliveries listed; the count above them is always the full one. */
const DEAD_SHOWN = 100;

async function main(): Promise<number> {
  const db = await getDatabase();
  // Lead e-mails name the site as the server serves it: its published version when it has one.
  await loadPublishedTenantsOnce();
  if (args.includes('--retry')) {
    const retry = await retryDeliveries(db, new Date());
    console.log(
      `${retry.due} pending deliveries are due now${retry.claimed > 0 ? ` (${retry.claimed} of them held by a worker right now, left to it)` : ''}; ${retry.revived} dead deliveries are pending again, due now, with a fresh run of attempts.`,
    );
  }
  if (args.includes('--deliver')) {
    const stock = await getStockRepository();
    const run = await deliverDue(
      {
        db,
        transport: createLeadTransport(transportOptionsFromEnv()),
        loadLead: (id) => loadLead(db, stock, leadSite, id),
        now: () => new Date(),
      },
      500,
    );
    console.log(
      `Delivered ${run.delivered}, failed ${run.failed} (failed ones are retried later), given up on ${run.dead}${run.unrecorded > 0 ? `, sent but not yet recorded ${run.unrecorded}` : ''}.`,
    );
  }
  const leads = await db.selectFrom('leads').selectAll().orderBy('id', 'desc').limit(LIMIT).execute();
  console.log(`Latest ${leads.length} leads:`);
  for (const l of leads) {
    const who = `${field(l.fields, 'name')} ${field(l.fields, 'last_name')}`.trim() || '(no name)';
    const flags = [l.form_completed ? '' : `step ${l.step + 1}, not finished`, l.spam ? 'SPAM (honeypot)' : '']
      .filter(Boolean)
      .join(', ');
    console.log(
      `  #${l.id} ${l.created_at} ${l.tenant} ${l.form} "${l.category}" ${who}${l.car_id ? ` car ${l.car_id}` : ''}${flags ? ` [${flags}]` : ''}`,
    );
  }
  const state = await outboxState(db);
  console.log(
    `Outbox: ${state.delivered} delivered, ${state.pending} pending (${state.retrying} retrying), ${state.dead} dead${state.oldestPending ? `, oldest pending since ${state.oldestPending}` : ''}.`,
  );
  const failing = await db
    .selectFrom('lead_deliveries')
    .selectAll()
    .where('status', '=', 'pending')
    .where('attempts', '>', 0)
    .orderBy('next_attempt_at')
    .limit(20)
    .execute();
  for (const d of failing)
    console.log(
      `  lead #${d.lead_id} -> ${d.kind}: ${d.attempts} attempts, next ${d.next_attempt_at}: ${d.last_error ?? ''}`,
    );
  if (state.dead > 0) {
    // Given up on: nothing sends these any more, so they are listed in full (up to DEAD_SHOWN).
    const dead = await db
      .selectFrom('lead_deliveries')
      .select(['lead_id', 'kind', 'attempts', 'dead_at', 'last_error'])
      .where('status', '=', 'dead')
      .orderBy('dead_at', 'desc')
      .limit(DEAD_SHOWN)
      .execute();
    console.log(
      `Dead deliveries (given up on, not retried): ${state.dead}${state.dead > dead.length ? `, latest ${dead.length} shown` : ''}. \`npm run leads -- --retry\` sends them again.`,
    );
    for (const d of dead)
      console.log(
        `  lead #${d.lead_id} -> ${d.kind}: ${d.attempts} attempts, dead since ${d.dead_at ?? '?'}: ${d.last_error ?? ''}`,
      );
  }
  await db.destroy();
  return 0;
}

runMain(main);
