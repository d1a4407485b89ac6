import { randomBytes } from 'node:crypto';
import type { PlatformDb } from '../db/database';
import type { PaymentIntentTable } from '../db/schema';

export interface PaymentIntentInput {
  tenant: string;
  reservationId: number;
  /** Whole cents (a $200 deposit is 20000). */
  amountCents: number;
  /** ISO 4217, e.g. AUD. */
  currency: string;
  description: string;
}

export interface CreatedPaymentIntent {
  /** The platform's own id for the intent: random, safe to put in a shopper's URL. */
  id: string;
  status: 'unpaid' | 'paid';
  /** Where to send the shopper to pay, when the provider hosts the payment page. */
  redirectUrl?: string;
}

/**
 * Takes a reservation deposit. Card details go from the shopper to the provider only: the
 * platform stores the intent (amount, status, the provider's reference) and never a card field.
 */
export interface PaymentProvider {
  readonly name: string;
  createIntent(input: PaymentIntentInput): Promise<CreatedPaymentIntent>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The platform's id of the intent recorded as failed. */
    readonly intentId: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** 144 random bits: an intent id cannot be guessed from another one or from the reservation. */
export function newPaymentIntentId(): string {
  return `pi_${randomBytes(18).toString('base64url')}`;
}

function checkInput(input: PaymentIntentInput): void {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0)
    throw new RangeError(`amountCents must be a whole number of cents, got ${input.amountCents}`);
  if (!/^[A-Z]{3}$/.test(input.currency))
    throw new RangeError(`currency must be an ISO 4217 code such as AUD, got "${input.currency}"`);
}

/** Stores the intent and points its reservation at it, together. */
async function recordIntent(
  db: PlatformDb,
  input: PaymentIntentInput,
  row: Pick<PaymentIntentTable, 'id' | 'status' | 'provider' | 'provider_ref'>,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payment_intents')
      .values({
        ...row,
        tenant: input.tenant,
        reservation_id: input.reservationId,
        amount_cents: input.amountCents,
        currency: input.currency,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .updateTable('reservations')
      .set({ payment_intent_id: row.id })
      .where('id', '=', input.reservationId)
      .execute();
  });
}

/**
 * The default: records the deposit as owed (unpaid) and leaves collecting it to the dealer, who
 * contacts the shopper. No payment page, no card data.
 */
export class EmbeddedPaymentProvider implements PaymentProvider {
  readonly name = 'embedded';

  constructor(
    private readonly db: PlatformDb,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createIntent(input: PaymentIntentInput): Promise<CreatedPaymentIntent> {
    checkInput(input);
    const id = newPaymentIntentId();
    await recordIntent(this.db, input, { id, status: 'unpaid', provider: this.name, provider_ref: null }, this.now());
    return { id, status: 'unpaid' };
  }
}

export interface HttpPaymentProviderOptions {
  url: string;
  /** Sent as a bearer token. */
  key?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

interface ProviderAnswer {
  id: string;
  status: 'unpaid' | 'paid';
  redirectUrl?: string;
}

function parseAnswer(body: unknown): ProviderAnswer | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the answer is not a JSON object';
  const { id, status, redirectUrl } = body as Record<string, unknown>;
  if (typeof id !== 'string' || !id || id.length > 255) return 'the answer has no "id" string';
  if (status !== 'unpaid' && status !== 'paid')
    return `the answer's "status" must be "unpaid" or "paid", got ${JSON.stringify(status)}`;
  if (redirectUrl === undefined || redirectUrl === null) return { id, status };
  if (typeof redirectUrl !== 'string' || !URL.canParse(redirectUrl) || !/^https?:$/.test(new URL(redirectUrl).protocol))
    return 'the answer\'s "redirectUrl" is not an http(s) URL';
  return { id, status, redirectUrl };
}

/**
 * A payment service reached over HTTP (PAYMENT_PROVIDER_URL): it is POSTed the intent as JSON
 * ({intentId, tenant, reservationId, amountCents, currency, description}, Idempotency-Key the
 * intent id) and answers {id, status: 'unpaid' | 'paid', redirectUrl?}; the shopper pays on its
 * page at redirectUrl. Only its id (provider_ref) and status are stored. When it fails or answers
 * nonsense the intent is stored as failed and a PaymentProviderError is thrown.
 */
export class HttpPaymentProvider implements PaymentProvider {
  readonly name = 'http';
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(
    private readonly db: PlatformDb,
    private readonly options: HttpPaymentProviderOptions,
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? (() => new Date());
  }

  async createIntent(input: PaymentIntentInput): Promise<CreatedPaymentIntent> {
    checkInput(input);
    const intentId = newPaymentIntentId();
    let answer: ProviderAnswer | string;
    try {
      const response = await this.fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': intentId,
          ...(this.options.key ? { authorization: `Bearer ${this.options.key}` } : {}),
        },
        body: JSON.stringify({
          intentId,
          tenant: input.tenant,
          reservationId: input.reservationId,
          amountCents: input.amountCents,
          currency: input.currency,
          description: input.description,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      if (!response.ok) answer = `it answered HTTP ${response.status}`;
      else {
        const text = await response.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        answer = parseAnswer(body);
      }
    } catch (error) {
      answer = error instanceof Error ? error.message : String(error);
    }
    if (typeof answer === 'string') {
      await recordIntent(
        this.db,
        input,
        { id: intentId, status: 'failed', provider: this.name, provider_ref: null },
        this.now(),
      );
      throw new PaymentProviderError(
        `The payment provider could not create the deposit's payment: ${answer}`,
        intentId,
      );
    }
    await recordIntent(
      this.db,
      input,
      { id: intentId, status: answer.status, provider: this.name, provider_ref: answer.id },
      this.now(),
    );
    return answer.redirectUrl
      ? { id: intentId, status: answer.status, redirectUrl: answer.redirectUrl }
      : { id: intentId, status: answer.status };
  }
}

/** The embedded provider unless PAYMENT_PROVIDER_URL names an HTTP one (PAYMENT_PROVIDER_KEY its bearer token). */
export function getPaymentProvider(
  db: PlatformDb,
  env: Readonly<Record<string, string | undefined>> = process.env,
): PaymentProvider {
  const url = env.PAYMENT_PROVIDER_URL?.trim();
  if (!url) return new EmbeddedPaymentProvider(db);
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(`PAYMENT_PROVIDER_URL "${url}" is not an http(s) URL.`);
  return new HttpPaymentProvider(db, { url, key: env.PAYMENT_PROVIDER_KEY || undefined });
}
